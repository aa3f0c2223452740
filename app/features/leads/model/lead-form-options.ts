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

/**
 * docs/decisions/0109: Add Lead's property types keep both lists: every option of spec 2 §2 (single-family,
 * multi-family, townhouse, condo, commercial, land) and the wizard's types it lacks (5+ units, mixed use), so a lead
 * by phone can be described as a wizard lead is and as the spec's dialog could. Condo and townhouse stay apart (the
 * wizard's "Condo / Townhome" is both); multi-family is the wizard's 2-4 units, which the spec's value is.
 */
export const ADD_LEAD_PROPERTY_TYPES = options([
	{ value: 'single-family', label: 'Single Family' },
	{ value: 'multi-family', label: 'Multi-Family (2-4 units)' },
	{ value: 'multi-family-5plus', label: 'Multi-Family (5+ units)' },
	{ value: 'mixed-use-2-8', label: 'Mixed Use (2-8 units)' },
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

/** spec 2 §3: a lead entered by hand says so unless staff name another source (the dialog's field starts with it). */
export const MANUAL_SOURCE_PAGE = 'Manual Entry'

/** docs/decisions/0109: what Add Lead's source field starts with for a lead made of a contact-form message. */
export const CONTACT_MESSAGE_SOURCE_PAGE = 'Contact form message'
