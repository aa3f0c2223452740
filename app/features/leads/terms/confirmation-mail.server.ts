import { desc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadQuotes, leads } from '#db/schema.ts'
import type { Company } from '#app/features/content/content-schemas.ts'
import { type MailLine, type MailRenderer, composeMail } from '#app/features/mail/outbox.server.ts'
import { termsSummary } from '#app/features/pricing/borrower-terms.ts'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { bandLabel } from '#app/features/pricing/terms-text.ts'
import { RETURN_LINK_FRAGMENT, RETURN_LINK_PATH } from '#app/features/quote-wizard/return-link.ts'
import { BORROWER_CONFIRMATION, type ConfirmationStage } from '../intake/borrower-confirmation.server.ts'
import { returnLink, returnLinkKeyFrom } from '../intake/return-link.server.ts'
import { findActiveOfficer } from '../routing/lead-routing.server.ts'
import { purposeOf } from './lead-terms.server.ts'

/**
 * docs/decisions/0097: the borrower's confirmation, sent at once after the short form (and again after the long form),
 * composed when it is sent: the terms shown by then (or that a loan officer will call), the officer's name and
 * Reply-To when one is assigned, and a link back to the quote made at that moment (intake/borrower-confirmation.server.ts
 * queues it).
 */
/** What the kept copy says where the link was: the link is a capability, and the database never holds one. */
const KEPT_LINK = '[personal link, not kept]'

/** The terms of the last snapshot the borrower was shown (or chose), as lines; none when nothing was priced. */
function termsLines(snapshot: { request: PricingRequest; response: PricingResponse } | null): string[] {
	if (!snapshot) return []
	const { request, response } = snapshot
	if (response.quotes.length === 1) {
		if (response.quotes[0]!.quote.rate === null) return []
		return [termsSummary(request, response)]
	}
	const offered = response.quotes.filter(({ quote }) => quote.rate !== null)
	if (offered.length === 0) return []
	return ['Rate by credit score:', ...offered.map(({ ficoBand, quote }) => `- ${bandLabel(ficoBand)}: ${formatRate(quote.rate!)}`)]
}

export function confirmationEmail(input: {
	to: string
	stage: ConfirmationStage
	company: Pick<Company, 'name' | 'phone'>
	terms: { request: PricingRequest; response: PricingResponse } | null
	officer: { name: string; email: string } | null
	link: { url: string; expiresAt: Date }
}) {
	const { company, officer, link } = input
	const terms = termsLines(input.terms)
	const until = link.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
	const lines: MailLine[] = [
		'Hello,',
		'',
		input.stage === 'short' ? 'Thank you for your quote request.' : 'Thank you for completing your application.',
		'',
		...(terms.length > 0
			? ['These are the indicative terms you saw on our website:', ...terms, '', input.terms!.response.notice]
			: ['A loan officer will call you to go over the terms for your scenario.']),
		'',
		officer
			? `Your loan officer is ${officer.name}. Reply to this e-mail to reach them.`
			: 'A loan officer will contact you within 24 hours.',
		'',
		`Come back to your terms and the rest of your application on any device until ${until}:`,
		link.url,
		'Keep this link to yourself: anyone with it can see your quote.',
		'',
		`To talk sooner, call ${company.phone}.`,
		'',
		company.name,
	]
	const subject = input.stage === 'short' ? `Your quote request with ${company.name}` : `Your application with ${company.name} is complete`
	return composeMail({ to: [input.to], subject, lines, ...(officer ? { replyTo: officer.email } : {}) })
}

/** The renderer the outbox worker calls for the borrower's confirmations (server/runtime.ts). */
export function borrowerConfirmationRenderer(options: {
	db: Database
	leadTokenKey: Buffer
	baseUrl: string
	company: () => Promise<Pick<Company, 'name' | 'phone'>>
	now?: () => Date
}): MailRenderer {
	const { db } = options
	return async (payload) => {
		if (payload.render !== BORROWER_CONFIRMATION || typeof payload.leadId !== 'string') {
			throw new Error(`Unknown message to compose: ${payload.render}`)
		}
		const stage: ConfirmationStage = payload.stage === 'long' ? 'long' : 'short'
		const [lead] = await db.select().from(leads).where(eq(leads.id, payload.leadId))
		// Deleted by staff, or anonymised by retention or an erasure: there is nobody to write to any more.
		if (!lead || lead.anonymizedAt) return null
		const [shown] = await db
			.select({ request: leadQuotes.request, response: leadQuotes.response })
			.from(leadQuotes)
			.where(eq(leadQuotes.leadId, lead.id))
			.orderBy(desc(leadQuotes.createdAt), desc(leadQuotes.id))
			.limit(1)
		// An owner-occupant was shown no terms (docs/decisions/0066), whatever a snapshot says.
		const statement = await purposeOf(db, lead.id)
		const terms = statement === 'business-purpose' && shown ? (shown as { request: PricingRequest; response: PricingResponse }) : null
		const officer = lead.assignedTo ? await findActiveOfficer(db, lead.assignedTo) : null
		const link = returnLink(returnLinkKeyFrom(options.leadTokenKey), options.baseUrl, lead.id, options.now?.() ?? new Date())
		const send = confirmationEmail({ to: lead.email, stage, company: await options.company(), terms, officer, link })
		// The copy kept is what went out, with the link's token replaced.
		const text = send.text.replace(link.url, `${options.baseUrl}${RETURN_LINK_PATH}#${RETURN_LINK_FRAGMENT}${KEPT_LINK}`)
		return { send, keep: { ...send, text, leadId: lead.id, stage } }
	}
}
