/**
 * Loan-product documents saved before the loan term became a figure (docs/decisions/0033) get the
 * seeded terms, and their seeded feature and terms-card texts that printed a figure are replaced by
 * the same text with the figure's token, so an edit of the figure shows everywhere. Texts staff wrote
 * themselves are kept as they are.
 */
type Key = 'dscr' | 'bridge' | 'construction' | 'fixFlip'

const TERM_MONTHS: Record<Key, { minTermMonths: number; maxTermMonths: number }> = {
	dscr: { minTermMonths: 360, maxTermMonths: 360 },
	bridge: { minTermMonths: 6, maxTermMonths: 18 },
	construction: { minTermMonths: 12, maxTermMonths: 18 },
	fixFlip: { minTermMonths: 6, maxTermMonths: 24 },
}

/** Seeded feature texts with a figure, before and after. */
const FEATURES: Record<Key, Record<string, string>> = {
	dscr: {},
	bridge: { 'Up to 80% LTV': 'Up to {maxLTV} LTV', '6-18 month terms': 'Terms of {termRange}' },
	construction: {
		'Up to 80% of project cost': 'Up to {maxLTV} of project cost',
		'Loans $50K to $5M': 'Loans {minLoan} to {maxLoan}',
		'12-18 month terms': 'Terms of {termRange}',
	},
	fixFlip: { 'Up to 92.5% of purchase': 'Up to {maxLTV} of purchase' },
}

/** Seeded terms-card rows with a figure: the card now prints these figures itself, so the rows go. */
const TERMS: Record<Key, string[]> = {
	dscr: ['Rates from|5.875%', 'Loan amounts|Up to $5M'],
	bridge: ['Rates from|8%', 'Max LTV|80%', 'Terms|6-18 months'],
	construction: ['Rates|10-13%+', 'Financing|Up to 80% of cost', 'Loan amounts|$50K-$5M', 'Terms|12-18 months'],
	fixFlip: ['Purchase|Up to 92.5%', 'Terms|Up to 24 months'],
}

/**
 * Seeded terms-card rows that became figures later (docs/decisions/0050: the down payment is 100 − max
 * LTV): dropped from documents of any age, since the card prints them from the record.
 */
const LATER_TERMS: Record<Key, string[]> = {
	dscr: ['Down payment|20-25%'],
	bridge: [],
	construction: [],
	fixFlip: [],
}

const withoutRows = (terms: unknown, rows: string[]) =>
	Array.isArray(terms)
		? terms.filter((row: { label?: unknown; value?: unknown }) => !rows.includes(`${String(row?.label)}|${String(row?.value)}`))
		: terms

export function upgradeLoanProduct(key: Key, value: unknown): unknown {
	if (!value || typeof value !== 'object') return value
	if ('minTermMonths' in value) {
		const product = value as { terms?: unknown }
		return LATER_TERMS[key].length === 0 ? value : { ...product, terms: withoutRows(product.terms, LATER_TERMS[key]) }
	}
	const product = value as { features?: unknown; terms?: unknown }
	const features = Array.isArray(product.features)
		? product.features.map((text) => (typeof text === 'string' ? (FEATURES[key][text] ?? text) : text))
		: product.features
	const terms = withoutRows(product.terms, [...TERMS[key], ...LATER_TERMS[key]])
	return { ...product, ...TERM_MONTHS[key], features, terms }
}
