import { z } from 'zod'
import { parseDollars } from '#app/features/money/money.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * docs/decisions/0123: the loan a closed lead funded, as the officer records it from the closing: the amount, the note
 * rate, the points and the day it funded. One schema checks the form before posting and the action again.
 */

export const FUNDING_MESSAGES = {
	amount: 'Enter the funded loan amount in whole dollars, like 450,000',
	amountRange: 'Enter a loan amount from $10,000 to $100,000,000',
	rate: 'Enter the note rate in percent with at most three decimals, like 7.125',
	rateRange: 'Enter a rate above 0 % and at most 30 %',
	points: 'Enter the points in percent with at most three decimals, like 1 or 0.5 (0 for none)',
	pointsRange: 'Enter points from 0 to 10',
	fundedOn: 'Enter the day the loan funded',
	future: 'The day the loan funded cannot be after today',
	beforeLead: 'The loan cannot have funded before the lead came in',
	notClosed: 'Set the lead’s status to Closed before recording its funded loan',
	recorded: 'Funded loan recorded',
	corrected: 'Funded loan corrected',
	unchanged: 'The funded loan already has these figures',
	removed: 'Funded loan removed',
	noFunding: 'This lead has no funded loan recorded',
	failed: 'Failed to save the funded loan',
} as const

/** The form's fields, as the dialog posts them and the action reads them (beside `leadId`). */
export const FUNDING_FIELDS = ['amount', 'rate', 'points', 'fundedOn'] as const

export const FUNDING_AMOUNT_MIN = 10_000
export const FUNDING_AMOUNT_MAX = 100_000_000
export const FUNDING_RATE_MAX = 30
export const FUNDING_POINTS_MAX = 10

/**
 * A percent as people type it ("7.125", "7.125 %", ".5", and "7,125" from a phone whose keypad offers a decimal comma:
 * a rate is never in the thousands): at most three decimals; null otherwise.
 */
export function parsePercent(text: string): number | null {
	const compact = text.replace(/[%\s]/g, '').replace(/^(\d*),(\d{1,3})$/, '$1.$2')
	return /^(\d{1,3}(\.\d{0,3})?|\.\d{1,3})$/.test(compact) ? Number(compact) : null
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string) {
	const match = DAY.exec(value)
	if (!match) return false
	const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
	const check = new Date(Date.UTC(year, month - 1, day))
	return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
}

/**
 * The funded loan's form. `today`: the office's date (YYYY-MM-DD), the latest day a loan can have funded; `earliest`:
 * the office's date of the day the lead came in, when the caller knows it (the action checks it against the stored
 * lead in its transaction).
 */
export function leadFundingSchema({ today, earliest }: { today: string; earliest?: string }) {
	return z
		.object({
			leadId: z.uuid('Unknown lead'),
			amount: singleLineText({ message: FUNDING_MESSAGES.amount }),
			rate: singleLineText({ message: FUNDING_MESSAGES.rate }),
			points: singleLineText({ message: FUNDING_MESSAGES.points }).optional(),
			fundedOn: singleLineText({ message: FUNDING_MESSAGES.fundedOn }),
		})
		.transform((value, context) => {
			// Every field's problem at once (the form shows each beside its field); the action answers the first.
			const problems = [amountProblem(value.amount), rateProblem(value.rate), pointsProblem(value.points), dayProblem(value.fundedOn)]
			for (const [index, path] of FUNDING_FIELDS.entries()) {
				const problem = problems[index]
				if (typeof problem === 'string') context.addIssue({ code: 'custom', path: [path], message: problem })
			}
			const [amount, rate, points, fundedOn] = problems
			if (typeof amount !== 'number' || typeof rate !== 'number' || typeof points !== 'number' || typeof fundedOn !== 'object')
				return z.NEVER
			return { leadId: value.leadId, amount, rate, points, fundedOn: fundedOn.day }
		})

	/** Each reading answers its value, or the message of what is wrong with it. */
	function amountProblem(typed: string) {
		const text = typed.trim()
		// Whole dollars: a closing's loan amount has no cents ("450,000.00" is whole).
		const amount = /^\$?\s*\d[\d,\s]*(\.\d{1,2})?$/.test(text) ? parseDollars(text) : null
		if (amount === null || !Number.isInteger(amount)) return FUNDING_MESSAGES.amount
		return amount < FUNDING_AMOUNT_MIN || amount > FUNDING_AMOUNT_MAX ? FUNDING_MESSAGES.amountRange : amount
	}
	function rateProblem(typed: string) {
		const rate = parsePercent(typed)
		if (rate === null) return FUNDING_MESSAGES.rate
		return rate <= 0 || rate > FUNDING_RATE_MAX ? FUNDING_MESSAGES.rateRange : rate
	}
	function pointsProblem(typed: string | undefined) {
		const text = typed?.trim() ?? ''
		const points = text === '' ? 0 : parsePercent(text)
		if (points === null) return FUNDING_MESSAGES.points
		return points > FUNDING_POINTS_MAX ? FUNDING_MESSAGES.pointsRange : points
	}
	function dayProblem(typed: string) {
		const day = typed.trim()
		if (!isCalendarDay(day)) return FUNDING_MESSAGES.fundedOn
		// YYYY-MM-DD strings compare as the days they name.
		if (day > today) return FUNDING_MESSAGES.future
		if (earliest && day < earliest) return FUNDING_MESSAGES.beforeLead
		return { day }
	}
}
export type LeadFundingInput = z.output<ReturnType<typeof leadFundingSchema>>

/** The funded loan as the details, the history and the payloads show it. */
export type LeadFundingView = { amount: number; rate: number; points: number; fundedOn: string }

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
/** "7.125 %": the rate or points as recorded, never padded or rounded. */
export const percentText = (value: number) => `${value} %`
/** "$450,000". */
export const fundedAmountText = (amount: number) => dollars.format(amount)

/** "November 20, 2026" of a YYYY-MM-DD day, read as the calendar day it is (no time zone can move it). */
export function fundedDayText(day: string) {
	const [year, month, date] = day.split('-').map(Number) as [number, number, number]
	return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
		new Date(Date.UTC(year, month - 1, date)),
	)
}

/** "$450,000 at 7.125 %, 1 % in points, funded November 20, 2026": one line for the history and the toasts. */
export function fundingSummary(funding: LeadFundingView) {
	const points = funding.points === 0 ? 'no points' : `${percentText(funding.points)} in points`
	return `${fundedAmountText(funding.amount)} at ${percentText(funding.rate)}, ${points}, funded ${fundedDayText(funding.fundedOn)}`
}
