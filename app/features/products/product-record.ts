import type { LoanProduct } from '#app/features/content/content-schemas.ts'
import { formatPercent } from './figures.ts'

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
>

export function toProductRecord(product: LoanProduct): ProductRecord {
	const { title, description, minRate, maxLTV, minLoanAmount, maxLoanAmount, minTermMonths, maxTermMonths, features, terms } = product
	return { title, description, minRate, maxLTV, minLoanAmount, maxLoanAmount, minTermMonths, maxTermMonths, features, terms }
}

/** A starting rate as displayed: 5.875 -> "5.875%", 8 -> "8%". */
export const formatRate = formatPercent
