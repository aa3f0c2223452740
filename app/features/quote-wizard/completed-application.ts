import type { LoanFormData } from './form-data.ts'

/**
 * docs/decisions/0102: the application the long form completed, kept in this tab's session storage, so a reload (or Back
 * then Forward) of the long thank-you screen shows it again with the same terms. Spec 1 §4 still removes the answers,
 * step, lead id and token from local storage there, so another tab or a later visit starts fresh; "Start a new quote"
 * and a link that says what to quote (docs/decisions/0098) drop this record too.
 */
export const COMPLETED_APPLICATION_KEY = 'quote-completed'

/** What the long thank-you screen and its terms panel need: the lead, the credential of its calls, and the answers they show. */
export type CompletedApplication = { leadId: string; token: string; answers: LoanFormData }

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * The answers kept: the figures the terms are priced from (scenario-from-answers.ts, terms-refinements.ts) and what the
 * screen already shows (the name on the printed term sheet, the e-mail the chosen terms go to, the phone the officer
 * calls). No address, no free text, nothing else the long form asked.
 */
const KEPT_ANSWERS = [
	'loanProgram',
	'propertyType',
	'transactionType',
	'hasFoundProperty',
	'purchasePrice',
	'downPayment',
	'estimatedPropertyValue',
	'currentBalance',
	'cashOutPercentage',
	'cashOutPercentageOther',
	'priceRange',
	'downPaymentAmount',
	'ficoScore',
	'ficoScoreDetailed',
	'currentlyRented',
	'monthlyRent',
	'estimatedMonthlyRent',
	'hasMonthlyHOA',
	'monthlyHOAAmount',
	'interestOnlyOption',
	'interestOnlyPreference',
	'rehabBudget',
	'afterRepairValue',
	'landOwnership',
	'landValue',
	'constructionBudget',
	'afterCompletionValue',
	'projectExperience',
	'projectMonths',
	'firstName',
	'lastName',
	'email',
	'phone',
] as const satisfies readonly (keyof LoanFormData)[]

/** The record of a completed application, or null without a lead or a token (nothing to show terms for). */
export function completedApplication(data: LoanFormData, token: string | null): CompletedApplication | null {
	if (!data.leadId || !token) return null
	const answers: LoanFormData = { formMode: 'long', leadId: data.leadId }
	for (const key of KEPT_ANSWERS) {
		const value = data[key]
		if (typeof value === 'string') (answers as Record<string, string>)[key] = value
	}
	return { leadId: data.leadId, token, answers }
}

export function keepCompletedApplication(storage: KeptStorage, record: CompletedApplication) {
	try {
		storage.setItem(COMPLETED_APPLICATION_KEY, JSON.stringify(record))
	} catch {
		// Private mode or a full quota: a reload of the thank-you screen starts a new quote, as before.
	}
}

export function readCompletedApplication(storage: KeptStorage): CompletedApplication | null {
	try {
		const saved = JSON.parse(storage.getItem(COMPLETED_APPLICATION_KEY) ?? 'null') as Partial<CompletedApplication> | null
		if (!saved || typeof saved !== 'object') return null
		const { leadId, token, answers } = saved
		if (typeof leadId !== 'string' || typeof token !== 'string' || !answers || typeof answers !== 'object') return null
		// Only what this module keeps comes back, whatever else the storage holds.
		return completedApplication({ ...answers, leadId }, token)
	} catch {
		return null
	}
}

export function forgetCompletedApplication(storage: KeptStorage) {
	try {
		storage.removeItem(COMPLETED_APPLICATION_KEY)
	} catch {
		// Storage unavailable: nothing was kept.
	}
}
