import { describe, expect, test } from 'vitest'
import { CODE_LENGTH, newTermSheetCode, normalizeTermSheetCode, printedCode, termSheetState } from './term-sheet.ts'

describe('a term sheet code (docs/decisions/0095)', () => {
	test('is 10 characters of Crockford base32, without I, L, O or U', () => {
		const codes = Array.from({ length: 500 }, () => newTermSheetCode())
		for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
		expect(new Set(codes).size).toBe(codes.length)
	})

	test('carries 50 random bits: each of its characters follows its own 5 bits of the random bytes', () => {
		const bytes = (fill: number[]) => () => Buffer.from(fill)
		expect(newTermSheetCode(bytes([0, 0, 0, 0, 0, 0, 0]))).toBe('0000000000')
		expect(newTermSheetCode(bytes([3, 255, 255, 255, 255, 255, 255]))).toBe('ZZZZZZZZZZ')
		// The top 6 of the 56 bits are not used; the lowest 5 bits make the first character.
		expect(newTermSheetCode(bytes([252, 0, 0, 0, 0, 0, 0]))).toBe('0000000000')
		expect(newTermSheetCode(bytes([0, 0, 0, 0, 0, 0, 1]))).toBe('1000000000')
		expect(newTermSheetCode(bytes([2, 0, 0, 0, 0, 0, 0]))).toBe('000000000G')
	})

	test('is read as typed: any case, spaces and its dash, and the look-alikes I, L and O', () => {
		expect(normalizeTermSheetCode(' 7kq2m-x9d4r ')).toBe('7KQ2MX9D4R')
		expect(normalizeTermSheetCode('7KQ2M X9D4R')).toBe('7KQ2MX9D4R')
		expect(normalizeTermSheetCode('IL0O0-00000')).toBe('1100000000')
		for (const wrong of ['', '7KQ2MX9D4', '7KQ2MX9D4R1', '7KQ2MX9D4U', '7KQ2M_X9D4R']) expect(normalizeTermSheetCode(wrong)).toBeNull()
		expect(printedCode('7KQ2MX9D4R')).toBe('7KQ2M-X9D4R')
		expect(CODE_LENGTH).toBe(10)
	})
})

describe('what its verify page says', () => {
	const now = new Date('2026-11-27T12:00:00Z')
	const sheet = (expiresAt: string, rateSheetVersion: number) => ({ expiresAt: new Date(expiresAt), rateSheetVersion })
	test('current until its expiry on the rate sheet it was priced on', () => {
		expect(termSheetState(sheet('2026-11-27T12:00:01Z', 4), 4, now)).toBe('current')
	})
	test('expired from its expiry on, whatever the rate sheet', () => {
		expect(termSheetState(sheet('2026-11-27T12:00:00Z', 4), 4, now)).toBe('expired')
		expect(termSheetState(sheet('2026-11-20T12:00:00Z', 3), 4, now)).toBe('expired')
	})
	test('superseded once another rate sheet is published', () => {
		expect(termSheetState(sheet('2026-12-07T12:00:00Z', 3), 4, now)).toBe('superseded')
	})
})
