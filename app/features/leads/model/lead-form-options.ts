import type { Option } from '#app/features/quote-wizard/options.ts'

const options = <const V extends string>(list: ReadonlyArray<Option<V>>) => list

/** spec 2 §2 Add Lead: the loan types are the values the wizard stores in loan_type (spec 1 §3). */
export const MANUAL_LOAN_TYPES = options([
	{ value: 'DSCR', label: 'DSCR' },
	{ value: 'Bridge', label: 'Bridge' },
	{ value: 'Fix & Flip', label: 'Fix & Flip' },
	{ value: 'Construction', label: 'Construction' },
])

/** spec 2 §2 Add Lead: property type options. */
export const MANUAL_PROPERTY_TYPES = options([
	{ value: 'single-family', label: 'Single Family' },
	{ value: 'multi-family', label: 'Multi-Family' },
	{ value: 'townhouse', label: 'Townhouse' },
	{ value: 'condo', label: 'Condo' },
	{ value: 'commercial', label: 'Commercial' },
	{ value: 'land', label: 'Land' },
])

/** spec 2 §2 Add Lead: transaction type options. */
export const MANUAL_TRANSACTION_TYPES = options([
	{ value: 'purchase', label: 'Purchase' },
	{ value: 'refinance', label: 'Refinance' },
	{ value: 'cash-out-refinance', label: 'Cash-Out Refinance' },
])

/** spec 2 §3: a lead entered by hand says so unless staff name another source. */
export const MANUAL_SOURCE_PAGE = 'Manual Entry'
