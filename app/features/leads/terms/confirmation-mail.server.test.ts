import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leadQuotes, leads, outbox } from '#db/schema.ts'
import { type MailTransport, type OutgoingMail, drainOutbox } from '#app/features/mail/outbox.server.ts'
import { termsSummary } from '#app/features/pricing/borrower-terms.ts'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { searchPersonalData } from '#app/features/data-requests/personal-data-search.server.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { call, handle, newLead, purpose, quote, services, setUpLeadTerms } from '../../../../tests/lead-terms-harness.ts'
import { signedInStaff } from '../../../../tests/staff-session.ts'
import { action as openLink } from '#app/routes/api/my-quote.ts'
import { action as completeLongForm } from '#app/routes/api/leads.long-form.ts'
import { BORROWER_CONFIRMATION, CONFIRMATION_DELAY_SECONDS } from '../intake/borrower-confirmation.server.ts'
import { borrowerConfirmationRenderer, confirmationEmail } from './confirmation-mail.server.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { bandLabel } from '#app/features/pricing/terms-text.ts'

/** docs/decisions/0097: the borrower hears from us at once, with the terms shown, their officer and a link back. */

setUpLeadTerms()

const from = 'no-reply@example.com'

/** Sends what is due, as the worker does, and answers what went out. */
async function sendDue() {
	const sent: OutgoingMail[] = []
	const transport: MailTransport = {
		async send(mail) {
			sent.push(mail)
		},
	}
	const render = borrowerConfirmationRenderer({
		db: handle.db,
		leadTokenKey: services.leadTokenKey,
		baseUrl: services.config.baseUrl,
		company: () => services.content.get('company'),
	})
	const result = await drainOutbox(handle.db, transport, { from, render })
	return { sent: sent.filter((mail) => mail.subject.includes('quote request') || mail.subject.includes('application')), result }
}

const confirmations = (leadId: string) =>
	handle.db
		.select()
		.from(outbox)
		.where(and(eq(outbox.kind, BORROWER_CONFIRMATION), sql`${outbox.payload}->>'leadId' = ${leadId}`))

const secondsUntil = (date: Date) => (date.getTime() - Date.now()) / 1000
const linkIn = (text: string) => /https?:\/\/\S+\/fast-quote#return=(\S+)/.exec(text)?.[1] ?? null
const open = (token: string) => call(openLink, '/api/my-quote', '', { token })

describe('the borrower’s confirmation after the short form', () => {
	test('is queued with the lead, naming only the lead, and waits two minutes for the terms to show', async () => {
		const lead = await newLead()
		const [row] = await confirmations(lead.id)
		expect(CONFIRMATION_DELAY_SECONDS).toBe(120)
		expect(row!.payload).toEqual({ render: BORROWER_CONFIRMATION, leadId: lead.id, stage: 'short' })
		expect(secondsUntil(row!.nextAttemptAt)).toBeGreaterThan(110)
		expect(secondsUntil(row!.nextAttemptAt)).toBeLessThanOrEqual(120)
		// Not due yet: nothing goes out.
		expect((await sendDue()).sent).toHaveLength(0)
	})

	test('goes at once when the terms are shown, with those terms, the indicative notice and a link that opens the lead', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		expect((await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '740-759' } })).status).toBe(200)
		const [row] = await confirmations(lead.id)
		expect(secondsUntil(row!.nextAttemptAt)).toBeLessThanOrEqual(1)
		const { sent } = await sendDue()
		expect(sent).toHaveLength(1)
		const mail = sent[0]!
		const company = await services.content.get('company')
		expect(mail.to).toEqual([janeContact.email])
		expect(mail.subject).toBe(`Your quote request with ${company.name}`)
		const [shown] = await handle.db.select().from(leadQuotes).where(eq(leadQuotes.leadId, lead.id))
		const snapshot = shown as unknown as { request: PricingRequest; response: PricingResponse }
		expect(mail.text).toContain('These are the indicative terms you saw on our website:')
		expect(mail.text).toContain(termsSummary(snapshot.request, snapshot.response))
		expect(mail.text).toContain(snapshot.response.notice)
		expect(mail.text).toContain('A loan officer will contact you within 24 hours.')
		expect(mail.text).toContain(`To talk sooner, call ${company.phone}.`)
		// Nothing the visitor typed: no name in the greeting or anywhere, no address.
		expect(mail.text.startsWith('Hello,\n')).toBe(true)
		expect(mail.text).not.toContain(janeContact.firstName)
		expect(mail.text).not.toContain('Main St')
		const token = linkIn(mail.text)
		expect(token).not.toBeNull()
		const opened = await open(token!)
		expect(opened.status).toBe(200)
		expect(opened.body.leadId).toBe(lead.id)
		// The kept copy is what was sent, without the link: the database never holds a usable one.
		const [kept] = await confirmations(lead.id)
		expect(kept!.status).toBe('sent')
		const copy = kept!.payload as OutgoingMail & { leadId: string }
		expect(copy).toMatchObject({ to: mail.to, subject: mail.subject, leadId: lead.id })
		expect(copy.text).toContain('[personal link, not kept]')
		expect(copy.text).not.toContain(token!)
		expect(copy.text.replace('[personal link, not kept]', token!)).toBe(mail.text)
		// A data request for the borrower's e-mail finds it.
		const found = await searchPersonalData(handle.db, { email: janeContact.email, phone: null })
		expect(found.emails.map((entry) => Number(entry.id))).toContain(kept!.id)
	})

	test('terms shown to one borrower send that lead’s confirmation now; another lead’s still waits its two minutes', async () => {
		const shown = await newLead()
		const waiting = await newLead({ ...refinanceAnswers, ...janeContact, email: 'waiting@example.com', phone: '(949) 555-0167' })
		expect((await purpose(shown.id, shown.token)).status).toBe(200)
		expect((await quote(shown.id, shown.token, { event: 'presented', refinements: { ficoBand: '740-759' } })).status).toBe(200)
		const [now] = await confirmations(shown.id)
		const [later] = await confirmations(waiting.id)
		expect(secondsUntil(now!.nextAttemptAt)).toBeLessThanOrEqual(1)
		expect(secondsUntil(later!.nextAttemptAt)).toBeGreaterThan(100)
	})

	test('names no terms when the band shown was not offered (no rate): a loan officer will call instead', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		expect((await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '740-759' } })).status).toBe(200)
		// A later snapshot of the one band, as an ineligible quote is kept: no rate (snapshots are never changed, only added).
		const [shown] = await handle.db.select().from(leadQuotes).where(eq(leadQuotes.leadId, lead.id))
		const { id: _id, ...snapshot } = shown!
		const response = structuredClone(snapshot.response) as PricingResponse
		expect(response.quotes).toHaveLength(1)
		response.quotes[0]!.quote.rate = null
		await handle.db.insert(leadQuotes).values({ ...snapshot, response, createdAt: new Date(snapshot.createdAt.getTime() + 1000) })
		const { sent } = await sendDue()
		expect(sent).toHaveLength(1)
		expect(sent[0]!.text).not.toContain('These are the indicative terms you saw on our website:')
		expect(sent[0]!.text).toContain('A loan officer will call you to go over the terms for your scenario.')
	})

	test('with a rate per credit score, lists only the bands that have a rate: a band not offered is left out, not printed', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		expect((await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '740-759' } })).status).toBe(200)
		const [shown] = await handle.db.select().from(leadQuotes).where(eq(leadQuotes.leadId, lead.id))
		const snapshot = shown as unknown as { request: PricingRequest; response: PricingResponse }
		const offered = snapshot.response.quotes[0]!
		expect(offered.quote.rate).not.toBeNull()
		// The grid's answer: one band priced, one the sheet does not offer (no rate).
		const response = structuredClone(snapshot.response)
		response.quotes = [offered, { ficoBand: '620-639', quote: { ...structuredClone(offered.quote), rate: null } }]
		const mail = confirmationEmail({
			to: janeContact.email,
			stage: 'short',
			company: { name: 'Example Lending', phone: '(555) 010-0000' },
			terms: { request: snapshot.request, response },
			officer: null,
			link: { url: 'https://example.com/fast-quote#return=x', expiresAt: new Date('2026-12-31T00:00:00Z') },
		})
		expect(mail.text).toContain('Rate by credit score:')
		expect(mail.text).toContain(`- ${bandLabel('740-759')}: ${formatRate(offered.quote.rate!)}`)
		expect(mail.text).not.toContain(bandLabel('620-639'))
	})

	test('names the assigned officer, and a reply reaches them', async () => {
		const lead = await newLead()
		const officer = await signedInStaff(services, ['user'])
		await handle.db.update(leads).set({ assignedTo: officer.user.id }).where(eq(leads.id, lead.id))
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		const [mail] = (await sendDue()).sent
		expect(mail!.text).toContain(`Your loan officer is ${officer.user.name}. Reply to this e-mail to reach them.`)
		expect(mail!.replyTo).toBe(officer.email)
	})

	test('without terms (none shown in time) says a loan officer will call; an owner-occupant’s goes at once, without terms', async () => {
		const waited = await newLead()
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		const [plain] = (await sendDue()).sent
		expect(plain!.text).toContain('A loan officer will call you to go over the terms for your scenario.')
		expect(plain!.text).not.toContain('indicative terms you saw')
		expect(linkIn(plain!.text)).not.toBeNull()
		expect(waited.id).toBeTruthy()

		const owner = await newLead({ ...refinanceAnswers, ...janeContact, email: 'owner@example.com', phone: '(949) 555-0166' })
		expect((await purpose(owner.id, owner.token, 'owner-occupant')).status).toBe(200)
		const [row] = await confirmations(owner.id)
		expect(secondsUntil(row!.nextAttemptAt)).toBeLessThanOrEqual(1)
		const [mail] = (await sendDue()).sent
		expect(mail!.to).toEqual(['owner@example.com'])
		expect(mail!.text).toContain('A loan officer will call you to go over the terms for your scenario.')
	})

	test('an owner-occupant’s names no terms even when a snapshot is on the lead (docs/decisions/0066: whatever a snapshot says)', async () => {
		const business = await newLead({ ...refinanceAnswers, ...janeContact, email: 'business@example.com', phone: '(949) 555-0144' })
		expect((await purpose(business.id, business.token)).status).toBe(200)
		expect((await quote(business.id, business.token, { event: 'presented', refinements: { ficoBand: '740-759' } })).status).toBe(200)
		const [shown] = await handle.db.select().from(leadQuotes).where(eq(leadQuotes.leadId, business.id))
		const owner = await newLead({ ...refinanceAnswers, ...janeContact, email: 'owner-2@example.com', phone: '(949) 555-0133' })
		expect((await purpose(owner.id, owner.token, 'owner-occupant')).status).toBe(200)
		const { id: _id, ...snapshot } = shown!
		await handle.db.insert(leadQuotes).values({ ...snapshot, leadId: owner.id })
		const mail = (await sendDue()).sent.find((sent) => sent.to[0] === 'owner-2@example.com')
		expect(mail!.text).toContain('A loan officer will call you to go over the terms for your scenario.')
		expect(mail!.text).not.toContain('indicative terms you saw')
	})

	test('is dropped, not sent, when the lead is gone or anonymised before it is due', async () => {
		const deleted = await newLead()
		const anonymised = await newLead({ ...refinanceAnswers, ...janeContact, email: 'anon@example.com', phone: '(949) 555-0155' })
		await handle.db.delete(leads).where(eq(leads.id, deleted.id))
		await handle.db.update(leads).set({ anonymizedAt: new Date() }).where(eq(leads.id, anonymised.id))
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		const { sent } = await sendDue()
		expect(sent).toHaveLength(0)
		for (const id of [deleted.id, anonymised.id]) {
			const [row] = await confirmations(id)
			expect(row).toMatchObject({ status: 'dropped', lastError: 'Nothing to send any more' })
		}
	})

	test('is not queued for a request over its contact’s hourly limit (nobody is told of those)', async () => {
		for (let i = 0; i < 6; i++) await newLead()
		const rows = await handle.db.select().from(outbox).where(eq(outbox.kind, BORROWER_CONFIRMATION))
		expect(rows).toHaveLength(5)
	})

	const mailInput = {
		to: janeContact.email,
		stage: 'short' as const,
		company: { name: 'Example Lending', phone: '(555) 010-0000' },
		terms: null,
		officer: null,
		link: { url: 'https://example.com/fast-quote#return=x', expiresAt: new Date('2026-12-31T00:00:00Z') },
	}

	test('a purpose statement alone does not send it: a business-purpose borrower’s still waits for the terms', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		const [row] = await confirmations(lead.id)
		expect(secondsUntil(row!.nextAttemptAt)).toBeGreaterThan(100)
	})

	test('terms shown hurry only a confirmation never tried yet, and no other message about the lead', async () => {
		const lead = await newLead()
		// A first try failed (or a worker holds it): it waits for its retry, not sent twice at once.
		await handle.db
			.update(outbox)
			.set({ attempts: 1, nextAttemptAt: sql`now() + interval '60 seconds'` })
			.where(and(eq(outbox.kind, BORROWER_CONFIRMATION), sql`${outbox.payload}->>'leadId' = ${lead.id}`))
		const [other] = await handle.db
			.insert(outbox)
			.values({
				kind: 'notify-assigned-lead',
				payload: { leadId: lead.id },
				leadId: lead.id,
				nextAttemptAt: sql`now() + interval '60 seconds'`,
			})
			.returning()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		expect((await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '740-759' } })).status).toBe(200)
		const [retried] = await confirmations(lead.id)
		expect(secondsUntil(retried!.nextAttemptAt)).toBeGreaterThan(40)
		const [untouched] = await handle.db.select().from(outbox).where(eq(outbox.id, other!.id))
		expect(secondsUntil(untouched!.nextAttemptAt)).toBeGreaterThan(40)
	})

	test('names no terms when no band of the grid has a rate: a loan officer will call instead', () => {
		const request = { program: 'dscr', ficoBand: undefined } as unknown as PricingRequest
		const unpriced = { rate: null } as unknown as PricingResponse['quotes'][number]['quote']
		const response = {
			notice: 'Indicative only.',
			quotes: [
				{ ficoBand: '740-759', quote: unpriced },
				{ ficoBand: '620-639', quote: unpriced },
			],
		} as unknown as PricingResponse
		const mail = confirmationEmail({ ...mailInput, terms: { request, response } })
		expect(mail.text).not.toContain('Rate by credit score:')
		expect(mail.text).not.toContain('indicative terms you saw')
		expect(mail.text).toContain('A loan officer will call you to go over the terms for your scenario.')
	})

	test('says until which day the link works, written out, and that the link is personal', () => {
		const mail = confirmationEmail({
			...mailInput,
			link: { url: 'https://example.com/fast-quote#return=x', expiresAt: new Date('2026-12-31T23:30:00Z') },
		})
		expect(mail.text).toContain('Come back to your terms and the rest of your application on any device until December 31, 2026:')
		expect(mail.text).toContain('https://example.com/fast-quote#return=x\nKeep this link to yourself: anyone with it can see your quote.')
	})

	test('its link is made when the mail is composed: it works for 30 days from then', async () => {
		const lead = await newLead()
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		const sent: OutgoingMail[] = []
		const render = borrowerConfirmationRenderer({
			db: handle.db,
			leadTokenKey: services.leadTokenKey,
			baseUrl: services.config.baseUrl,
			company: () => services.content.get('company'),
			now: () => new Date('2026-11-01T12:00:00Z'),
		})
		await drainOutbox(handle.db, { send: async (mail) => void sent.push(mail) }, { from, render })
		expect(sent.find((mail) => mail.to[0] === janeContact.email)!.text).toContain('on any device until December 1, 2026:')
		const [kept] = await confirmations(lead.id)
		expect(kept!.payload).toMatchObject({ leadId: lead.id, stage: 'short' })
	})
})

describe('the borrower’s confirmation after the long form', () => {
	test('is queued at the first completion only, and says the application is complete', async () => {
		const lead = await newLead()
		const long = () =>
			call(
				completeLongForm,
				`/api/leads/${lead.id}/long-form`,
				lead.id,
				{
					formData: { ...refinanceAnswers, ...janeContact, ...longFormAnswers, leadId: lead.id },
				},
				lead.token,
			)
		expect((await long()).status).toBe(200)
		expect((await long()).status).toBe(200)
		const rows = await confirmations(lead.id)
		expect(rows.map((row) => (row.payload as { stage: string }).stage).sort()).toEqual(['long', 'short'])
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		const company = await services.content.get('company')
		const sent = (await sendDue()).sent
		expect(sent.map((mail) => mail.subject).sort()).toEqual([
			`Your application with ${company.name} is complete`,
			`Your quote request with ${company.name}`,
		])
		const complete = sent.find((mail) => mail.subject.endsWith('is complete'))!
		expect(complete.text).toContain('Thank you for completing your application.')
		expect(complete.text).not.toContain('Thank you for your quote request.')
		const kept = await confirmations(lead.id)
		expect(kept.map((row) => (row.payload as { stage: string }).stage).sort()).toEqual(['long', 'short'])
	})
})
