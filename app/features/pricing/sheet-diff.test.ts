import { describe, expect, test } from 'vitest'
import { ltvBucketLabel } from './dscr-pricing.ts'
import type { RateSheet } from './rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { diffSheets } from './sheet-diff.ts'

const copy = (): RateSheet => structuredClone(SEED_RATE_SHEET)
const lines = (current: unknown, proposed: unknown) =>
	diffSheets(current, proposed).map((change) => `${change.label}: ${change.beforeText} → ${change.afterText}`)

describe('diffSheets: every changed leaf in a pricing desk’s words (docs/decisions/0073)', () => {
	test('the same sheet has no changes, even with figures written differently ("1.500" and "1.5")', () => {
		expect(diffSheets(SEED_RATE_SHEET, copy())).toEqual([])
		const retyped = copy()
		const cell = SEED_RATE_SHEET.shortTerm['fix-flip'].grid[0]![0]!
		// Trailing zeros dropped, or one added: the same figures.
		retyped.shortTerm['fix-flip'].grid[0]![0] = { rate: String(Number(cell.rate)), points: `${cell.points}0` }
		retyped.dscr.baseRate = String(Number(SEED_RATE_SHEET.dscr.baseRate))
		expect(diffSheets(SEED_RATE_SHEET, retyped)).toEqual([])
	})

	test('a credit × LTV cell is named by its FICO band and LTV bucket, with both adjustments signed', () => {
		const current = copy()
		current.dscr.ltvBuckets = [0, 60, 65, 70, 75]
		current.dscr.creditLtv['740-759'][3] = '0.375'
		const proposed = structuredClone(current)
		proposed.dscr.creditLtv['740-759'][3] = '0.250'
		// The brief's example, word for word.
		expect(lines(current, proposed)).toEqual(['DSCR · FICO 740-759 · LTV 70 % to under 75 %: +0.375 → +0.250'])
		expect(diffSheets(current, proposed)[0]).toMatchObject({ path: ['dscr', 'creditLtv', '740-759', 3], before: '0.375', after: '0.250' })
		// The last bucket runs up to the highest cap.
		current.dscr.creditLtv['740-759'][4] = '0.500'
		const last = structuredClone(current)
		last.dscr.creditLtv['740-759'][4] = null
		expect(lines(current, last)).toEqual(['DSCR · FICO 740-759 · LTV 75 % and above: +0.500 → not offered'])
	})

	test('a cell no longer offered, and a negative adjustment', () => {
		const current = copy()
		current.dscr.creditLtv['800+'][0] = '-0.250'
		current.dscr.products['5-6-arm'].adjustment = '-0.375'
		const proposed = structuredClone(current)
		proposed.dscr.creditLtv['800+'][0] = null
		proposed.dscr.products['5-6-arm'].adjustment = '-0.5'
		expect(lines(current, proposed)).toEqual([
			'DSCR · Products · 5/6 ARM · Adjustment: -0.375 → -0.500',
			`DSCR · FICO 800+ · LTV ${ltvBucketLabel(current.dscr, 0)}: -0.250 → not offered`,
		])
	})

	test('rates print as rates, caps as percentages, amounts as dollars, flags in words', () => {
		const proposed = copy()
		proposed.dscr.baseRate = '6.875'
		proposed.shortTerm.construction.caps.maxLoanToCost = SEED_RATE_SHEET.shortTerm.construction.caps.maxLoanToCost - 5
		proposed.dscr.eligibility.maxLoan = 2_500_000
		proposed.dscr.interestOnly.offered = false
		const changes = lines(SEED_RATE_SHEET, proposed)
		expect(changes).toContain(`DSCR · Base rate: ${Number(SEED_RATE_SHEET.dscr.baseRate)}% → 6.875%`)
		const cost = SEED_RATE_SHEET.shortTerm.construction.caps.maxLoanToCost
		expect(changes).toContain(`Construction · Caps · Loan to cost: ${cost}% → ${cost - 5}%`)
		expect(changes).toContainEqual(expect.stringMatching(/^DSCR · Eligibility · Largest loan: \$[\d,]+ → \$2,500,000$/))
		expect(changes).toContain('DSCR · Interest only · Offered: offered → not offered')

		const fees = copy()
		fees.dscr.fees.lenderFees += 100
		fees.dscr.noRatio.maxLtv -= 5
		const { lenderFees } = SEED_RATE_SHEET.dscr.fees
		const { maxLtv } = SEED_RATE_SHEET.dscr.noRatio
		const money = (amount: number) => `$${amount.toLocaleString('en-US')}`
		expect(lines(SEED_RATE_SHEET, fees)).toEqual([
			`DSCR · Fees (finance charges) · Lender fees: ${money(lenderFees)} → ${money(lenderFees + 100)}`,
			`DSCR · True No Ratio · Highest LTV: ${maxLtv}% → ${maxLtv - 5}%`,
		])
	})

	test('a short-term cell newly offered lists its rate and points against "not offered", named by experience and credit', () => {
		const current = copy()
		const bridge = current.shortTerm['short-term-bridge']
		bridge.grid[0]![0] = null
		const proposed = structuredClone(current)
		proposed.shortTerm['short-term-bridge'].grid[0]![0] = { rate: '11.125', points: '2.000' }
		const where = `Bridge · ${bridge.experienceTiers[0]!.label} · FICO ${bridge.creditBands[0]!.label}`
		expect(lines(current, proposed)).toEqual([`${where} · Rate: not offered → 11.125%`, `${where} · Points: not offered → 2 points`])
		// And back: the leaves of the cell that goes away.
		expect(lines(proposed, current)).toEqual([`${where} · Rate: 11.125% → not offered`, `${where} · Points: 2 points → not offered`])
	})

	test('tiers are named by their bounds; an added bucket is a leaf that did not exist', () => {
		const proposed = copy()
		proposed.dscr.dscrTiers[0]!.adjustment = '0.375'
		proposed.dscr.ltvBuckets = [...proposed.dscr.ltvBuckets, 80]
		const tiers = SEED_RATE_SHEET.dscr.dscrTiers
		const changes = lines(SEED_RATE_SHEET, proposed)
		expect(changes).toContainEqual(
			expect.stringContaining(`DSCR · DSCR tiers · ${tiers[0]!.from} to under ${tiers[1]!.from} · Adjustment: `),
		)
		expect(changes).toContain(`DSCR · LTV buckets · LTV bucket ${proposed.dscr.ltvBuckets.length}: (none) → 80%`)
	})

	test('a field the screen does not know (added to the sheet later) is compared and named from its key', () => {
		const proposed = copy() as RateSheet & { dscr: { seasoningMonths?: string; escrowWaiver?: { underwriting: number } } }
		proposed.dscr.seasoningMonths = '6'
		proposed.dscr.escrowWaiver = { underwriting: 1495 }
		expect(lines(SEED_RATE_SHEET, proposed)).toEqual([
			'DSCR · Seasoning months: (none) → 6',
			'DSCR · Escrow waiver · Underwriting: (none) → 1495',
		])
	})
})
