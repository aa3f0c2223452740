import type { LoanProductKey } from '#app/features/content/content-schemas.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'

/**
 * The figures of a product's claims that the rate sheet owns besides its rates and LTVs (docs/decisions/0072), as the
 * copy prints them: "{minCredit}" -> "620", "{minDscr}" -> "1.0", "{rentCounted}" -> "75%", "{prepaymentYears}" -> "1-3".
 */
export const SHEET_CLAIM_TOKENS = [
	'minCredit',
	'bestCredit',
	'minDscr',
	'betterDscr',
	'rentCounted',
	'rentAllowance',
	'prepaymentYears',
	'maxRate',
	'maxRehab',
] as const
export type SheetClaimToken = (typeof SHEET_CLAIM_TOKENS)[number]

/** The numbers of one loan product that the public site prints (docs/decisions/0033). */
export type ProductFigures = {
	minRate: number
	apr?: number
	maxLTV: number
	minLoanAmount: number
	maxLoanAmount: number
	minTermMonths: number
	maxTermMonths: number
	/**
	 * A DSCR loan's highest LTV per purpose, from the rate sheet (docs/decisions/0067): `maxLTV` is the highest of
	 * them, the down payment is 100 − the purchase's, and the cash-out and refinance pages print their own.
	 */
	maxLtvByPurpose?: { purchase: number; refinance: number; cashOut: number }
	/** A short-term program's leverage caps in percent, from the rate sheet (docs/decisions/0067). */
	leverageCaps?: { loanToCost: number; loanToValueAfter: number; asIsLtv: number }
	/** The rest of the sheet's claims, as printed (docs/decisions/0072); absent for a record read without the sheet. */
	claims?: Partial<Record<SheetClaimToken, string>>
	/** The wizard's property types the sheet finances (a DSCR loan), so a page lists only those (docs/decisions/0072). */
	financedTypes?: string[]
}

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 })

/** 5.875 -> "5.875%", 80 -> "80%". */
export const formatPercent = (value: number) => `${number(value)}%`

/** Loan amounts as the marketing copy writes them: 5000000 -> "$5M", 50000 -> "$50K", 61500 -> "$61.5K". */
export function formatAmount(amount: number) {
	if (amount >= 1_000_000) return `$${number(amount / 1_000_000)}M`
	if (amount >= 1_000) return `$${number(amount / 1_000)}K`
	return `$${number(amount)}`
}

// Two years stay "24 months" as the spec writes a fix & flip's term (spec 1 §9); three and more are years.
const inYears = (months: number) => months >= 36 && months % 12 === 0
const unit = (count: number, word: string) => `${word}${count === 1 ? '' : 's'}`

/** 18 -> "18 months", 360 -> "30 years". */
export function formatTerm(months: number) {
	return inYears(months) ? `${number(months / 12)} years` : `${number(months)} ${unit(months, 'month')}`
}

/** 6..18 -> "6-18 months", 360..360 -> "30 years", 12..36 -> "12-36 months". */
export function formatTermRange(minMonths: number, maxMonths: number) {
	if (minMonths === maxMonths) return formatTerm(maxMonths)
	if (inYears(minMonths) && inYears(maxMonths)) return `${number(minMonths / 12)}-${number(maxMonths / 12)} years`
	return `${number(minMonths)}-${number(maxMonths)} months`
}

/** The same range used as an adjective: 6..18 -> "6-18 month" (as in "6-18 month terms"). */
export const formatTermSpan = (minMonths: number, maxMonths: number) => formatTermRange(minMonths, maxMonths).replace(/s$/, '')

/** Every token the copy may use, and the text it becomes. */
export function figureTexts(product: ProductFigures): Record<string, string> {
	return {
		minRate: formatRate(product.minRate),
		...(product.apr === undefined ? {} : { apr: formatRate(product.apr) }),
		maxLTV: formatPercent(product.maxLTV),
		...(product.maxLtvByPurpose
			? {
					maxPurchaseLTV: formatPercent(product.maxLtvByPurpose.purchase),
					maxRefinanceLTV: formatPercent(product.maxLtvByPurpose.refinance),
					maxCashOutLTV: formatPercent(product.maxLtvByPurpose.cashOut),
				}
			: {}),
		...(product.leverageCaps
			? {
					maxLTC: formatPercent(product.leverageCaps.loanToCost),
					maxARV: formatPercent(product.leverageCaps.loanToValueAfter),
					maxAsIsLTV: formatPercent(product.leverageCaps.asIsLtv),
				}
			: {}),
		// The smallest down payment (or equity) that the maximum LTV (of a purchase, where the sheet says) leaves.
		minDown: formatPercent(Math.round((100 - (product.maxLtvByPurpose?.purchase ?? product.maxLTV)) * 1000) / 1000),
		minLoan: formatAmount(product.minLoanAmount),
		maxLoan: formatAmount(product.maxLoanAmount),
		maxTerm: formatTerm(product.maxTermMonths),
		termRange: formatTermRange(product.minTermMonths, product.maxTermMonths),
		termSpan: formatTermSpan(product.minTermMonths, product.maxTermMonths),
		...product.claims,
	}
}

export const FIGURE_TOKENS = [
	'minRate',
	'apr',
	'maxLTV',
	'maxPurchaseLTV',
	'maxRefinanceLTV',
	'maxCashOutLTV',
	'maxLTC',
	'maxARV',
	'maxAsIsLTV',
	'minDown',
	'minLoan',
	'maxLoan',
	'maxTerm',
	'termRange',
	'termSpan',
	...SHEET_CLAIM_TOKENS,
] as const

const TOKEN = /\{(?:(dscr|bridge|construction|fixFlip)\.)?([A-Za-z]+)\}/g

/**
 * Copy with its figures filled in from the loan-products record: "{bridge.maxLTV}" names a product,
 * "{maxLTV}" the product the text belongs to (staff-written features and terms). A token that names
 * no figure is left as written, so a test (or the editor) can see it.
 */
export function fillFigures(text: string, products: Partial<Record<LoanProductKey, ProductFigures>>, own?: LoanProductKey) {
	return text.replace(TOKEN, (token, key: LoanProductKey | undefined, name: string) => {
		const product = products[key ?? own ?? 'dscr']
		if (!product || (!key && !own)) return token
		return figureTexts(product)[name] ?? token
	})
}

/** Every string inside a copy object, filled in (the copy's shape is kept). */
export function fillFiguresDeep<T>(copy: T, products: Partial<Record<LoanProductKey, ProductFigures>>, own?: LoanProductKey): T {
	if (typeof copy === 'string') return fillFigures(copy, products, own) as T
	if (Array.isArray(copy)) return copy.map((item) => fillFiguresDeep(item, products, own)) as T
	if (copy && typeof copy === 'object') {
		return Object.fromEntries(Object.entries(copy).map(([name, value]) => [name, fillFiguresDeep(value, products, own)])) as T
	}
	return copy
}
