import type { LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'
import { figureTexts } from '#app/features/products/figures.ts'
import { advertisedProducts } from '#app/features/products/sheet-figures.ts'
import { type PublishWarning, publishWarnings } from './publish-warnings.ts'
import type { RateSheet } from '../pricing/rate-sheet.ts'
import { SAMPLE_SCENARIOS, priceSample } from '../pricing/sample-quotes.ts'
import { type SheetChange, diffSheets } from '../pricing/sheet-diff.ts'
import { humanizeKey } from '../pricing/sheet-labels.ts'

/**
 * What publishing a sheet would change (docs/decisions/0073), built before anything is saved: every changed leaf,
 * every public figure before and after, a few borrowers priced on both sheets, and the public claims it would break.
 */

/** One figure a public page prints, on the current sheet and on the proposed one. */
export type FigureComparison = {
	product: LoanProductKey
	/** The product as the site titles it ("Bridge Loans"). */
	productTitle: string
	/** The copy token that prints it ("minRate"). */
	token: string
	/** "Rates from", "Max cash-out LTV". */
	label: string
	before: string | null
	after: string | null
	changed: boolean
}

export type SampleComparison = { label: string; before: string; after: string; changed: boolean }

export type SheetPreview = {
	changes: SheetChange[]
	figures: FigureComparison[]
	samples: SampleComparison[]
	warnings: PublishWarning[]
}

/** The words for each token of `figureTexts`; a token added later is named from its key. */
export const FIGURE_LABELS: Record<string, string> = {
	minRate: 'Rates from',
	apr: 'APR',
	maxLTV: 'Max LTV',
	maxPurchaseLTV: 'Max purchase LTV',
	maxRefinanceLTV: 'Max refinance LTV',
	maxCashOutLTV: 'Max cash-out LTV',
	maxLTC: 'Max loan to cost',
	maxARV: 'Max loan to after-repair value',
	maxAsIsLTV: 'Max loan to as-is value',
	minDown: 'Down payment from',
	minLoan: 'Loans from',
	maxLoan: 'Loans up to',
	maxTerm: 'Longest term',
	termRange: 'Terms',
	minCredit: 'Credit from (FICO)',
	bestCredit: 'Best rates from (FICO)',
	minDscr: 'DSCR from',
	betterDscr: 'Better terms from DSCR',
	rentCounted: 'Rent counted',
	rentAllowance: 'Rent not counted',
	prepaymentYears: 'Prepayment (years)',
	maxRate: 'Rates up to',
	maxRehab: 'Rehab financed up to',
}
/** Printed forms of another token ("6-18 month" of "6-18 months"): the same figure, listed once. */
const SAME_FIGURE_AS = new Set(['termSpan'])

/** Every figure the product pages print, per product, from both sheets; the changed ones first within each product. */
export function compareFigures(current: RateSheet, proposed: RateSheet, products: LoanProducts): FigureComparison[] {
	const before = advertisedProducts(products, current)
	const after = advertisedProducts(products, proposed)
	const rows: FigureComparison[] = []
	for (const product of Object.keys(before) as LoanProductKey[]) {
		const was = figureTexts(before[product])
		const now = figureTexts(after[product])
		const tokens = [...Object.keys(was), ...Object.keys(now).filter((token) => !(token in was))].filter(
			(token) => !SAME_FIGURE_AS.has(token),
		)
		const productRows = tokens.map((token) => ({
			product,
			productTitle: products[product].title,
			token,
			label: FIGURE_LABELS[token] ?? humanizeKey(token),
			before: was[token] ?? null,
			after: now[token] ?? null,
			changed: was[token] !== now[token],
		}))
		rows.push(...productRows.filter((row) => row.changed), ...productRows.filter((row) => !row.changed))
	}
	return rows
}

export function compareSamples(current: RateSheet, proposed: RateSheet): SampleComparison[] {
	return SAMPLE_SCENARIOS.map((sample) => {
		const before = priceSample(current, sample).text
		const after = priceSample(proposed, sample).text
		return { label: sample.label, before, after, changed: before !== after }
	})
}

/** The preview of publishing `proposed` over `current` (both valid sheets). Pure; well under 500 ms (bench/pricing.ts). */
export function buildSheetPreview(current: RateSheet, proposed: RateSheet, products: LoanProducts): SheetPreview {
	return {
		changes: diffSheets(current, proposed),
		figures: compareFigures(current, proposed, products),
		samples: compareSamples(current, proposed),
		warnings: publishWarnings(current, proposed, products),
	}
}
