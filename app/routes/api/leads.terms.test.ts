import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, onTestFinished, test } from 'vitest'
import { leadConsents, leadQuotes, leads } from '#db/schema.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { PURPOSE_STATEMENT_VERSION, purposeStatementText, termsSummary } from '#app/features/pricing/borrower-terms.ts'
import { leadQuoteSnapshots, repriceSnapshot } from '#app/features/leads/terms/lead-terms.server.ts'
import { LEAD_CSV_HEADER, exportLeadsCsv } from '#app/features/leads/work/export-leads.server.ts'
import { getLeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { setStaffMailDetail } from '../../../tests/staff-mail.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { fixFlipAnswers, janeContact, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { action as completeLongForm } from './leads.long-form.ts'
import { action as statePurpose } from './leads.purpose.ts'
import {
	admin,
	call,
	handle,
	mails,
	newLead,
	parseCsv,
	purpose,
	quote,
	services,
	setUpLeadTerms,
} from '../../../tests/lead-terms-harness.ts'

setUpLeadTerms()

describe('the business-purpose statement', () => {
	test('is stored as evidence (text, version, hash, time, IP, user agent, page) beside the consent to be contacted', async () => {
		const lead = await newLead()
		const { status } = await purpose(lead.id, lead.token)
		expect(status).toBe(200)
		const rows = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, lead.id))
		expect(rows.map((row) => row.kind).sort()).toEqual(['business-purpose', 'contact'])
		const statement = rows.find((row) => row.kind === 'business-purpose')!
		const company = await services.content.get('company')
		expect(statement).toMatchObject({
			consentText: purposeStatementText('business-purpose', company),
			consentVersion: PURPOSE_STATEMENT_VERSION,
			ipAddress: '198.51.100.7',
			socketIpAddress: '10.0.0.3',
			userAgent: 'Mozilla/5.0 terms test',
			pageUrl: `${services.config.baseUrl}/fast-quote`,
		})
		expect(statement.consentHash).toMatch(/^[0-9a-f]{64}$/)
	})

	test('needs the lead token, the current wording and a known answer', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, undefined)).status).toBe(401)
		expect((await purpose(lead.id, 'x'.repeat(43))).status).toBe(403)
		expect((await purpose(lead.id, lead.token, 'business-purpose', '2020-01-01')).status).toBe(409)
		const unknown = await purpose(lead.id, lead.token, 'second-home')
		expect(unknown.status).toBe(422)
		expect(unknown.body.errors.statement).toBe('Choose how the property will be used')
		const extra = await call(
			statePurpose,
			`/api/leads/${lead.id}/purpose`,
			lead.id,
			{ statement: 'business-purpose', statementVersion: PURPOSE_STATEMENT_VERSION, email: 'x@example.com' },
			lead.token,
		)
		expect(extra.status).toBe(422)
		expect(
			await handle.db
				.select()
				.from(leadConsents)
				.where(and(eq(leadConsents.leadId, lead.id), eq(leadConsents.kind, 'business-purpose'))),
		).toEqual([])
	})

	test('two statements at the same time: the later one written stands', async () => {
		const lead = await newLead()
		const at = new Date('2026-11-26T10:00:00.000Z')
		const statement = (kind: 'business-purpose' | 'owner-occupant') => ({
			leadId: lead.id,
			kind,
			consentText: 'I state.',
			consentVersion: PURPOSE_STATEMENT_VERSION,
			consentHash: 'x',
			consentedAt: at,
			ipAddress: '198.51.100.7',
			pageUrl: 'http://localhost:3000/fast-quote',
		})
		await handle.db.insert(leadConsents).values(statement('business-purpose'))
		await handle.db.insert(leadConsents).values(statement('owner-occupant'))
		expect((await quote(lead.id, lead.token, { event: 'presented' })).status).toBe(409)
	})

	test('an owner-occupant is told the loans are for investors, and gets no terms; the lead stays', async () => {
		const lead = await newLead()
		const stated = await purpose(lead.id, lead.token, 'owner-occupant')
		expect(stated.status).toBe(200)
		expect(stated.body.message).toMatch(/lends to real estate investors only/)
		const refused = await quote(lead.id, lead.token, { event: 'presented' })
		expect(refused.status).toBe(409)
		expect(refused.body.error).toMatch(/investors only/)
		expect(await handle.db.select().from(leadQuotes)).toEqual([])
		expect(await handle.db.select({ id: leads.id }).from(leads)).toEqual([{ id: lead.id }])
	})
})

describe('a statement stands', () => {
	test('the same answer again changes nothing; another one is refused with what was stated', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token, 'owner-occupant')).status).toBe(200)
		expect((await purpose(lead.id, lead.token, 'owner-occupant')).status).toBe(200)
		const changed = await purpose(lead.id, lead.token, 'business-purpose')
		expect(changed.status).toBe(409)
		expect(changed.body).toMatchObject({ statement: 'owner-occupant', message: expect.stringMatching(/investors only/) })
		expect((await quote(lead.id, lead.token, { event: 'presented' })).status).toBe(409)
		const rows = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, lead.id))
		expect(rows.map((row) => row.kind).sort()).toEqual(['contact', 'owner-occupant'])
	})

	test('guesses at a lead’s token never use up its borrower’s requests', async () => {
		const lead = await newLead()
		for (let guess = 0; guess < 125; guess++) expect((await purpose(lead.id, `guess-${guess}`)).status).toBe(403)
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
	})
})

describe('POST /api/leads/:id/quotes', () => {
	test('no terms before the statement', async () => {
		const lead = await newLead()
		const refused = await quote(lead.id, lead.token, { event: 'presented' })
		expect(refused.status).toBe(409)
		expect(refused.body.error).toBe('Confirm that the loan is for business or investment purposes before terms are shown.')
	})

	test('a short form is priced per credit band from its stored answers, and a frozen copy is kept', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const { status, body } = await quote(lead.id, lead.token, { event: 'presented' })
		expect(status).toBe(200)
		expect(body.terms.program).toBe('dscr')
		expect(body.terms.quotes.length).toBeGreaterThan(5)
		expect(body.terms.quotes[0].quote).toMatchObject({ loanAmount: 200000, dscrAssumed: true })
		const [snapshot] = await leadQuoteSnapshots(handle.db, lead.id)
		expect(snapshot).toMatchObject({ event: 'presented', sheetVersion: body.terms.sheetVersion })
		expect(snapshot!.response).toEqual(body.terms)
	})

	test('the refinements re-price (rent, taxes, band) and a choice is recorded, e-mailed to the borrower and to the team', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const refinements = { ficoBand: '740-759', monthlyRent: 4200, annualTaxes: 9000, annualInsurance: 2400 }
		const shown = await quote(lead.id, lead.token, { event: 'presented', refinements })
		expect(shown.status).toBe(200)
		expect(shown.body.terms.choices.length).toBeGreaterThan(4)
		const dscr = shown.body.terms.quotes[0].quote
		expect(dscr).toMatchObject({ dscrAssumed: false, monthly: expect.objectContaining({ taxes: '750.00', insurance: '200.00' }) })
		const cell = shown.body.terms.choices.find((choice: any) => choice.prepayment === '3-2-1' && choice.points === 1)
		const chosen = await quote(lead.id, lead.token, { event: 'chosen', refinements, choice: { prepayment: '3-2-1', points: 1 } })
		expect(chosen.status).toBe(200)
		expect(chosen.body.terms.quotes[0].quote.rate).toBe(cell.rate)
		expect(chosen.body.terms.quotes[0].quote.monthly.payment).toBe(cell.payment)
		const snapshots = await leadQuoteSnapshots(handle.db, lead.id)
		expect(snapshots.map((row) => row.event)).toEqual(['presented', 'chosen'])
		expect(snapshots[1]!.request).toMatchObject({ prepayment: '3-2-1', points: 1, ficoBand: '740-759', monthlyRent: 4200 })
		const summary = termsSummary(snapshots[1]!.request, snapshots[1]!.response)
		const [borrower] = await mails('borrower-terms')
		expect(borrower!.to).toEqual([janeContact.email])
		expect(borrower!.text).toContain(summary)
		expect(borrower!.text).toContain('not a commitment to lend')
		// docs/decisions/0089: the team's minimal copy (the default) names the borrower and links to the lead, where the terms are.
		const [staff] = await mails('notify-chosen-terms')
		expect(staff!.subject).toBe('Terms chosen: Jane (DSCR)')
		expect(staff!.text).toContain('State: Texas')
		expect(staff!.text).not.toContain(summary)
		expect(staff!.text).toContain(`/dashboard/leads?lead=${lead.id}`)
	})

	test("with full staff e-mail (docs/decisions/0089) the team's copy carries the chosen terms and the borrower's contact", async () => {
		await setStaffMailDetail(services, 'full')
		onTestFinished(() => setStaffMailDetail(services, 'minimal'))
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		await quote(lead.id, lead.token, { event: 'chosen', refinements: { ficoBand: '740-759' }, choice: { prepayment: '3-2-1', points: 1 } })
		const snapshots = await leadQuoteSnapshots(handle.db, lead.id)
		const [staff] = await mails('notify-chosen-terms')
		expect(staff!.text).toContain(`Chosen terms: ${termsSummary(snapshots[0]!.request, snapshots[0]!.response)}`)
		expect(staff!.text).toContain(`Email: ${janeContact.email}`)
		expect(staff!.replyTo).toBe(janeContact.email)
	})

	test('the borrower’s e-mail carries none of the visitor’s words: no name in the greeting or the subject (docs/decisions/0077)', async () => {
		const lead = await newLead({ ...refinanceAnswers, ...janeContact, firstName: 'Verify Now', lastName: 'Urgent' })
		await purpose(lead.id, lead.token)
		await quote(lead.id, lead.token, { event: 'chosen', refinements: { ficoBand: '780-799' }, choice: { prepayment: 'none', points: 0 } })
		const [borrower] = await mails('borrower-terms')
		expect(borrower!.text).toMatch(/^Hello,$/m)
		for (const typed of ['Verify Now', 'Urgent']) {
			expect(borrower!.text).not.toContain(typed)
			expect(borrower!.subject).not.toContain(typed)
		}
		// The team's copy names the borrower (its first name when minimal, docs/decisions/0089): it goes to the lender's own addresses.
		const [staff] = await mails('notify-chosen-terms')
		expect(staff!.text).toContain('First name: Verify Now')
	})

	test('choosing the same terms again (a retry, a double tap) keeps one copy and sends one e-mail each', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const body = { event: 'chosen', refinements: { ficoBand: '780-799' }, choice: { prepayment: 'none', points: 0 } }
		const first = await quote(lead.id, lead.token, body)
		const again = await quote(lead.id, lead.token, body)
		expect(again).toEqual(first)
		expect((await leadQuoteSnapshots(handle.db, lead.id)).filter((row) => row.event === 'chosen')).toHaveLength(1)
		expect(await mails('borrower-terms')).toHaveLength(1)
		expect(await mails('notify-chosen-terms')).toHaveLength(1)
		// A double tap on another choice: both at once still make one copy (the lead's row is locked for a choice).
		const other = { ...body, choice: { prepayment: '1-year', points: 0 } }
		await Promise.all([quote(lead.id, lead.token, other), quote(lead.id, lead.token, other)])
		expect((await leadQuoteSnapshots(handle.db, lead.id)).filter((row) => row.event === 'chosen')).toHaveLength(2)
		expect(await mails('borrower-terms')).toHaveLength(2)
	})

	test('the same terms chosen again after the sheet changed are a new choice: a copy on the new version, and its e-mails', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const body = { event: 'chosen', refinements: { ficoBand: '780-799' }, choice: { prepayment: 'none', points: 0 } }
		await quote(lead.id, lead.token, body)
		await services.content.save('rateSheet', { ...SEED_RATE_SHEET, dscr: { ...SEED_RATE_SHEET.dscr, baseRate: '6.500' } }, 'test')
		await quote(lead.id, lead.token, body)
		const chosen = (await leadQuoteSnapshots(handle.db, lead.id)).filter((row) => row.event === 'chosen')
		expect(chosen).toHaveLength(2)
		expect(chosen[0]!.sheetVersion).not.toBe(chosen[1]!.sheetVersion)
		expect(await mails('borrower-terms')).toHaveLength(2)
		expect(await mails('notify-chosen-terms')).toHaveLength(2)
	})

	test('a snapshot re-prices to the cent on its own sheet version after the sheet changes, and cannot be changed', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		await quote(lead.id, lead.token, {
			event: 'chosen',
			refinements: { ficoBand: '700-719', monthlyRent: 3000 },
			choice: { prepayment: 'none', points: 0 },
		})
		await services.content.save('rateSheet', { ...SEED_RATE_SHEET, dscr: { ...SEED_RATE_SHEET.dscr, baseRate: '6.750' } }, 'test')
		const [snapshot] = await leadQuoteSnapshots(handle.db, lead.id)
		expect(await repriceSnapshot(handle.db, snapshot!)).toEqual(snapshot!.response)
		const now = await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '700-719', monthlyRent: 3000 } })
		expect(now.body.terms.sheetVersion).toBeGreaterThan(snapshot!.sheetVersion)
		const update = handle.db.execute(sql`update lead_quotes set event = 'presented'`)
		await expect(update).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/frozen copies/) }) })
		// The copies go with their lead (the consent evidence stays).
		await handle.db.delete(leads).where(eq(leads.id, lead.id))
		expect(await leadQuoteSnapshots(handle.db, lead.id)).toEqual([])
	})

	test('docs/decisions/0103: an ARM or interest-only chosen beside the grid is priced by the server, kept and e-mailed', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const refinements = { ficoBand: '740-759', monthlyRent: 4200, product: '7-6-arm', interestOnly: true }
		const shown = await quote(lead.id, lead.token, { event: 'presented', refinements })
		expect(shown.status).toBe(200)
		const listed = shown.body.terms.loans.find((loan: any) => loan.product === '7-6-arm' && loan.interestOnly)
		expect(listed).toMatchObject({ label: '7/6 ARM, interest-only', rate: shown.body.terms.quotes[0].quote.rate, reasons: [] })
		expect(shown.body.terms.quotes[0].quote.lines.map((line: any) => line.reason)).toEqual(
			expect.arrayContaining(['7/6 ARM', 'Interest-only payments']),
		)
		const chosen = await quote(lead.id, lead.token, { event: 'chosen', refinements, choice: { prepayment: 'none', points: 0 } })
		expect(chosen.status).toBe(200)
		const [snapshot] = (await leadQuoteSnapshots(handle.db, lead.id)).filter((row) => row.event === 'chosen')
		expect(snapshot!.request).toMatchObject({ product: '7-6-arm', interestOnly: true, prepayment: 'none' })
		const [borrower] = await mails('borrower-terms')
		expect(borrower!.text).toContain('7/6 ARM, interest-only')
		// An unknown product is refused by name, and a short-term loan has no product to choose.
		const unknown = await quote(lead.id, lead.token, { event: 'presented', refinements: { product: '40-year-fixed' } })
		expect(unknown).toMatchObject({ status: 422, body: { errors: { 'refinements.product': expect.stringContaining('Choose a product') } } })
		const flip = await newLead({ ...fixFlipAnswers, ...janeContact })
		await purpose(flip.id, flip.token)
		const io = await quote(flip.id, flip.token, { event: 'presented', refinements: { interestOnly: true } })
		expect(io).toMatchObject({
			status: 422,
			body: { errors: { 'refinements.interestOnly': 'Only a DSCR loan has a choice of product and payments' } },
		})
		// docs/decisions/0103: a product alone is refused the same way.
		const arm = await quote(flip.id, flip.token, { event: 'presented', refinements: { product: '7-6-arm' } })
		expect(arm).toMatchObject({
			status: 422,
			body: { errors: { 'refinements.product': 'Only a DSCR loan has a choice of product and payments' } },
		})
	})

	test('bad input is refused with its field, a chosen quote needs a band, the token is checked', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const negative = await quote(lead.id, lead.token, { event: 'presented', refinements: { monthlyRent: -5 } })
		expect(negative).toMatchObject({ status: 422, body: { errors: { 'refinements.monthlyRent': 'The monthly rent must be $0 or more' } } })
		const noBand = await quote(lead.id, lead.token, { event: 'chosen', choice: { prepayment: 'none', points: 0 } })
		expect(noBand).toMatchObject({
			status: 422,
			body: { errors: { 'refinements.ficoBand': 'Choose your credit score band to choose terms' } },
		})
		const loanFigures = await quote(lead.id, lead.token, { event: 'presented', refinements: { loanAmount: 5_000_000 } })
		expect(loanFigures.status).toBe(422)
		expect((await quote(lead.id, 'y'.repeat(43), { event: 'presented' })).status).toBe(403)
		expect((await quote(lead.id, undefined, { event: 'presented' })).status).toBe(401)
		expect(await handle.db.select().from(leadQuotes)).toEqual([])
	})

	test('after the long form the stored FICO, rent and HOA price it exactly', async () => {
		const lead = await newLead()
		const longForm = await call(
			completeLongForm,
			`/api/leads/${lead.id}/long-form`,
			lead.id,
			{ formData: { ...refinanceAnswers, ...janeContact, ...longFormAnswers } },
			lead.token,
		)
		expect(longForm.status).toBe(200)
		await purpose(lead.id, lead.token)
		const { body } = await quote(lead.id, lead.token, { event: 'presented' })
		expect(body.terms.quotes).toHaveLength(1)
		expect(body.terms.quotes[0].ficoBand).toBe('740-759')
		expect(body.terms.quotes[0].quote.dscrAssumed).toBe(false)
		expect(body.terms.choices.length).toBeGreaterThan(4)
	})

	test('the lead details and the CSV show the statement and the chosen terms; the consent columns stay the consent to be contacted', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const chosen = await quote(lead.id, lead.token, {
			event: 'chosen',
			refinements: { ficoBand: '760-779', monthlyRent: 3900 },
			choice: { prepayment: '1-year', points: 0.5 },
		})
		expect(chosen.status).toBe(200)
		const summary = termsSummary((await leadQuoteSnapshots(handle.db, lead.id))[0]!.request, chosen.body.terms)
		const actor = testActor({ id: admin.user.id, email: admin.email })
		const details = await getLeadDetails(handle.db, actor, lead.id)
		expect(details!.terms.chosen!.summary).toBe(summary)
		expect(details!.terms.shownCount).toBe(0)
		expect(details!.purpose).toMatchObject({ kind: 'business-purpose', consentVersion: PURPOSE_STATEMENT_VERSION })
		expect(details!.consent).toMatchObject({ consentVersion: CONSENT_VERSION })

		const text = await new Response(
			exportLeadsCsv(handle.db, actor, { search: janeContact.lastName, statuses: [], assigned: undefined }),
		).text()
		const [header, row] = parseCsv(text.replace(/^\uFEFF/, ''))
		expect(header).toEqual([...LEAD_CSV_HEADER])
		const cell = (name: string) => row![header!.indexOf(name)]
		expect(cell('Purpose Statement')).toBe('Business or investment purpose')
		expect(cell('Chosen Terms')).toBe(summary)
		expect(cell('Chosen Terms')).toMatch(/^\d+(\.\d{1,3})?%, 30-year fixed, 1-year prepayment, 0\.5 points;/)
		expect(cell('Consent Version')).toBe(CONSENT_VERSION)
	})
})
