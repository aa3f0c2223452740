import { type TermsChoiceInput, termsChoiceSchema } from '#app/features/pricing/borrower-terms.ts'
import type { ReturnVisitAnswer } from '#app/features/quote-wizard/return-link.ts'
import { FICO_BANDS } from '#app/features/pricing/rate-sheet.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { type TermsInputs, inputsFromAnswers, refinementsOf } from './terms-refinements.ts'

/**
 * docs/decisions/0099: what the borrower set on the terms panel (credit band, rent, taxes, insurance, HOA, the grid's
 * cell), kept in this tab for the lead, so a reload or the Back button shows the same terms, the long form starts from
 * them and its thank-you screen shows the cell they chose. Figures only: no name, address or contact.
 */
export type TermsMemory = {
	inputs: TermsInputs
	choice?: TermsChoiceInput
	/** Where the panel was when it kept these: set on the long form's thank-you, they are newer than its answers. */
	formMode?: 'short' | 'long'
}

const memoryKey = (leadId: string) => `quote-terms:${leadId}`

export function readTermsMemory(leadId: string | null): TermsMemory | null {
	if (!leadId) return null
	try {
		const saved = JSON.parse(sessionStorage.getItem(memoryKey(leadId)) ?? 'null') as TermsMemory | null
		return saved && typeof saved === 'object' && saved.inputs && typeof saved.inputs === 'object' ? saved : null
	} catch {
		return null
	}
}

export function writeTermsMemory(leadId: string, memory: TermsMemory) {
	try {
		sessionStorage.setItem(memoryKey(leadId), JSON.stringify(memory))
	} catch {
		// Storage unavailable: the terms are priced again from the answers after a reload.
	}
}

/**
 * The panel's fields when it opens: what the borrower set before (a reload, Back), else the answers. After the long
 * form its answers are the newer word on the credit band, rent, HOA and interest-only, so they win where they give
 * one over what was set before it; what was set on the long form's own thank-you is newer still.
 */
export function initialTermsInputs(data: LoanFormData, memory: TermsMemory | null): TermsInputs {
	const answers = inputsFromAnswers(data)
	if (!memory) return answers
	if (data.formMode !== 'long' || memory.formMode === 'long') return { ...answers, ...memory.inputs }
	const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== '')) as Partial<TermsInputs>
	return { ...memory.inputs, ...given }
}

/**
 * docs/decisions/0099: nothing asked twice. The long form's answers that the terms panel already gave: the credit band,
 * the rent (as the estimate, which the rent question takes whichever way it is answered, decision 0075), the HOA
 * dues and interest-only payments; only where the long form has no answer yet and the panel's figure is valid.
 */
export function answersFromTerms(memory: TermsMemory | null, data: LoanFormData): Partial<LoanFormData> {
	if (!memory) return {}
	const { value } = refinementsOf(memory.inputs)
	const patch: Partial<LoanFormData> = {}
	if (!data.ficoScoreDetailed && value.ficoBand && (FICO_BANDS as readonly string[]).includes(value.ficoBand))
		patch.ficoScoreDetailed = value.ficoBand
	if (!data.monthlyRent && !data.estimatedMonthlyRent && value.monthlyRent) patch.estimatedMonthlyRent = memory.inputs.monthlyRent.trim()
	if (!data.monthlyHOAAmount && value.monthlyHoa) patch.monthlyHOAAmount = memory.inputs.monthlyHoa.trim()
	// docs/decisions/0103: the payments chosen beside the grid answer the long form's interest-only question.
	if (!data.interestOnlyPreference && value.interestOnly !== undefined) patch.interestOnlyPreference = value.interestOnly ? 'yes' : 'no'
	return patch
}

/**
 * docs/decisions/0103: the terms a return link brings back (the refinements and cell of the lead's latest frozen copy),
 * as the panel's kept figures, so another device opens on the same band, loan, amounts and cell.
 */
export function memoryFromTerms(terms: NonNullable<ReturnVisitAnswer['terms']>): TermsMemory {
	const { refinements, choice } = terms
	const text = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '')
	const inputs: TermsInputs = {
		ficoBand: text(refinements.ficoBand),
		monthlyRent: text(refinements.monthlyRent),
		annualTaxes: text(refinements.annualTaxes),
		annualInsurance: text(refinements.annualInsurance),
		monthlyHoa: text(refinements.monthlyHoa),
		product: text(refinements.product),
		interestOnly: typeof refinements.interestOnly === 'boolean' ? (refinements.interestOnly ? 'yes' : 'no') : '',
	}
	const parsed = choice ? termsChoiceSchema.safeParse(choice) : null
	return { inputs, ...(parsed?.success ? { choice: parsed.data } : {}), formMode: 'short' }
}
