import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leadConsents, leads, outbox } from '#db/schema.ts'
import {
	handle,
	leadCount,
	longForm,
	post,
	postLongForm,
	purchaseNotFound,
	refinance,
	refusingInserts,
	setUpLeadApi,
	submission,
} from '../../../tests/lead-api-harness.ts'

/** A lead written whole (docs/decisions/0004, 0062), and POST /api/leads/:id/long-form. */

setUpLeadApi()

describe('the lead, its consent and its notification are written together (docs/decisions/0004, 0062)', () => {
	const tables = async () => ({
		leads: await leadCount(),
		consents: (await handle.db.select({ n: count() }).from(leadConsents))[0]!.n,
		mails: (await handle.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, 'notify-new-lead')))[0]!.n,
		// docs/decisions/0097: the borrower's confirmation is written with the lead too.
		confirmations: (await handle.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, 'borrower-confirmation')))[0]!.n,
	})

	test.each([
		['its consent record', 'lead_consents'],
		['its notification', 'outbox'],
	] as const)('when %s cannot be written, neither is the lead', async (_part, table) => {
		const before = await tables()
		await refusingInserts(table, async () => {
			await expect(post(submission(refinance))).rejects.toThrow()
			await expect(post(submission(refinance), { 'Idempotency-Key': `refused-${table}` })).rejects.toThrow()
		})
		expect(await tables()).toEqual(before)
		// The key was not spent: the same request, sent again once the database accepts it, creates the lead.
		expect((await post(submission(refinance), { 'Idempotency-Key': `refused-${table}` })).status).toBe(201)
		expect(await tables()).toEqual({
			leads: before.leads + 1,
			consents: before.consents + 1,
			mails: before.mails + 1,
			confirmations: before.confirmations + 1,
		})
	})

	test('each lead gets its own consent record and notification, also when many arrive at once', async () => {
		const people = Array.from({ length: 8 }, (_, i) => ({ ...refinance, email: `jane${i}@example.com`, phone: `(949) 555-01${10 + i}` }))
		const answers = await Promise.all(people.map((person, i) => post(submission(person), {}, `198.51.100.${40 + i}`)))
		expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 201))
		const rows = await handle.db
			.select({ id: leads.id, email: leads.email, consentLead: leadConsents.leadId })
			.from(leads)
			.innerJoin(leadConsents, eq(leadConsents.leadId, leads.id))
		expect(rows.map((row) => row.email).sort()).toEqual(people.map((person) => person.email).sort())
		expect(new Set(rows.map((row) => row.id))).toEqual(new Set(answers.map((answer) => answer.body.id)))
		// One notification per lead, each with its own lead's link (the minimal e-mail names no address, docs/decisions/0089).
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-new-lead'))
		const linked = mails.map((mail) => /\/dashboard\/leads\?lead=([0-9a-f-]{36})/.exec((mail.payload as { text: string }).text)![1])
		expect(linked.sort()).toEqual(answers.map((answer) => answer.body.id).sort())
		// And one borrower's confirmation per lead (docs/decisions/0097).
		const confirmations = await handle.db.select().from(outbox).where(eq(outbox.kind, 'borrower-confirmation'))
		expect(confirmations.map((row) => (row.payload as { leadId: string }).leadId).sort()).toEqual(
			answers.map((answer) => answer.body.id).sort(),
		)
	})
})

describe('POST /api/leads/:id/long-form', () => {
	test('with the token, the long form completes the lead and notifies staff once', async () => {
		const created = await post(submission(refinance))
		const auth = { Authorization: `Bearer ${created.body.token}` }
		const { status, body } = await postLongForm(created.body.id, { formData: longForm(refinance) }, auth)
		expect(status).toBe(200)
		expect(body).toEqual({ id: created.body.id, formCompletionStatus: 'long_form' })
		const [lead] = await handle.db.select().from(leads)
		expect(lead).toMatchObject({
			formCompletionStatus: 'long_form',
			ficoScoreDetailed: '740-759',
			propertyDetails: expect.objectContaining({ currentlyRented: 'yes', propertyCondition: 'good' }),
			loanCustomization: {
				interestOnlyPreference: 'no',
				escrowPreference: 'yes',
				titlePreference: 'entity',
				exitStrategy: 'other',
				exitStrategyOther: 'Refinance into a portfolio loan',
				primaryResidenceOwnership: 'own',
				primaryResidenceFullAddress: '9 Oak Ave, Irvine, CA',
				otherInvestmentCount: '3',
				additionalQuoteProperties: 'no',
				additionalScenarioDetails: 'Tenant in place until 2027.',
			},
		})
		expect(lead!.longFormCompletedAt).toBeInstanceOf(Date)
		const message = JSON.parse(lead!.message!)
		expect(message).toMatchObject({ formMode: 'long', ficoScoreDetailed: '740-759', exitStrategy: 'other' })
		expect(message.submitted_at).toBeTruthy()
		expect(message.long_form_submitted_at).toBeTruthy()
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-long-form'))
		expect(mails).toHaveLength(1)
		// docs/decisions/0089: minimal by default: the first name, program and state; the answers stay in the dashboard.
		expect(mails[0]!.payload).toMatchObject({ subject: 'Long form completed: Jane (DSCR)' })
		expect((mails[0]!.payload as { text: string }).text).toContain('State: Texas')
		expect((mails[0]!.payload as { text: string }).text).not.toContain('$750,000')

		// Submitting again updates the answers but does not notify twice.
		expect((await postLongForm(created.body.id, { formData: { ...longForm(refinance), ficoScoreDetailed: '800+' } }, auth)).status).toBe(
			200,
		)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-long-form'))).toHaveLength(1)
		// The first completion's time stays (speed-to-lead counts from it); the correction's answers are kept.
		const [corrected] = await handle.db.select().from(leads)
		expect(corrected!.ficoScoreDetailed).toBe('800+')
		expect(corrected!.longFormCompletedAt).toEqual(lead!.longFormCompletedAt)
	})

	test('without a token 401; with a wrong or another lead’s token 403; nothing changes', async () => {
		const mine = await post(submission(refinance))
		const theirs = await post(submission(purchaseNotFound), {}, '198.51.100.60')
		expect((await postLongForm(mine.body.id, { formData: longForm(refinance) })).status).toBe(401)
		expect((await postLongForm(mine.body.id, { formData: longForm(refinance) }, { Authorization: 'Bearer wrong-token' })).status).toBe(403)
		expect(
			(await postLongForm(mine.body.id, { formData: longForm(refinance) }, { Authorization: `Bearer ${theirs.body.token}` })).status,
		).toBe(403)
		expect(
			(
				await postLongForm(
					'00000000-0000-0000-0000-000000000000',
					{ formData: longForm(refinance) },
					{ Authorization: `Bearer ${mine.body.token}` },
				)
			).status,
		).toBe(403)
		expect(
			(await postLongForm('not-a-uuid', { formData: longForm(refinance) }, { Authorization: `Bearer ${mine.body.token}` })).status,
		).toBe(403)
		const rows = await handle.db.select().from(leads)
		expect(rows.every((row) => row.formCompletionStatus === 'short_form')).toBe(true)
	})

	test.each([
		['ficoScoreDetailed', { ficoScoreDetailed: undefined }],
		['ficoScoreDetailed', { ficoScoreDetailed: '900+' }],
		['currentlyRented', { propertyCondition: undefined }],
		['exitStrategy', { exitStrategyOther: '  ' }],
		['formMode', { formMode: 'short' }],
	] as const)('an incomplete or invalid long form is refused on %s', async (field, change) => {
		const created = await post(submission(refinance))
		const { status, body } = await postLongForm(
			created.body.id,
			{ formData: { ...longForm(refinance), ...change } },
			{ Authorization: `Bearer ${created.body.token}` },
		)
		expect(status).toBe(422)
		expect(body.errors[field]).toBeTruthy()
		expect((await handle.db.select().from(leads))[0]!.formCompletionStatus).toBe('short_form')
	})
})
