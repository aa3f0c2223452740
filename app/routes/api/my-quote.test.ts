import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { activityLog, leadActivity, leads } from '#db/schema.ts'
import { RETURN_LINK_DAYS, issueReturnToken, returnLinkKeyFrom, returnLinkOpens } from '#app/features/leads/intake/return-link.server.ts'
import { revokeReturnLinks } from '#app/features/leads/work/return-links.server.ts'
import { janeContact, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { admin, call, handle, newLead, purpose, quote, services, setUpLeadTerms } from '../../../tests/lead-terms-harness.ts'
import { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import { memoryFromTerms } from '#app/features/pricing/terms-memory.ts'
import { refinementsOf } from '#app/features/pricing/terms-refinements.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { action as issueLink } from './leads.return-link.ts'
import { RETURN_LINK_RATE_LIMIT, action as openLink } from './my-quote.ts'

/** docs/decisions/0096: the borrower's link back to their quote, a signed capability for one lead, for 30 days. */

setUpLeadTerms()

const DAY_MS = 24 * 60 * 60 * 1000
const key = () => returnLinkKeyFrom(services.leadTokenKey)
const linkFor = (id: string, token: string | undefined) => call(issueLink, `/api/leads/${id}/return-link`, id, {}, token)
const open = (token: unknown) => call(openLink, '/api/my-quote', '', { token })
/** The token of a link's address (it travels in the fragment). */
const tokenOf = (url: string) => url.split('#return=')[1]!

/** What a link that opens nothing answers: the one answer for a link that never existed. */
async function neverIssued() {
	const stranger = issueReturnToken(key(), crypto.randomUUID())
	const answer = await open(stranger)
	expect(answer.status).toBe(404)
	return answer
}

describe('a link back to the quote', () => {
	test('is asked for with the completion token, and opens the lead’s answers on any device, as often as needed', async () => {
		const lead = await newLead()
		const { status, body } = await linkFor(lead.id, lead.token)
		expect(status).toBe(200)
		expect(body.url).toMatch(new RegExp(`^${services.config.baseUrl}/fast-quote#return=[A-Za-z0-9_-]{27}\\.[A-Za-z0-9_-]{22}$`))
		const expiresAt = new Date(body.expiresAt).getTime()
		expect(Math.abs(expiresAt - (Date.now() + RETURN_LINK_DAYS * DAY_MS))).toBeLessThan(5_000)
		for (const _device of ['phone', 'laptop']) {
			const opened = await open(tokenOf(body.url))
			expect(opened.status).toBe(200)
			expect(opened.body).toMatchObject({
				leadId: lead.id,
				statement: null,
				longFormCompleted: false,
				formData: { ...refinanceAnswers, ...janeContact, formMode: 'short', leadId: lead.id },
			})
			expect(opened.body.formData).not.toHaveProperty('submitted_at')
		}
		// The officer sees that the borrower came back, once per visit.
		const visits = await handle.db
			.select()
			.from(leadActivity)
			.where(and(eq(leadActivity.leadId, lead.id), eq(leadActivity.action, 'return_link_opened')))
		expect(visits).toHaveLength(2)
	})

	test('carries the purpose statement the borrower made, so the terms come back without asking again', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		const { body } = await linkFor(lead.id, lead.token)
		expect((await open(tokenOf(body.url))).body.statement).toBe('business-purpose')
	})

	test('docs/decisions/0103: brings back the band, loan, amounts and cell of the terms last seen, and nothing before any', async () => {
		const lead = await newLead()
		const url = (await linkFor(lead.id, lead.token)).body.url
		expect((await open(tokenOf(url))).body.terms).toBeNull()
		await purpose(lead.id, lead.token)
		const refinements = { ficoBand: '740-759', monthlyRent: 4200, product: '5-6-arm', interestOnly: true }
		expect((await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '680-699' } })).status).toBe(200)
		expect((await quote(lead.id, lead.token, { event: 'presented', refinements, choice: { prepayment: 'none', points: 1 } })).status).toBe(
			200,
		)
		const { terms } = (await open(tokenOf(url))).body
		expect(terms).toEqual({ refinements: { ...refinements }, choice: { prepayment: 'none', points: 1 } })
		// The panel on the other device starts from them (terms-memory.ts), and prices the same request.
		const memory = memoryFromTerms(terms)
		expect(memory.inputs).toMatchObject({ ficoBand: '740-759', monthlyRent: '4200', product: '5-6-arm', interestOnly: 'yes' })
		expect(termsRequest(refinanceAnswers as LoanFormData, refinementsOf(memory.inputs).value, memory.choice)!.request).toMatchObject({
			...refinements,
			prepayment: 'none',
			points: 1,
		})
	})

	test('brings back its own lead’s terms, never another lead’s (even newer ones); a lead without terms gets none', async () => {
		const mine = await newLead()
		const other = await newLead({ ...refinanceAnswers, ...janeContact, email: 'newer@example.com', phone: '(949) 555-0178' })
		const bare = await newLead({ ...refinanceAnswers, ...janeContact, email: 'bare@example.com', phone: '(949) 555-0179' })
		await purpose(mine.id, mine.token)
		await purpose(other.id, other.token)
		expect((await quote(mine.id, mine.token, { event: 'presented', refinements: { ficoBand: '680-699' } })).status).toBe(200)
		expect((await quote(other.id, other.token, { event: 'presented', refinements: { ficoBand: '760-779' } })).status).toBe(200)
		const opened = await open(tokenOf((await linkFor(mine.id, mine.token)).body.url))
		expect(opened.body.terms.refinements.ficoBand).toBe('680-699')
		expect((await open(tokenOf((await linkFor(bare.id, bare.token)).body.url))).body.terms).toBeNull()
	})

	test('is a credential for its own lead’s calls, and for no other lead', async () => {
		const mine = await newLead()
		const other = await newLead({ ...refinanceAnswers, ...janeContact, email: 'other@example.com', phone: '(949) 555-0177' })
		const link = tokenOf((await linkFor(mine.id, mine.token)).body.url)
		expect((await purpose(mine.id, link)).status).toBe(200)
		const refused = await purpose(other.id, link)
		expect(refused.status).toBe(403)
		expect((await linkFor(other.id, link)).status).toBe(403)
	})

	test('is refused without the lead’s credential', async () => {
		const lead = await newLead()
		expect((await linkFor(lead.id, 'not-the-token')).status).toBe(403)
		expect((await linkFor(lead.id, undefined)).status).toBe(401)
	})

	test(`opens the lead for ${RETURN_LINK_DAYS} days from the second it was issued, not a second longer`, async () => {
		expect(RETURN_LINK_DAYS).toBe(30)
		const lead = await newLead()
		const issued = (msAgo: number) => issueReturnToken(key(), lead.id, new Date(Date.now() - msAgo))
		expect((await open(issued(RETURN_LINK_DAYS * DAY_MS - 60_000))).status).toBe(200)
		const expired = await open(issued(RETURN_LINK_DAYS * DAY_MS + 1_000))
		expect(expired).toEqual(await neverIssued())
		// A link dated in the future was not issued by this server's clock.
		expect(await open(issued(-DAY_MS))).toEqual(await neverIssued())
		// The expired link is no credential for the lead's calls either.
		expect((await purpose(lead.id, issued(RETURN_LINK_DAYS * DAY_MS + 1_000))).status).toBe(403)
	})

	test('the 30 days end on the very second: a link is refused exactly 30 days after it was issued, one second before it opens', () => {
		const lead = { id: crypto.randomUUID(), returnLinksRevokedAt: null, anonymizedAt: null }
		const issuedAt = Math.floor(Date.UTC(2026, 10, 1, 12) / 1000)
		const at = (seconds: number) => new Date((issuedAt + seconds) * 1000)
		const read = { leadId: lead.id, issuedAt }
		expect(returnLinkOpens(read, lead, at(30 * 86_400 - 1))).toBe(true)
		expect(returnLinkOpens(read, lead, at(30 * 86_400))).toBe(false)
		expect(returnLinkOpens(read, lead, at(0))).toBe(true)
		expect(returnLinkOpens(read, lead, at(-1))).toBe(false)
	})

	test('stops opening the lead once staff revoke its links; a link issued afterwards works; both are logged', async () => {
		const lead = await newLead()
		const before = tokenOf((await linkFor(lead.id, lead.token)).body.url)
		// Issued a second earlier: a link of the very second of the revocation counts as revoked (whole seconds).
		const earlier = issueReturnToken(key(), lead.id, new Date(Date.now() - 1_000))
		expect((await open(before)).status).toBe(200)
		expect(await revokeReturnLinks(handle.db, testActor(), lead.id)).toBe(true)
		expect(await open(before)).toEqual(await neverIssued())
		expect(await open(earlier)).toEqual(await neverIssued())
		expect((await purpose(lead.id, before)).status).toBe(403)
		// The completion token is not a link: the borrower's own page keeps working.
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		const after = issueReturnToken(key(), lead.id, new Date(Date.now() + 1_000))
		await new Promise((resolve) => setTimeout(resolve, 1_100))
		expect((await open(after)).status).toBe(200)
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		expect(history.map((entry) => entry.action)).toContain('return_links_revoked')
		const logged = await handle.db.select().from(activityLog).where(eq(activityLog.action, 'lead.return_links_revoked'))
		expect(logged.map((entry) => [entry.subjectId, entry.actorEmail])).toContainEqual([lead.id, testActor().email])
	})

	test('a loan officer revokes the links of their own or an unassigned lead only; another officer’s lead answers false', async () => {
		const lead = await newLead()
		const link = tokenOf((await linkFor(lead.id, lead.token)).body.url)
		await handle.db.update(leads).set({ assignedTo: admin.user.id }).where(eq(leads.id, lead.id))
		const otherOfficer = testActor({ id: crypto.randomUUID(), email: 'other.officer@example.com', roles: ['user'] })
		expect(await revokeReturnLinks(handle.db, otherOfficer, lead.id)).toBe(false)
		expect((await open(link)).status).toBe(200)
		const [kept] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(kept!.returnLinksRevokedAt).toBeNull()
	})

	test('no longer opens a lead that retention anonymised', async () => {
		const lead = await newLead()
		const link = tokenOf((await linkFor(lead.id, lead.token)).body.url)
		await handle.db.update(leads).set({ anonymizedAt: new Date() }).where(eq(leads.id, lead.id))
		expect(await open(link)).toEqual(await neverIssued())
	})

	test('answers every link that opens nothing alike: a stranger learns nothing about which leads exist', async () => {
		const lead = await newLead()
		const good = tokenOf((await linkFor(lead.id, lead.token)).body.url)
		const refusal = await neverIssued()
		expect(refusal.body.error).toMatch(/^This link has expired or is no longer valid\. Start a new quote, or call us at /)
		const otherServer = issueReturnToken(returnLinkKeyFrom(Buffer.alloc(32, 7)), lead.id)
		const [payload, signature] = good.split('.')
		const flipped = `${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
		for (const token of [otherServer, flipped, `${good}x`, good.slice(0, -1), 'garbage', '', 42, null]) {
			expect(await open(token), String(token)).toEqual(refusal)
		}
	})

	test('the refusal says the office’s phone number to call instead', async () => {
		const company = await services.content.get('company')
		expect(company.phone).toMatch(/\d{3}.*\d{4}/)
		expect((await neverIssued()).body).toEqual({
			error: `This link has expired or is no longer valid. Start a new quote, or call us at ${company.phone}.`,
		})
	})

	test('says whether the long form was completed: false before it, true after', async () => {
		const lead = await newLead()
		const link = tokenOf((await linkFor(lead.id, lead.token)).body.url)
		expect((await open(link)).body.longFormCompleted).toBe(false)
		await handle.db.update(leads).set({ formCompletionStatus: 'long_form' }).where(eq(leads.id, lead.id))
		expect((await open(link)).body.longFormCompleted).toBe(true)
	})

	test('brings back the answers without the server’s submission times, the short form’s and the long form’s', async () => {
		const lead = await newLead()
		const [row] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		const answers = { ...JSON.parse(row!.message!), formMode: 'long', long_form_submitted_at: '2026-11-27T12:00:00.000Z' }
		await handle.db
			.update(leads)
			.set({ message: JSON.stringify(answers) })
			.where(eq(leads.id, lead.id))
		const opened = await open(tokenOf((await linkFor(lead.id, lead.token)).body.url))
		expect(opened.status).toBe(200)
		expect(opened.body.formData).not.toHaveProperty('submitted_at')
		expect(opened.body.formData).not.toHaveProperty('long_form_submitted_at')
		// The wizard opens again on its short form, whichever form the answers were last saved from.
		expect(opened.body.formData).toMatchObject({ ...refinanceAnswers, ...janeContact, formMode: 'short' })
	})

	test(`${RETURN_LINK_RATE_LIMIT.perIp} links opened from one address in ${RETURN_LINK_RATE_LIMIT.windowSeconds / 60} minutes; the next waits`, async () => {
		expect(RETURN_LINK_RATE_LIMIT).toEqual({ perIp: 30, windowSeconds: 900 })
		for (let i = 0; i < 30; i++) expect((await open('guess')).status).toBe(404)
		const limited = await open('guess')
		expect(limited.status).toBe(429)
		expect(limited.body.error).toMatch(/Please try again in \d+ minutes?\./)
	})
})
