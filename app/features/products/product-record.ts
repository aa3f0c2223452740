import type { LoanProduct } from '#app/features/content/content-schemas.ts'

/** The staff-editable figures a product page shows: hero title and description, starting rate and the terms card. */
export type ProductRecord = Pick<LoanProduct, 'title' | 'description' | 'minRate' | 'features' | 'terms'>

export function toProductRecord({ title, description, minRate, features, terms }: LoanProduct): ProductRecord {
	return { title, description, minRate, features, terms }
}

/** A starting rate as displayed: 5.875 -> "5.875%", 8 -> "8%". */
export function formatRate(rate: number) {
	return `${rate.toLocaleString('en-US', { maximumFractionDigits: 3 })}%`
}
