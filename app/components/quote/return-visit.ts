import {
	LEAD_ID_STORAGE_KEY,
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
} from '#app/features/quote-wizard/form-data.ts'
import { memoryFromTerms, writeTermsMemory } from '#app/features/pricing/terms-memory.ts'
import type { ReturnVisitAnswer } from '#app/features/quote-wizard/return-link.ts'
import { postJson } from '#app/features/quote-wizard/submit.ts'

/** The terms panel keeps the borrower's purpose statement per lead in this tab (terms-panel.tsx). */
const purposeKey = (leadId: string) => `quote-purpose:${leadId}`

/**
 * docs/decisions/0096: the quote page opened from a return link (`#return=<token>`). The link is opened on the server
 * and, when it still opens its lead, this device takes the lead over: its answers, its id, the link as the credential
 * of the lead's calls, the purpose statement and the short form's thank-you step, where the terms are. The wizard then
 * restores from storage as after any reload. The answer holds the refusal to show, if the link opened nothing.
 */
export async function takeOverFromReturnLink(token: string): Promise<{ refused: string | null }> {
	const result = await postJson<ReturnVisitAnswer>('/api/my-quote', { token }, { idempotencyKey: crypto.randomUUID(), delays: [1000] })
	if (!result.ok) return { refused: result.message }
	const { leadId, formData, statement } = result.body
	try {
		localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ ...formData, formMode: 'short', leadId }))
		localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('short-thank-you'))
		localStorage.setItem(LEAD_ID_STORAGE_KEY, JSON.stringify(leadId))
		localStorage.setItem(LEAD_TOKEN_STORAGE_KEY, JSON.stringify(token))
		sessionStorage.setItem(LEAD_ID_STORAGE_KEY, JSON.stringify(leadId))
		if (statement) sessionStorage.setItem(purposeKey(leadId), statement)
		// docs/decisions/0103: the same band, loan, amounts and cell the borrower last saw.
		if (result.body.terms) writeTermsMemory(leadId, memoryFromTerms(result.body.terms))
	} catch {
		return { refused: 'This browser does not let the page keep your quote. Allow site data, or open the link in another browser.' }
	}
	return { refused: null }
}
