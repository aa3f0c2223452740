import { describe, expect, test } from 'vitest'
import { FUNDING_MESSAGES, fundedDayText, fundingSummary, isCalendarDay, leadFundingSchema, parsePercent } from './lead-funding.ts'

// docs/decisions/0123: the funded loan's form, which the dialog and the action both run.

const leadId = '0b9c7a3e-4a2f-4f6e-9a51-2d7f1c0e8b11'
const schema = leadFundingSchema({ today: '2026-11-28', earliest: '2026-10-02' })
const parse = (fields: Record<string, string | undefined>) =>
	schema.safeParse({ leadId, amount: '450,000', rate: '7.125', points: '1', fundedOn: '2026-11-20', ...fields })
const errorOf = (fields: Record<string, string | undefined>) => {
	const result = parse(fields)
	return result.success ? null : { field: result.error.issues[0]!.path[0], message: result.error.issues[0]!.message }
}

describe('the funded loan’s figures', () => {
	test('amounts as people type them, in whole dollars from $10,000 to $100,000,000', () => {
		expect(parse({ amount: '$450,000' }).data?.amount).toBe(450_000)
		expect(parse({ amount: ' 1 250 000 ' }).data?.amount).toBe(1_250_000)
		expect(parse({ amount: '10000' }).data?.amount).toBe(10_000)
		expect(parse({ amount: '450,000.00' }).data?.amount).toBe(450_000)
		expect(parse({ amount: '100,000,000' }).data?.amount).toBe(100_000_000)
		expect(errorOf({ amount: '9,999' })).toEqual({ field: 'amount', message: FUNDING_MESSAGES.amountRange })
		expect(errorOf({ amount: '100,000,001' })).toEqual({ field: 'amount', message: FUNDING_MESSAGES.amountRange })
		for (const amount of ['', '450k', '450,000.50', '-450000', '4.5e5'])
			expect(errorOf({ amount })).toEqual({ field: 'amount', message: FUNDING_MESSAGES.amount })
	})

	test('the rate: above 0 % and at most 30 %, three decimals at most', () => {
		expect(parse({ rate: '7.125 %' }).data?.rate).toBe(7.125)
		expect(parse({ rate: '30' }).data?.rate).toBe(30)
		expect(parse({ rate: '.5' }).data?.rate).toBe(0.5)
		expect(errorOf({ rate: '0' })).toEqual({ field: 'rate', message: FUNDING_MESSAGES.rateRange })
		expect(errorOf({ rate: '30.001' })).toEqual({ field: 'rate', message: FUNDING_MESSAGES.rateRange })
		for (const rate of ['', '7.1255', 'seven', '-7']) expect(errorOf({ rate })).toEqual({ field: 'rate', message: FUNDING_MESSAGES.rate })
	})

	test('points: 0 when left empty, from 0 to 10, three decimals at most', () => {
		expect(parse({ points: '' }).data?.points).toBe(0)
		expect(parse({ points: undefined }).data?.points).toBe(0)
		expect(parse({ points: '10' }).data?.points).toBe(10)
		expect(parse({ points: '0.375' }).data?.points).toBe(0.375)
		expect(errorOf({ points: '10.001' })).toEqual({ field: 'points', message: FUNDING_MESSAGES.pointsRange })
		expect(errorOf({ points: '1.0005' })).toEqual({ field: 'points', message: FUNDING_MESSAGES.points })
	})

	test('the day it funded: a real day, not after today, not before the lead came in', () => {
		expect(parse({ fundedOn: '2026-11-28' }).data?.fundedOn).toBe('2026-11-28')
		expect(parse({ fundedOn: '2026-10-02' }).data?.fundedOn).toBe('2026-10-02')
		expect(errorOf({ fundedOn: '2026-11-29' })).toEqual({ field: 'fundedOn', message: FUNDING_MESSAGES.future })
		expect(errorOf({ fundedOn: '2026-10-01' })).toEqual({ field: 'fundedOn', message: FUNDING_MESSAGES.beforeLead })
		for (const fundedOn of ['', '2026-02-30', '11/20/2026', '2026-11-20T00:00'])
			expect(errorOf({ fundedOn })).toEqual({ field: 'fundedOn', message: FUNDING_MESSAGES.fundedOn })
		// Without the lead's day (the action checks it against the stored lead), any day up to today.
		const anyDay = leadFundingSchema({ today: '2026-11-28' }).safeParse({ leadId, amount: '450000', rate: '7', fundedOn: '2020-01-01' })
		expect(anyDay.data?.fundedOn).toBe('2020-01-01')
	})

	test('an unknown lead is refused', () => {
		expect(errorOf({ leadId: 'not-a-lead' })?.field).toBe('leadId')
	})
})

test('percent and day readings', () => {
	expect(parsePercent('7.125%')).toBe(7.125)
	expect(parsePercent('1000')).toBeNull()
	expect(parsePercent('7,125')).toBe(7.125)
	expect(parsePercent('7,1,2')).toBeNull()
	expect(isCalendarDay('2028-02-29')).toBe(true)
	expect(isCalendarDay('2026-02-29')).toBe(false)
	expect(fundedDayText('2026-11-01')).toBe('November 1, 2026')
})

test('one line of the funded loan for the history, the toast and the CRM', () => {
	expect(fundingSummary({ amount: 450_000, rate: 7.125, points: 1, fundedOn: '2026-11-20' })).toBe(
		'$450,000 at 7.125 %, 1 % in points, funded November 20, 2026',
	)
	expect(fundingSummary({ amount: 1_250_000, rate: 6.875, points: 0, fundedOn: '2026-01-05' })).toBe(
		'$1,250,000 at 6.875 %, no points, funded January 5, 2026',
	)
})
