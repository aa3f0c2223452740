import type { LoanFormData } from './form-data.ts'
import { percentAmount } from './money-rules.ts'

/** The loan-products record of each wizard program (docs/decisions/0033). */
export const PROGRAM_PRODUCT = {
	dscr: 'dscr',
	'short-term-bridge': 'bridge',
	'fix-flip': 'fixFlip',
	construction: 'construction',
} as const

/** The program's maximum LTV in the loan-products record, or undefined for an unknown program. */
export function programMaxLtv(loanProgram: string | undefined, maxLtvByProduct: Partial<Record<string, number>>) {
	const product = loanProgram ? PROGRAM_PRODUCT[loanProgram as keyof typeof PROGRAM_PRODUCT] : undefined
	return product ? maxLtvByProduct[product] : undefined
}

/** The cash-out loan-to-value asked for, in percent: a listed choice or the custom one; null without one. */
export function cashOutPercent(data: Pick<LoanFormData, 'cashOutPercentage' | 'cashOutPercentageOther'>): number | null {
	const text = data.cashOutPercentage === 'other' ? data.cashOutPercentageOther : data.cashOutPercentage
	if (!text) return null
	const percent = percentAmount(text)
	return Number.isFinite(percent) ? percent : null
}

/**
 * docs/decisions/0051: a cash-out above the program's maximum LTV is accepted (a loan officer decides
 * what is possible), and said so, to the visitor on the step and to the officer on the lead.
 */
export function cashOutAboveCap(data: Pick<LoanFormData, 'cashOutPercentage' | 'cashOutPercentageOther'>, maxLtv: number | undefined) {
	const percent = cashOutPercent(data)
	return percent !== null && maxLtv !== undefined && percent > maxLtv ? { percent, maxLtv } : null
}

const shown = (percent: number) => `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`

/** What the visitor reads on the cash-out step. */
export const cashOutCapNotice = ({ percent, maxLtv }: { percent: number; maxLtv: number }) =>
	`${shown(percent)} is above this program's ${shown(maxLtv)} maximum loan-to-value; a loan officer will tell you what is possible.`

/** What the loan officer reads beside the answer. */
export const cashOutCapFlag = ({ maxLtv }: { percent: number; maxLtv: number }) => `above the program's ${shown(maxLtv)} maximum LTV`
