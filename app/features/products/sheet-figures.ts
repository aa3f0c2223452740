import type { LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'
import { dscrClaims, type PageTermRanges, shortTermClaims } from '#app/features/pricing/advertised-claims.ts'
import { type DscrBestCase, advertisedTerms } from '#app/features/pricing/advertised-terms.ts'
import { formatRate, formatRatio } from '#app/features/pricing/rate-format.ts'
import type { RateSheet, ShortTermProgram } from '#app/features/pricing/rate-sheet.ts'
import { type ProductFigures, formatPercent } from './figures.ts'

/** The rate-sheet program behind each short-term product page. */
export const SHEET_PROGRAMS: Record<Exclude<LoanProductKey, 'dscr'>, ShortTermProgram> = {
	bridge: 'short-term-bridge',
	fixFlip: 'fix-flip',
	construction: 'construction',
}

export type SheetFigures = Pick<
	ProductFigures,
	'minRate' | 'apr' | 'maxLTV' | 'maxLtvByPurpose' | 'leverageCaps' | 'claims' | 'financedTypes'
> &
	Partial<Pick<ProductFigures, 'minLoanAmount' | 'maxLoanAmount'>>

/**
 * Each product's figures as the sheet gives them (docs/decisions/0067, 0072): the "from" rate, the APR beside the DSCR
 * one, max LTVs and caps, the loan range and the other claims; null where the sheet offers nothing.
 */
export function sheetFigures(sheet: RateSheet): Record<LoanProductKey, SheetFigures | null> {
	const terms = advertisedTerms(sheet)
	const shortTerm = (key: Exclude<LoanProductKey, 'dscr'>): SheetFigures | null => {
		const best = terms.shortTerm[SHEET_PROGRAMS[key]]
		if (!best) return null
		const figures: SheetFigures = {
			minRate: Number(best.minRate),
			maxLTV: best.maxLtv,
			leverageCaps: { loanToCost: best.caps.maxLoanToCost, loanToValueAfter: best.caps.maxLoanToArv, asIsLtv: best.caps.maxAsIsLtv },
		}
		const claims = shortTermClaims(sheet.shortTerm[SHEET_PROGRAMS[key]])
		return {
			...figures,
			minLoanAmount: claims.minLoan,
			maxLoanAmount: claims.maxLoan,
			claims: {
				minCredit: String(claims.minCredit),
				maxRate: formatRate(claims.maxRate),
				maxRehab: formatPercent(claims.maxBudgetFinanced),
			},
		}
	}
	return {
		dscr: dscrFigures(terms.dscr, sheet),
		bridge: shortTerm('bridge'),
		fixFlip: shortTerm('fixFlip'),
		construction: shortTerm('construction'),
	}
}

function dscrFigures(best: DscrBestCase | null, sheet: RateSheet): SheetFigures | null {
	if (!best) return null
	const { purchase, 'rate-term': rateTerm, 'cash-out': cashOut } = best.maxLtv
	// A best case exists only when some purpose is lent for; one that is not prints the highest LTV, not an empty figure.
	const highest = Math.max(purchase ?? 0, rateTerm ?? 0, cashOut ?? 0)
	const refinance = Math.max(rateTerm ?? 0, cashOut ?? 0) || highest
	const figures: SheetFigures = {
		minRate: Number(best.minRate),
		apr: Number(best.apr),
		maxLTV: highest,
		maxLtvByPurpose: { purchase: purchase ?? highest, refinance, cashOut: cashOut ?? highest },
	}
	const claims = dscrClaims(sheet.dscr)
	const years = claims.prepaymentYears
	return {
		...figures,
		minLoanAmount: claims.minLoan,
		maxLoanAmount: claims.maxLoan,
		financedTypes: claims.propertyTypes,
		claims: {
			minCredit: String(claims.minCredit),
			bestCredit: String(claims.bestCredit),
			minDscr: formatRatio(claims.minDscr),
			// Without a better tier, "better terms" start at the minimum itself.
			betterDscr: formatRatio(claims.betterDscr ?? claims.minDscr),
			rentCounted: formatPercent(claims.rentCounted),
			rentAllowance: formatPercent(Math.round((100 - claims.rentCounted) * 1000) / 1000),
			prepaymentYears: years === null ? '0' : years.min === years.max ? String(years.max) : `${years.min}-${years.max}`,
		},
	}
}

export type AdvertisedProducts = {
	[K in LoanProductKey]: LoanProducts[K] & Pick<ProductFigures, 'maxLtvByPurpose' | 'leverageCaps' | 'claims' | 'financedTypes'>
}

/**
 * docs/decisions/0067, 0072: the loan products as the public pages advertise them: the record's copy and terms, with
 * its "from" rate, APR, max LTV, loan range and claims replaced by the rate sheet's, so publishing a sheet changes
 * every page that prints them. A program the sheet does not offer keeps the record's figures.
 */
export function advertisedProducts(products: LoanProducts, sheet: RateSheet): AdvertisedProducts {
	const figures = sheetFigures(sheet)
	const merged = {} as Record<LoanProductKey, unknown>
	for (const key of Object.keys(products) as LoanProductKey[]) merged[key] = { ...products[key], ...(figures[key] ?? {}) }
	return merged as AdvertisedProducts
}

/** The term range each product page prints, by the sheet's program: what `publicClaimProblems` holds a sheet's terms to. */
export function pageTermRanges(products: LoanProducts): PageTermRanges {
	const range = (key: LoanProductKey) => ({ minTermMonths: products[key].minTermMonths, maxTermMonths: products[key].maxTermMonths })
	return {
		dscr: range('dscr'),
		[SHEET_PROGRAMS.bridge]: range('bridge'),
		[SHEET_PROGRAMS.fixFlip]: range('fixFlip'),
		[SHEET_PROGRAMS.construction]: range('construction'),
	}
}
