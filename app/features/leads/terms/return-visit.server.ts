import { desc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leadQuotes, leads } from '#db/schema.ts'
import type { PricingRequest } from '#app/features/pricing/pricing-request.ts'
import type { ReturnVisitAnswer } from '#app/features/quote-wizard/return-link.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import { parseApplication } from '../model/lead-application.ts'
import { purposeOf } from './lead-terms.server.ts'
import { readReturnToken, returnLinkKeyFrom, returnLinkOpens } from '../intake/return-link.server.ts'

/** docs/decisions/0096: the one answer for every link that does not open a lead (wrong, expired, revoked, never issued). */
export const returnLinkRefusal = (phone: string) => ({
	error: `This link has expired or is no longer valid. Start a new quote, or call us at ${phone}.`,
})

/** What the wizard needs to go on where the borrower left it, on any device. */
export type ReturnVisit = Omit<ReturnVisitAnswer, 'formData'> & { formData: LoanFormData }

/**
 * docs/decisions/0103: the refinements and cell of the terms a borrower last saw or chose, read back from the lead's
 * latest frozen copy (its request holds them beside the stored answers' figures, which price the same).
 */
export function termsOfRequest(request: PricingRequest): ReturnVisit['terms'] {
	if (request.program !== 'dscr') return { refinements: request.ficoBand ? { ficoBand: request.ficoBand } : {} }
	const refinements: Record<string, string | number | boolean> = { product: request.product, interestOnly: request.interestOnly }
	for (const field of ['ficoBand', 'monthlyRent', 'annualTaxes', 'annualInsurance', 'monthlyHoa'] as const) {
		const value = request[field]
		if (value !== undefined) refinements[field] = value
	}
	return {
		refinements,
		...(request.ficoBand && request.prepayment ? { choice: { prepayment: request.prepayment, points: request.points } } : {}),
	}
}

/**
 * The application's answers as the wizard keeps them: the stored submission times are the server's, and the phone,
 * stored in its E.164 form, is shown again as people read it.
 */
function wizardAnswers(message: string | null): LoanFormData {
	const application = (parseApplication(message) ?? {}) as Record<string, unknown>
	const { submitted_at: _submitted, long_form_submitted_at: _long, ...answers } = application
	if (typeof answers.phone === 'string') answers.phone = formatPhone(answers.phone)
	return answers as LoanFormData
}

/**
 * docs/decisions/0096: a return link opened. The lead it names, when the link still opens it, with its answers and its
 * purpose statement; the visit is written in the lead's history for the officer. Null for anything else, whatever
 * the reason, so the answer never tells a stranger whether a lead exists.
 */
export async function openReturnLink(db: Database, leadTokenKey: Buffer, token: string, now = new Date()): Promise<ReturnVisit | null> {
	const named = readReturnToken(returnLinkKeyFrom(leadTokenKey), token)
	if (!named) return null
	const [lead] = await db.select().from(leads).where(eq(leads.id, named.leadId))
	if (!lead || !returnLinkOpens(named, lead, now)) return null
	const statement = await purposeOf(db, lead.id)
	const [latest] = await db
		.select({ request: leadQuotes.request })
		.from(leadQuotes)
		.where(eq(leadQuotes.leadId, lead.id))
		.orderBy(desc(leadQuotes.createdAt), desc(leadQuotes.id))
		.limit(1)
	await db.insert(leadActivity).values({ leadId: lead.id, action: 'return_link_opened' })
	return {
		leadId: lead.id,
		formData: { ...wizardAnswers(lead.message), formMode: 'short', leadId: lead.id },
		statement,
		longFormCompleted: lead.formCompletionStatus === 'long_form',
		terms: latest ? termsOfRequest(latest.request as PricingRequest) : null,
	}
}
