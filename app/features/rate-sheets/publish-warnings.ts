import Decimal from 'decimal.js'
import type { LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'
import { formatDollars } from '#app/features/money/money.ts'
import { type SheetFigures, pageTermRanges, sheetFigures } from '#app/features/products/sheet-figures.ts'
import { publicClaimProblems } from '../pricing/advertised-claims.ts'
import type { RateSheet } from '../pricing/rate-sheet.ts'
import { formatRate } from '../pricing/rate-format.ts'

/** A public claim the proposed sheet would no longer honour: shown before Publish, never blocking it. */
export type PublishWarning = { product: LoanProductKey | null; message: string }

type Figure = {
	name: string
	read: (figures: SheetFigures) => number | undefined
	worseWhen: 'higher' | 'lower'
	print: (value: number) => string
}

const percent = (value: number) => `${value}%`
const dollars = (value: number) => formatDollars(value)
/** The advertised figures a sheet drives (docs/decisions/0067), and which way is worse for a borrower. */
const FIGURES: Figure[] = [
	{ name: '"Rates from"', read: (figures) => figures.minRate, worseWhen: 'higher', print: (value) => formatRate(new Decimal(value)) },
	{ name: 'APR', read: (figures) => figures.apr, worseWhen: 'higher', print: (value) => formatRate(new Decimal(value)) },
	{ name: 'maximum LTV', read: (figures) => figures.maxLTV, worseWhen: 'lower', print: percent },
	{ name: 'purchase LTV', read: (figures) => figures.maxLtvByPurpose?.purchase, worseWhen: 'lower', print: percent },
	{ name: 'refinance LTV', read: (figures) => figures.maxLtvByPurpose?.refinance, worseWhen: 'lower', print: percent },
	{ name: 'cash-out LTV', read: (figures) => figures.maxLtvByPurpose?.cashOut, worseWhen: 'lower', print: percent },
	{ name: 'loan to cost', read: (figures) => figures.leverageCaps?.loanToCost, worseWhen: 'lower', print: percent },
	{ name: 'loan to value after the work', read: (figures) => figures.leverageCaps?.loanToValueAfter, worseWhen: 'lower', print: percent },
	{ name: 'loan to as-is value', read: (figures) => figures.leverageCaps?.asIsLtv, worseWhen: 'lower', print: percent },
	{ name: 'smallest loan', read: (figures) => figures.minLoanAmount, worseWhen: 'higher', print: dollars },
	{ name: 'largest loan', read: (figures) => figures.maxLoanAmount, worseWhen: 'lower', print: dollars },
]

/** Advertised figures that get worse or disappear: a program no longer offered, a "from" rate up, a maximum LTV down. */
export function worsenedAdvertisedFigures(current: RateSheet, proposed: RateSheet, products: LoanProducts): PublishWarning[] {
	const before = sheetFigures(current)
	const after = sheetFigures(proposed)
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
 * The public claims (docs/decisions/0072) the proposed sheet does not honour, given the term ranges the product pages
 * print; one the live sheet does not honour either says so, so a preview tells a new break from an old one.
 */
export function brokenPublicClaims(current: RateSheet, proposed: RateSheet, products: LoanProducts): PublishWarning[] {
	const terms = pageTermRanges(products)
	const already = new Set(publicClaimProblems(current, terms))
	return publicClaimProblems(proposed, terms).map((problem) => ({
		product: null,
		message: already.has(problem) ? `${problem} (so does the live sheet)` : problem,
	}))
}

/** Every warning shown before a sheet is published: the one place they are gathered (docs/decisions/0073). */
export function publishWarnings(current: RateSheet, proposed: RateSheet, products: LoanProducts): PublishWarning[] {
	return [...worsenedAdvertisedFigures(current, proposed, products), ...brokenPublicClaims(current, proposed, products)]
}
