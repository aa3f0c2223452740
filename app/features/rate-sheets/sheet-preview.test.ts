import Decimal from 'decimal.js'
import { describe, expect, test } from 'vitest'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { figureTexts } from '#app/features/products/figures.ts'
import { advertisedProducts, pageTermRanges } from '#app/features/products/sheet-figures.ts'
import { publicClaimProblems } from '../pricing/advertised-claims.ts'
import { priceDscr } from '../pricing/dscr-pricing.ts'
import { publishWarnings } from './publish-warnings.ts'
import type { RateSheet } from '../pricing/rate-sheet.ts'
import { SAMPLE_SCENARIOS, priceSample } from '../pricing/sample-quotes.ts'
import { SEED_RATE_SHEET } from '../pricing/seed-rate-sheet.ts'
import { buildSheetPreview } from './sheet-preview.ts'
import { priceShortTerm } from '../pricing/short-term-pricing.ts'

const products = defaultContent().loanProducts
const copy = (): RateSheet => structuredClone(SEED_RATE_SHEET)

/** The lowest-rate cell of a short-term grid, as the test finds it. */
function lowestCell(sheet: RateSheet, program: keyof RateSheet['shortTerm']) {
	let best: { row: number; column: number; rate: Decimal } | null = null
	sheet.shortTerm[program].grid.forEach((cells, row) => {
		cells.forEach((cell, column) => {
			if (cell && (!best || new Decimal(cell.rate).lt(best.rate))) best = { row, column, rate: new Decimal(cell.rate) }
		})
	})
	return best!
}

describe('buildSheetPreview (docs/decisions/0073)', () => {
	test('the same sheet: no changes, no changed figure or sample, no warning; every public figure is still listed', () => {
		const preview = buildSheetPreview(SEED_RATE_SHEET, copy(), products)
		expect(preview.changes).toEqual([])
		expect(preview.figures.filter((figure) => figure.changed)).toEqual([])
		expect(preview.samples.filter((sample) => sample.changed)).toEqual([])
		expect(preview.warnings).toEqual([])
		// Every token each product page prints, from figureTexts (one printed form of the term span is enough).
		const advertised = advertisedProducts(products, SEED_RATE_SHEET)
		for (const key of Object.keys(advertised) as Array<keyof typeof advertised>) {
			const texts = figureTexts(advertised[key])
			const listed = preview.figures.filter((figure) => figure.product === key)
			expect(listed.map((figure) => figure.token).sort()).toEqual(
				Object.keys(texts)
					.filter((token) => token !== 'termSpan')
					.sort(),
			)
			for (const figure of listed) expect(figure.after).toBe(texts[figure.token])
		}
		expect(preview.samples).toHaveLength(SAMPLE_SCENARIOS.length)
	})

	test('a lower best bridge cell: one change, the bridge "Rates from" changed as the product page will print it, the bridge samples priced on both sheets', () => {
		const proposed = copy()
		const cell = lowestCell(proposed, 'short-term-bridge')
		const lowered = cell.rate.minus('0.250').toFixed(3)
		proposed.shortTerm['short-term-bridge'].grid[cell.row]![cell.column]!.rate = lowered
		const preview = buildSheetPreview(SEED_RATE_SHEET, proposed, products)
		expect(preview.changes).toHaveLength(1)
		expect(preview.changes[0]).toMatchObject({ before: cell.rate.toFixed(3), after: lowered })

		const changed = preview.figures.filter((figure) => figure.changed)
		expect(changed).toEqual([
			expect.objectContaining({
				product: 'bridge',
				token: 'minRate',
				label: 'Rates from',
				before: figureTexts(advertisedProducts(products, SEED_RATE_SHEET).bridge).minRate,
				after: figureTexts(advertisedProducts(products, proposed).bridge).minRate,
			}),
		])
		expect(changed[0]!.after).not.toBe(changed[0]!.before)
		// A better rate is no broken claim.
		expect(preview.warnings).toEqual([])

		for (const [index, sample] of SAMPLE_SCENARIOS.entries()) {
			const row = preview.samples[index]!
			expect(row.before).toBe(priceSample(SEED_RATE_SHEET, sample).text)
			expect(row.after).toBe(priceSample(proposed, sample).text)
			expect(row.changed).toBe(row.before !== row.after)
		}
	})

	test('samples are the quotes priceDscr and priceShortTerm give, and a higher base rate changes every DSCR sample alone', () => {
		const proposed = copy()
		proposed.dscr.baseRate = new Decimal(proposed.dscr.baseRate).plus('0.5').toFixed(3)
		const preview = buildSheetPreview(SEED_RATE_SHEET, proposed, products)
		SAMPLE_SCENARIOS.forEach((sample, index) => {
			const row = preview.samples[index]!
			if (sample.program === 'dscr') {
				// Priced with the sheet's default prepayment option, as a borrower's first quote is.
				const before = priceDscr(SEED_RATE_SHEET.dscr, { ...sample.scenario, prepayment: SEED_RATE_SHEET.dscr.defaultPrepayment })
				const after = priceDscr(proposed.dscr, { ...sample.scenario, prepayment: proposed.dscr.defaultPrepayment })
				expect(before.eligible, sample.label).toBe(true)
				expect(row.before).toContain(`${Number(before.rate)}%`)
				expect(row.after).toContain(`${Number(after.rate)}%`)
				expect(row.changed).toBe(true)
			} else {
				const quote = priceShortTerm(SEED_RATE_SHEET.shortTerm[sample.scenario.program], sample.scenario)
				expect(quote.eligible, sample.label).toBe(true)
				expect(row.before).toContain(`${Number(quote.rate)}%`)
				expect(row.changed).toBe(false)
			}
		})
	})

	test('warnings: a "from" rate up, a maximum LTV down, a program gone', () => {
		const proposed = copy()
		// Every fix & flip cell 0.5 higher: its "from" rate goes up.
		for (const row of proposed.shortTerm['fix-flip'].grid)
			for (const cell of row) if (cell) cell.rate = new Decimal(cell.rate).plus('0.5').toFixed(3)
		proposed.dscr.eligibility.maxLtv['cash-out'] -= 5
		proposed.shortTerm.construction.offered = false
		const warnings = publishWarnings(SEED_RATE_SHEET, proposed, products)
		const before = advertisedProducts(products, SEED_RATE_SHEET)
		const after = advertisedProducts(products, proposed)
		expect(warnings).toEqual(
			expect.arrayContaining([
				{
					product: 'fixFlip',
					message: expect.stringContaining(
						`"Rates from" gets worse, ${figureTexts(before.fixFlip).minRate} → ${figureTexts(after.fixFlip).minRate}`,
					),
				},
				{
					product: 'dscr',
					message: expect.stringContaining(
						`cash-out LTV gets worse, ${figureTexts(before.dscr).maxCashOutLTV} → ${figureTexts(after.dscr).maxCashOutLTV}`,
					),
				},
				{ product: 'construction', message: expect.stringContaining('no longer offers this program') },
				// publicClaimProblems: the claims of the pages the new sheet breaks.
				{ product: null, message: publicClaimProblems(proposed, pageTermRanges(products))[0] },
			]),
		)
		expect(publicClaimProblems(proposed, pageTermRanges(products))).toHaveLength(1)
		expect(warnings).toHaveLength(4)
		// The preview shows the same warnings.
		expect(buildSheetPreview(SEED_RATE_SHEET, proposed, products).warnings).toEqual(warnings)
	})

	test('a better figure warns of nothing, a worse one of exactly that figure', () => {
		const better = copy()
		better.shortTerm['fix-flip'].caps.maxAsIsLtv += 5
		expect(publishWarnings(SEED_RATE_SHEET, better, products)).toEqual([])
		const worse = copy()
		worse.shortTerm['fix-flip'].caps.maxAsIsLtv -= 5
		expect(publishWarnings(SEED_RATE_SHEET, worse, products).map((warning) => warning.message)).toEqual([
			expect.stringMatching(/^Fix & Flip Loans: the advertised maximum LTV gets worse/),
			expect.stringMatching(/^Fix & Flip Loans: the advertised loan to as-is value gets worse/),
		])
	})
})
