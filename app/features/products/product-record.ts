import type { LoanProduct } from '#app/features/content/content-schemas.ts'
import type { ProductFigures } from './figures.ts'

/** The staff-editable part of a product page: hero title and description, its figures, features and terms card. */
export type ProductRecord = Pick<
	LoanProduct,
	| 'title'
	| 'description'
	| 'minRate'
	| 'maxLTV'
	| 'minLoanAmount'
	| 'maxLoanAmount'
	| 'minTermMonths'
	| 'maxTermMonths'
	| 'features'
	| 'terms'
> &
	Pick<ProductFigures, 'maxLtvByPurpose' | 'leverageCaps' | 'claims' | 'financedTypes'>

/** A product's page record; its rate and LTV are the rate sheet's when it went through `advertisedProducts` (docs/decisions/0067). */
export function toProductRecord(
	product: LoanProduct & Pick<ProductFigures, 'maxLtvByPurpose' | 'leverageCaps' | 'claims' | 'financedTypes'>,
): ProductRecord {
	const { title, description, minRate, maxLTV, minLoanAmount, maxLoanAmount, minTermMonths, maxTermMonths, features, terms } = product
	return {
		title,
		description,
		minRate,
		maxLTV,
		minLoanAmount,
		maxLoanAmount,
		minTermMonths,
		maxTermMonths,
		features,
		terms,
		...(product.maxLtvByPurpose ? { maxLtvByPurpose: product.maxLtvByPurpose } : {}),
		...(product.leverageCaps ? { leverageCaps: product.leverageCaps } : {}),
		...(product.claims ? { claims: product.claims } : {}),
		...(product.financedTypes ? { financedTypes: product.financedTypes } : {}),
	}
}
