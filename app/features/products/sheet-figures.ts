import type { LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'
import { type AdvertisedTerms, type DscrBestCase, advertisedTerms } from '#app/features/pricing/advertised-terms.ts'
import type { RateSheet, ShortTermProgram } from '#app/features/pricing/rate-sheet.ts'
import type { ProductFigures } from './figures.ts'

/** The rate-sheet program behind each short-term product page. */
export const SHEET_PROGRAMS: Record<Exclude<LoanProductKey, 'dscr'>, ShortTermProgram> = {
	bridge: 'short-term-bridge',
	fixFlip: 'fix-flip',
	construction: 'construction',
}

export type SheetFigures = Pick<ProductFigures, 'minRate' | 'maxLTV' | 'maxLtvByPurpose' | 'leverageCaps'>

/** Each product's "from" rate and max LTV as the sheet's best case gives them; null where the sheet offers nothing. */
export function sheetFigures(terms: AdvertisedTerms): Record<LoanProductKey, SheetFigures | null> {
	const shortTerm = (key: Exclude<LoanProductKey, 'dscr'>): SheetFigures | null => {
		const best = terms.shortTerm[SHEET_PROGRAMS[key]]
		return (
			best && {
				minRate: Number(best.minRate),
				maxLTV: best.maxLtv,
				leverageCaps: { loanToCost: best.caps.maxLoanToCost, loanToValueAfter: best.caps.maxLoanToArv, asIsLtv: best.caps.maxAsIsLtv },
			}
		)
	}
	return {
		dscr: dscrFigures(terms.dscr),
		bridge: shortTerm('bridge'),
		fixFlip: shortTerm('fixFlip'),
		construction: shortTerm('construction'),
	}
}

function dscrFigures(best: DscrBestCase | null): SheetFigures | null {
	if (!best) return null
	const { purchase, 'rate-term': rateTerm, 'cash-out': cashOut } = best.maxLtv
	// A best case exists only when some purpose is lent for; one that is not prints the highest LTV, not an empty figure.
	const highest = Math.max(purchase ?? 0, rateTerm ?? 0, cashOut ?? 0)
	const refinance = Math.max(rateTerm ?? 0, cashOut ?? 0) || highest
	return {
		minRate: Number(best.minRate),
		maxLTV: highest,
		maxLtvByPurpose: { purchase: purchase ?? highest, refinance, cashOut: cashOut ?? highest },
	}
}

export type AdvertisedProducts = {
	[K in LoanProductKey]: LoanProducts[K] & Pick<ProductFigures, 'maxLtvByPurpose' | 'leverageCaps'>
}

/**
 * docs/decisions/0067: the loan products as the public pages advertise them: the record's copy and limits, with its
 * "from" rate and max LTV replaced by the rate sheet's best case, so publishing a sheet changes every page that
 * prints them. A program the sheet does not offer keeps the record's figures.
 */
export function advertisedProducts(products: LoanProducts, sheet: RateSheet): AdvertisedProducts {
	const figures = sheetFigures(advertisedTerms(sheet))
	const merged = {} as Record<LoanProductKey, unknown>
	for (const key of Object.keys(products) as LoanProductKey[]) merged[key] = { ...products[key], ...(figures[key] ?? {}) }
	return merged as AdvertisedProducts
}
