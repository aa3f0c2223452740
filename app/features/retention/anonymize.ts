// docs/decisions/0090: what retention keeps of a lead once its borrower's personal data is disposed of. Everything is
// dropped except what is listed here: the figures and choices that reports and the funnel count. A new field of the
// wizard is dropped until someone decides it is not personal and adds it.

/** The answers kept: the program, the property's kind and state, the amounts and the borrower's choices. */
export const KEPT_ANSWERS = new Set([
	'formMode',
	'loanProgram',
	'propertyType',
	'transactionType',
	'hasFoundProperty',
	'offerStatus',
	'addressInputMethod',
	'propertyState',
	'manualState',
	'targetState',
	'purchasePrice',
	'downPayment',
	'estimatedPropertyValue',
	'currentBalance',
	'cashOutPercentage',
	'quotePreference',
	'purchaseTimeline',
	'priceRange',
	'downPaymentAmount',
	'ficoScore',
	'ficoScoreDetailed',
	'currentlyRented',
	'monthlyRent',
	'estimatedMonthlyRent',
	'hasMonthlyHOA',
	'monthlyHOAAmount',
	'propertyCondition',
	'interestOnlyOption',
	'interestOnlyPreference',
	'escrowAccount',
	'escrowPreference',
	'titlePreference',
	'exitStrategy',
	'primaryResidenceOwnership',
	'otherInvestmentCount',
	'rehabBudget',
	'afterRepairValue',
	'landOwnership',
	'landValue',
	'constructionBudget',
	'afterCompletionValue',
	'projectExperience',
	'projectMonths',
	'projectExitStrategy',
	'submitted_at',
])

/** What an anonymised lead's name reads in the dashboard. */
export const ANONYMIZED_NAME = 'Anonymized'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Only the kept keys of a record, or null when none is left. */
function keptOf(value: unknown, kept: ReadonlySet<string>): Record<string, unknown> | null {
	if (!isRecord(value)) return null
	const entries = Object.entries(value).filter(([key]) => kept.has(key))
	return entries.length > 0 ? Object.fromEntries(entries) : null
}

/** The stored application (JSON text) without personal answers; free notes of a manual lead go entirely. */
export function anonymizedMessage(message: string | null): string | null {
	if (!message?.startsWith('{')) return null
	try {
		const kept = keptOf(JSON.parse(message), KEPT_ANSWERS)
		return kept ? JSON.stringify(kept) : null
	} catch {
		return null
	}
}

/** Campaign names stay for the funnel; click ids, the referrer and the landing page's address go. */
const KEPT_TOUCH = new Set(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'at'])

export function anonymizedAttribution(attribution: unknown): Record<string, unknown> | null {
	if (!isRecord(attribution)) return null
	const touches = Object.entries(attribution)
		.filter(([key]) => key === 'firstTouch' || key === 'lastTouch')
		.map(([key, touch]) => [key, keptOf(touch, KEPT_TOUCH)] as const)
		.filter(([, touch]) => touch !== null)
	return touches.length > 0 ? Object.fromEntries(touches) : null
}

/** The long form's columns keep their kept answers; free text and the borrower's own address go. */
export const anonymizedDetails = (details: unknown) => keptOf(details, KEPT_ANSWERS)
