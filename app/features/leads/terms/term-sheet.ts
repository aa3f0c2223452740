import crypto from 'node:crypto'

/**
 * docs/decisions/0095: a verifiable term sheet's code and what its verify page says. Pure: the database side is
 * term-sheet.server.ts.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper has no look-alikes. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_LENGTH = 10

/** 10 characters from 50 random bits: about 10^15 codes, so guessing one of a few thousand takes billions of tries. */
export function newTermSheetCode(random: (size: number) => Buffer = crypto.randomBytes): string {
	const bytes = random(7)
	let bits = 0n
	for (const byte of bytes) bits = (bits << 8n) | BigInt(byte)
	let code = ''
	for (let index = 0; index < CODE_LENGTH; index++) code += ALPHABET[Number((bits >> BigInt(index * 5)) & 31n)]
	return code
}

/**
 * A code as typed or scanned, in its stored form, or null when it cannot be one: case, spaces and dashes do not matter,
 * and the look-alikes Crockford allows read as their digits (I and L as 1, O as 0).
 */
export function normalizeTermSheetCode(typed: string): string | null {
	const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0')
	return code.length === CODE_LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null
}

/** The code as printed: two groups of five ("7KQ2M-X9D4R"). */
export const printedCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`

/**
 * The figures a term sheet keeps (its snapshot) and its verify page shows: no name, e-mail, phone or street address
 * (docs/decisions/0095), so a sheet of an anonymised lead holds nothing personal.
 */
export type TermSheetFigures = {
	program: string
	propertyType: string | null
	/** The property's state by name, or null when the answers name none. */
	state: string | null
	/** The scenario line of the terms panel: program and purpose, amounts, LTV, term. */
	scenario: string
	/** The credit band priced, as the wizard names it. */
	creditBand: string
	/** The terms panel's figures, label and value (quoteRows). */
	rows: Array<[string, string]>
	buildUp: string[]
	notes: string[]
	assumptions: string[]
	borrowerFigures: string[]
	notice: string
}

export type TermSheetState = 'current' | 'expired' | 'superseded'

/**
 * What a verify page says of a sheet found by its code: expired once its expiry passed, else superseded when the
 * published rate sheet is no longer the one it was priced on (genuine, but the figures may differ now), else current.
 */
export function termSheetState(sheet: { expiresAt: Date; rateSheetVersion: number }, currentVersion: number, now: Date): TermSheetState {
	if (sheet.expiresAt.getTime() <= now.getTime()) return 'expired'
	if (sheet.rateSheetVersion !== currentVersion) return 'superseded'
	return 'current'
}
