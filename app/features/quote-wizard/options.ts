/** spec 1 §3: the option values of the quote wizard, with the labels the visitor sees. */
export type Option<V extends string = string> = { value: V; label: string; description?: string }

const options = <const V extends string>(list: ReadonlyArray<Option<V>>) => list

export const LOAN_PROGRAMS = options([
	{ value: 'dscr', label: 'DSCR Loan', description: 'Qualify on rental income, no tax returns' },
	{ value: 'short-term-bridge', label: 'Short-Term Bridge', description: 'Close in days, {bridge.termSpan} terms' },
	{ value: 'fix-flip', label: 'Fix & Flip', description: 'Purchase and rehab financing' },
	{ value: 'construction', label: 'Ground-Up Construction', description: 'Build with draws' },
])
/** spec 1 §2 switched fix-flip and construction off by flags; docs/decisions/0028 switches them on. */
export const ENABLED_LOAN_PROGRAMS = new Set(['dscr', 'short-term-bridge', 'fix-flip', 'construction'])

export const PROPERTY_TYPES = options([
	{ value: 'single-family', label: 'Single Family' },
	{ value: 'condo-townhome', label: 'Condo / Townhome' },
	{ value: 'multi-family', label: 'Multi-Family (2-4 units)' },
	{ value: 'multi-family-5plus', label: 'Multi-Family (5+ units)' },
	{ value: 'mixed-use-2-8', label: 'Mixed Use (2-8 units)' },
	{ value: 'commercial', label: 'Commercial' },
])

export const TRANSACTION_TYPES = options([
	{ value: 'purchase', label: 'Purchase' },
	{ value: 'refinance', label: 'Refinance' },
	{ value: 'cash-out-refinance', label: 'Cash-Out Refinance' },
])

export const YES_NO = options([
	{ value: 'yes', label: 'Yes' },
	{ value: 'no', label: 'No' },
])

export const OFFER_STATUSES = options([
	{ value: 'getting-ready', label: 'Getting ready to make an offer' },
	{ value: 'offer-pending', label: 'Offer made – pending' },
	{ value: 'under-contract', label: 'Currently under contract' },
])

export const CASH_OUT_PERCENTAGES = options([
	{ value: '80', label: '80%' },
	{ value: '75', label: '75%' },
	{ value: '70', label: '70%' },
	{ value: '65', label: '65%' },
	{ value: 'other', label: 'Other' },
])

export const QUOTE_PREFERENCES = options([
	{ value: 'call', label: 'Prefer Call' },
	{ value: 'text-email', label: 'Prefer Text / Email' },
])

export const PURCHASE_TIMELINES = options([
	{ value: '30-days', label: 'Within 30 days' },
	{ value: '60-days', label: 'Within 60 days' },
	{ value: '90-days', label: 'Within 90 days' },
	{ value: '6-months', label: 'Within 6 months' },
	{ value: 'exploring', label: 'Just exploring' },
])

export const PRICE_RANGES = options([
	{ value: 'under-250k', label: 'Under $250K' },
	{ value: '250k-500k', label: '$250K - $500K' },
	{ value: '500k-1m', label: '$500K - $1M' },
	{ value: '1m-3m', label: '$1M - $3M' },
	{ value: '3m-plus', label: '$3M+' },
])
/** spec 1 §3: the submission mapper also knows these older ranges. */
export const LEGACY_PRICE_RANGE_LABELS: Record<string, string> = {
	'500k-750k': '$500K - $750K',
	'750k-1m': '$750K - $1M',
	'over-1m': 'Over $1M',
}

export const DOWN_PAYMENT_AMOUNTS = options([
	{ value: 'less-20', label: 'Less than 20%' },
	{ value: '20-25', label: '20% - 25%' },
	{ value: '25-30', label: '25% - 30%' },
	{ value: '30-40', label: '30% - 40%' },
	{ value: 'more-40', label: 'More than 40%' },
])

export const FICO_SCORES = options([
	{ value: '740-plus', label: '740+' },
	{ value: '700-739', label: '700 - 739' },
	{ value: '680-699', label: '680 - 699' },
	{ value: '660-679', label: '660 - 679' },
	{ value: 'under-660', label: 'Under 660' },
])

export const FICO_SCORES_DETAILED = options([
	{ value: '800+', label: '800+' },
	{ value: '780-799', label: '780 - 799' },
	{ value: '760-779', label: '760 - 779' },
	{ value: '740-759', label: '740 - 759' },
	{ value: '720-739', label: '720 - 739' },
	{ value: '700-719', label: '700 - 719' },
	{ value: '680-699', label: '680 - 699' },
	{ value: '660-679', label: '660 - 679' },
	{ value: '640-659', label: '640 - 659' },
	{ value: '620-639', label: '620 - 639' },
	{ value: '600-619', label: '600 - 619' },
	{ value: 'below-600', label: 'Below 600' },
])

export const PROPERTY_CONDITIONS = options([
	{ value: 'excellent', label: 'Excellent' },
	{ value: 'good', label: 'Good' },
	{ value: 'needs-work', label: 'Needs some work' },
	{ value: 'major-rehab', label: 'Needs major rehab' },
])

export const TITLE_PREFERENCES = options([
	{ value: 'individual', label: 'In my name (individual)' },
	{ value: 'entity', label: 'In an LLC or other entity' },
])

export const RESIDENCE_OWNERSHIP = options([
	{ value: 'own', label: 'I own my home' },
	{ value: 'rent', label: 'I rent' },
	{ value: 'family', label: 'I live with family' },
])

export const EXIT_STRATEGIES = options([
	{ value: 'resell-12-months', label: 'Resell within 12 months' },
	{ value: 'keep-few-years', label: 'Keep for a few years' },
	{ value: 'keep-long-term', label: 'Keep long term' },
	{ value: 'other', label: 'Other' },
])

/** docs/decisions/0028: construction asks whether the land is owned or being bought. */
export const LAND_OWNERSHIP = options([
	{ value: 'owned', label: 'I already own the land' },
	{ value: 'buying', label: 'I am buying the land' },
])

/** docs/decisions/0028: the exit of a fix & flip or construction project. */
export const PROJECT_EXIT_STRATEGIES = options([
	{ value: 'sell', label: 'Sell the property' },
	{ value: 'refinance-rental', label: 'Refinance into a DSCR / rental loan' },
	{ value: 'other', label: 'Other' },
])

export const optionValues = <V extends string>(list: ReadonlyArray<Option<V>>) => list.map((option) => option.value) as [V, ...V[]]

export function optionLabel(list: ReadonlyArray<Option>, value: string | undefined) {
	return list.find((option) => option.value === value)?.label
}
