import Decimal from 'decimal.js'
import type { LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'
import { type SheetFigures, sheetFigures } from '#app/features/products/sheet-figures.ts'
import { advertisedTerms } from './advertised-terms.ts'
import type { RateSheet } from './rate-sheet.ts'
import { formatRate } from './rate-format.ts'

/** A public claim the proposed sheet would no longer honour: shown before Publish, never blocking it. */
export type PublishWarning = { product: LoanProductKey | null; message: string }

type Figure = {
	name: string
	read: (figures: SheetFigures) => number | undefined
	worseWhen: 'higher' | 'lower'
	print: (value: number) => string
}

const percent = (value: number) => `${value}%`
/** The advertised figures a sheet drives (docs/decisions/0067), and which way is worse for a borrower. */
const FIGURES: Figure[] = [
	{ name: '"Rates from"', read: (figures) => figures.minRate, worseWhen: 'higher', print: (value) => formatRate(new Decimal(value)) },
	{ name: 'maximum LTV', read: (figures) => figures.maxLTV, worseWhen: 'lower', print: percent },
	{ name: 'purchase LTV', read: (figures) => figures.maxLtvByPurpose?.purchase, worseWhen: 'lower', print: percent },
	{ name: 'refinance LTV', read: (figures) => figures.maxLtvByPurpose?.refinance, worseWhen: 'lower', print: percent },
	{ name: 'cash-out LTV', read: (figures) => figures.maxLtvByPurpose?.cashOut, worseWhen: 'lower', print: percent },
	{ name: 'loan to cost', read: (figures) => figures.leverageCaps?.loanToCost, worseWhen: 'lower', print: percent },
	{ name: 'loan to value after the work', read: (figures) => figures.leverageCaps?.loanToValueAfter, worseWhen: 'lower', print: percent },
	{ name: 'loan to as-is value', read: (figures) => figures.leverageCaps?.asIsLtv, worseWhen: 'lower', print: percent },
]

/** Advertised figures that get worse or disappear: a program no longer offered, a "from" rate up, a maximum LTV down. */
export function worsenedAdvertisedFigures(current: RateSheet, proposed: RateSheet, products: LoanProducts): PublishWarning[] {
	const before = sheetFigures(advertisedTerms(current))
	const after = sheetFigures(advertisedTerms(proposed))
	const warnings: PublishWarning[] = []
	for (const product of Object.keys(before) as LoanProductKey[]) {
		const title = products[product]?.title ?? product
		const was = before[product]
		const now = after[product]
		if (!was) continue
		if (!now) {
			// docs/decisions/0067: a program the sheet does not offer keeps the record's figures on its page.
			warnings.push({
				product,
				message: `${title}: the new sheet no longer offers this program, but its page still advertises it (with the Loan Products figures instead of the sheet's).`,
			})
			continue
		}
		for (const figure of FIGURES) {
			const old = figure.read(was)
			const next = figure.read(now)
			if (old === undefined) continue
			if (next === undefined) {
				warnings.push({ product, message: `${title}: the ${figure.name} (${figure.print(old)}) would no longer be advertised.` })
				continue
			}
			const worse = figure.worseWhen === 'higher' ? next > old : next < old
			if (worse)
				warnings.push({
					product,
					message: `${title}: the advertised ${figure.name} gets worse, ${figure.print(old)} → ${figure.print(next)}.`,
				})
		}
	}
	return warnings
}

/**
 * Every warning shown before a sheet is published: the one place they are gathered (docs/decisions/0073). Today the
 * advertised figures that get worse; the public-claim checks of `publicClaimProblems(sheet)` (being written in this
 * folder) join here when they land, as `...publicClaimProblems(proposed).map(...)`.
 */
export function publishWarnings(current: RateSheet, proposed: RateSheet, products: LoanProducts): PublishWarning[] {
	return [...worsenedAdvertisedFigures(current, proposed, products)]
}
