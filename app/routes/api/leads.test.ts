import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { leadActivity, leadConsents, leads, outbox, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { nameMessages } from '#app/features/validation/form-fields.ts'
import { createTestServices, routeContext } from '../../../tests/test-services.ts'
import { action as createLead } from './leads.ts'
import {
	attribution,
	handle,
	leadCount,
	longForm,
	post,
	postLongForm,
	purchaseFound,
	purchaseNotFound,
	refinance,
	request,
	services,
	setUpLeadApi,
	sha256,
	submission,
} from '../../../tests/lead-api-harness.ts'

/** spec 1 §3 and §7: POST /api/leads, a short form becoming a lead (docs/decisions/0011, 0026, 0048, 0049). */

setUpLeadApi()

describe('POST /api/leads', () => {
	test('a refinance short form becomes a complete lead with its consent record and notification', async () => {
		const { status, body } = await post(submission(refinance, { attribution }))
		expect(status).toBe(201)
		expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
		expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		const [lead] = await handle.db.select().from(leads)
		expect(lead).toMatchObject({
			id: body.id,
			firstName: 'Jane',
			lastName: 'Investor',
			email: 'Jane@Example.com',
			phone: '+19495550123',
			loanType: 'DSCR',
			propertyType: 'single-family',
			transactionType: 'refinance',
			propertyValue: '$750,000',
			sourcePage: '/fast-quote',
			status: 'new',
			formCompletionStatus: 'short_form',
			repeatOfLeadId: null,
			emailNormalized: 'jane@example.com',
			phoneNormalized: '9495550123',
			attribution,
		})
		expect(lead!.shortFormCompletedAt).toBeInstanceOf(Date)
		expect(lead!.completionTokenHash).toBe(sha256(body.token))
		const message = JSON.parse(lead!.message!)
		// docs/decisions/0077: the phone is stored in E.164 however it was typed, in the column and in the answers.
		expect(message).toMatchObject({ ...refinance, phone: '+19495550123' })
		expect(new Date(message.submitted_at).getTime()).toBeGreaterThan(Date.now() - 60_000)

		const [consent] = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, body.id))
		expect(consent).toMatchObject({
			consentVersion: CONSENT_VERSION,
			ipAddress: '198.51.100.20',
			// docs/decisions/0077: the connection's own address (the proxy's here) is kept beside the forwarded one.
			socketIpAddress: '10.0.0.2',
			userAgent: 'Mozilla/5.0 test',
			pageUrl: 'http://localhost:3000/fast-quote',
		})
		expect(consent!.consentText).toMatch(
			/Example Lending Co\..*call, text message and e-mail.*automated dialing.*Reply STOP.*\(949\) 555-0142.*within 24 hours/,
		)
		expect(consent!.consentHash).toBe(sha256(consent!.consentText))

		const queued = await handle.db.select().from(outbox)
		expect(queued).toHaveLength(2)
		const mail = queued.find((row) => row.kind === 'notify-new-lead')
		const confirmation = queued.find((row) => row.kind === 'borrower-confirmation')
		expect(mail).toMatchObject({ kind: 'notify-new-lead', status: 'pending' })
		// docs/decisions/0097: and the borrower's confirmation, composed when it is sent.
		expect(confirmation).toMatchObject({ kind: 'borrower-confirmation', status: 'pending' })
		// docs/decisions/0089: minimal by default (the first name only).
		expect(mail!.payload).toMatchObject({ to: ['loans@example.com'], subject: 'New lead: Jane (DSCR)' })
		expect(services.wakeOutbox).toHaveBeenCalled()
	})

	test('loan_type and property_value follow spec 1 §3 for every branch', async () => {
		expect((await post(submission(purchaseFound))).status).toBe(201)
		expect((await post(submission(purchaseNotFound), {}, '198.51.100.21')).status).toBe(201)
		expect(
			(
				await post(
					submission({ ...refinance, transactionType: 'cash-out-refinance', cashOutPercentage: 'other', cashOutPercentageOther: '85%' }),
					{},
					'198.51.100.22',
				)
			).status,
		).toBe(201)
		const rows = await handle.db.select().from(leads).orderBy(leads.createdAt)
		expect(rows.map((row) => [row.loanType, row.transactionType, row.propertyValue])).toEqual([
			['Bridge', 'purchase', '$500,000'],
			['DSCR', 'purchase', '$250K - $500K'],
			['DSCR', 'cash-out-refinance', '$750,000'],
		])
	})

	test.each([
		['firstName', { firstName: ' ' }, 'First name is required'],
		['lastName', { lastName: '' }, 'Last name is required'],
		['email', { email: 'jane@' }, 'Please enter a valid email address'],
		['phone', { phone: '555-0123' }, 'Please enter a valid 10-digit phone number'],
		['loanProgram', { loanProgram: 'home-equity' }, 'Choose a loan program'],
		['propertyType', { propertyType: 'castle' }, 'Choose a property type'],
		['quotePreference', { quotePreference: undefined }, 'Please complete all required fields'],
		['estimatedPropertyValue', { estimatedPropertyValue: '' }, 'Please complete all required fields'],
		['propertyFullAddress', { propertyFullAddress: undefined }, 'Please complete all required fields'],
	] as const)('an invalid %s is refused with 422 and its message', async (field, change, message) => {
		const { status, body } = await post(submission({ ...refinance, ...change } as LoanFormData))
		expect(status).toBe(422)
		expect(body.errors[field]).toBe(message)
		expect(await leadCount()).toBe(0)
	})

	test('a past closing date under contract is refused', async () => {
		const { status, body } = await post(submission({ ...purchaseFound, closingDate: '2020-01-01' }))
		expect(status).toBe(422)
		expect(body.errors.offerStatus).toBe('Please complete all required fields')
	})

	test('a body that is not an object, a missing consent and an unknown source path are refused field by field', async () => {
		expect((await post([1, 2])).status).toBe(422)
		const { body } = await post({ formData: refinance, sourcePage: 'https://evil.example', consentVersion: '' })
		expect(body.errors).toMatchObject({ sourcePage: 'Must be a path starting with /', consentVersion: 'Consent is required' })
	})

	test('bad transport is a 4xx: wrong content type 415, broken JSON 400, oversized body 413, GET 405', async () => {
		const typed = (await createLead({
			request: new Request('http://localhost:3000/api/leads', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		expect(typed.status).toBe(415)
		expect((await post('{"formData": ')).status).toBe(400)
		const huge = await post(submission({ ...refinance, additionalPropertyDetails: 'x'.repeat(70_000) }))
		expect(huge.status).toBe(413)
		const { loader } = await import('./leads.ts')
		expect((loader() as Response).status).toBe(405)
		expect(await leadCount()).toBe(0)
	})

	test('hostile text is stored verbatim where a field takes it; a name takes only what names are made of', async () => {
		// docs/decisions/0077: markup, a link or an e-mail address is refused in a name, with the reason.
		const markup = await post(submission({ ...refinance, firstName: `<img src=x onerror=alert(1)>` }))
		expect(markup.status).toBe(422)
		expect(markup.body.errors).toEqual({ firstName: nameMessages('First name').characters })
		const link = await post(submission({ ...refinance, firstName: 'Your account is on hold - verify at https://evil.example/verify' }))
		expect(link.body.errors).toEqual({ firstName: nameMessages('First name').link })
		const hostile = {
			...refinance,
			firstName: 'Jane',
			lastName: `O'Brien-D’Angelo`,
			propertyFullAddress: `1 "Main" St <b>; DROP TABLE leads;--, Austin, TX 78701`,
		}
		const { status, body } = await post(submission(hostile))
		expect(status).toBe(201)
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, body.id))
		expect(lead).toMatchObject({ firstName: hostile.firstName, lastName: hostile.lastName })
		expect(JSON.parse(lead!.message!).propertyFullAddress).toBe(hostile.propertyFullAddress)
	})

	test('a retry with the same Idempotency-Key returns the same lead, not a second one', async () => {
		const key = 'lead-7f3c9a2e-retry'
		const first = await post(submission(refinance), { 'Idempotency-Key': key })
		const retry = await post(submission(refinance), { 'Idempotency-Key': key })
		expect(first.status).toBe(201)
		expect(retry.status).toBe(201)
		expect(retry.body.id).toBe(first.body.id)
		expect(await leadCount()).toBe(1)
		// One staff e-mail and one borrower's confirmation (docs/decisions/0097), not two of each.
		expect((await handle.db.select().from(outbox)).map((row) => row.kind).sort()).toEqual(['borrower-confirmation', 'notify-new-lead'])
		// docs/decisions/0048: the retry answers the first token, which still completes the long form.
		expect(retry.body).toEqual(first.body)
		const [lead] = await handle.db.select().from(leads)
		expect(lead!.completionTokenHash).toBe(sha256(first.body.token))
		const reused = await post(submission(purchaseNotFound), { 'Idempotency-Key': key })
		expect(reused.status).toBe(422)
		expect(reused.body.errors['Idempotency-Key']).toMatch(/already used for a different request/)
	})

	test('concurrent submits with one key make one lead', async () => {
		const key = 'lead-concurrent-0001'
		const answers = await Promise.all([1, 2, 3].map(() => post(submission(refinance), { 'Idempotency-Key': key })))
		expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
		expect(answers.every((answer) => answer.status === 201)).toBe(true)
		expect(await leadCount()).toBe(1)
	})

	test('a malformed Idempotency-Key is refused', async () => {
		const { status } = await post(submission(refinance), { 'Idempotency-Key': 'x' })
		expect(status).toBe(422)
	})

	test('a repeat inquiry within 90 days is linked and flagged for staff, never refused', async () => {
		const first = await post(submission(refinance))
		const again = await post(submission({ ...purchaseNotFound, email: ' JANE@example.COM ', phone: '949-555-0999' }), {}, '198.51.100.30')
		expect(again.status).toBe(201)
		const [repeat] = await handle.db.select().from(leads).where(eq(leads.id, again.body.id))
		expect(repeat!.repeatOfLeadId).toBe(first.body.id)
		const byPhone = await post(submission({ ...refinance, email: 'other@example.com', phone: '+1 949 555 0123' }), {}, '198.51.100.31')
		expect((await handle.db.select().from(leads).where(eq(leads.id, byPhone.body.id)))[0]!.repeatOfLeadId).toBe(first.body.id)
	})

	test('matching one earlier lead by e-mail and a later one by phone, a repeat inquiry links the later', async () => {
		const byEmail = await post(submission({ ...refinance, email: 'first@example.com', phone: '(949) 555-0101' }))
		await handle.db.update(leads).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(leads.id, byEmail.body.id))
		const byPhone = await post(submission({ ...refinance, email: 'second@example.com', phone: '(949) 555-0102' }), {}, '198.51.100.33')
		const both = await post(submission({ ...refinance, email: 'first@example.com', phone: '(949) 555-0102' }), {}, '198.51.100.34')
		expect((await handle.db.select().from(leads).where(eq(leads.id, both.body.id)))[0]!.repeatOfLeadId).toBe(byPhone.body.id)
		// And the other way round (without the lead just made, which matches both): the later match by e-mail wins.
		await handle.db.delete(leads).where(eq(leads.id, both.body.id))
		await handle.db.update(leads).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(leads.id, byPhone.body.id))
		await handle.db.update(leads).set({ createdAt: sql`now() - interval '1 day'` }).where(eq(leads.id, byEmail.body.id))
		const again = await post(submission({ ...refinance, email: 'first+x@example.com', phone: '949.555.0102' }), {}, '198.51.100.35')
		expect((await handle.db.select().from(leads).where(eq(leads.id, again.body.id)))[0]!.repeatOfLeadId).toBe(byEmail.body.id)
	})

	test('the staff e-mail of a repeat inquiry names the earlier lead, the same with or without an Idempotency-Key', async () => {
		const first = await post(submission(refinance))
		const plain = await post(submission(refinance), {}, '198.51.100.36')
		const keyed = await post(submission(refinance), { 'Idempotency-Key': 'repeat-mail-0001' }, '198.51.100.37')
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-new-lead')).orderBy(outbox.id)
		const [firstMail, plainMail, keyedMail] = mails.map((mail) => mail.payload as { subject: string; text: string })
		expect(firstMail!.subject).toBe('New lead: Jane (DSCR)')
		expect(firstMail!.text).not.toMatch(/Repeat inquiry/)
		for (const [mail, id] of [
			[plainMail!, plain.body.id],
			[keyedMail!, keyed.body.id],
		] as const) {
			expect(mail.subject).toBe('New lead: Jane (DSCR) [repeat inquiry]')
			expect(mail.text).toMatch(/Repeat inquiry: matches lead [0-9a-f-]{36} from the last 90 days/)
			expect(mail.text).toContain(`/dashboard/leads?lead=${id}`)
		}
		expect(plainMail!.text).toContain(`Repeat inquiry: matches lead ${first.body.id} from the last 90 days`)
		// The keyed lead repeats the latest earlier one, the plain repeat; otherwise the two bodies are the same text.
		expect(keyedMail!.text).toContain(`Repeat inquiry: matches lead ${plain.body.id} from the last 90 days`)
		expect(keyedMail!.text.replaceAll(keyed.body.id, 'NEW').replaceAll(plain.body.id, 'EARLIER')).toBe(
			plainMail!.text.replaceAll(plain.body.id, 'NEW').replaceAll(first.body.id, 'EARLIER'),
		)
	})

	test('an earlier lead older than 90 days does not make a repeat', async () => {
		const first = await post(submission(refinance))
		await handle.db.update(leads).set({ createdAt: sql`now() - interval '91 days'` }).where(eq(leads.id, first.body.id))
		const again = await post(submission(refinance), {}, '198.51.100.40')
		expect((await handle.db.select().from(leads).where(eq(leads.id, again.body.id)))[0]!.repeatOfLeadId).toBeNull()
	})

	// Nothing a borrower receives may depend on other people's data: whether this e-mail or phone asked before is for staff.
	test('a repeat inquiry and a first inquiry get answers of the same shape, on create, replay and long form', async () => {
		const shape = (body: Record<string, unknown>) => Object.keys(body).sort()
		const first = await post(submission(refinance), { 'Idempotency-Key': 'shape-first-0001' })
		const repeat = await post(submission(refinance), { 'Idempotency-Key': 'shape-repeat-0001' }, '198.51.100.32')
		expect((await handle.db.select().from(leads).where(eq(leads.id, repeat.body.id)))[0]!.repeatOfLeadId).toBe(first.body.id)
		expect([first.status, repeat.status]).toEqual([201, 201])
		expect(shape(repeat.body)).toEqual(shape(first.body))
		expect(shape(first.body)).toEqual(['id', 'token'])
		const replays = [
			await post(submission(refinance), { 'Idempotency-Key': 'shape-first-0001' }),
			await post(submission(refinance), { 'Idempotency-Key': 'shape-repeat-0001' }, '198.51.100.32'),
		]
		expect(replays.map((replay) => shape(replay.body))).toEqual([shape(first.body), shape(first.body)])
		const completed = await Promise.all(
			[first, repeat].map((created) =>
				postLongForm(created.body.id, { formData: longForm(refinance) }, { Authorization: `Bearer ${created.body.token}` }),
			),
		)
		expect(completed.map((answer) => answer.status)).toEqual([200, 200])
		expect(shape(completed[1]!.body)).toEqual(shape(completed[0]!.body))
		expect(JSON.stringify([first, repeat, ...replays, ...completed].map((answer) => answer.body))).not.toMatch(/repeat/i)
	})

	test('the honeypot refuses a bot with a message a person can act on', async () => {
		const { status, body } = await post(submission(refinance, { website: 'http://spam.example' }))
		expect(status).toBe(400)
		expect(body.error).toMatch(/Please call us at \(949\) 555-0142/)
		expect(await leadCount()).toBe(0)
	})

	// docs/decisions/0026: limit scripts, not people.
	const someone = (i: number): LoanFormData => ({ ...refinance, email: `investor${i}@example.com`, phone: `(949) 555-${String(1000 + i)}` })

	test('one office address may send 60 quote requests an hour for different people; the 61st gets 429 with Retry-After', async () => {
		expect(services.config.LEAD_RATE_LIMIT_PER_HOUR).toBe(60)
		for (let i = 0; i < 60; i++) expect((await post(submission(someone(i)), {}, '198.51.100.50')).status).toBe(201)
		const refused = await post(submission(someone(60)), {}, '198.51.100.50')
		expect(refused.status).toBe(429)
		expect(refused.body.error).toMatch(/from your connection .* Please try again in 60 minutes, or call us at \(949\) 555-0142/)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000)
		expect(await leadCount()).toBe(60)
		// Another address is not affected.
		expect((await post(submission(someone(61)), {}, '198.51.100.51')).status).toBe(201)
	})

	/** docs/decisions/0079: a request over its contact's hourly limit, kept without a word to staff. */
	const keptQuietly = async (id: string) => {
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, id))
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, id))
		return {
			kept: lead !== undefined,
			repeat: lead?.repeatOfLeadId != null,
			assigned: lead?.assignedTo ?? null,
			quiet: history.some((entry) => (entry.detail as { quiet?: string } | null)?.quiet === 'contact-limit'),
		}
	}
	const announced = async () => (await handle.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, 'notify-new-lead')))[0]!.n

	test('docs/decisions/0079: a 6th request for one e-mail within the hour is answered exactly as an accepted one, kept as a repeat and announced to nobody', async () => {
		await handle.db.delete(webhookEndpoints)
		await createEndpoint(
			handle.db,
			services.webhookKey,
			{ kind: 'standard', url: 'https://crm.example.com/hook', description: 'CRM', eventTypes: ['lead.created'] },
			'admin@example.com',
		)
		for (let i = 0; i < 5; i++) {
			expect((await post(submission({ ...someone(i), email: 'Same@Example.com' }), {}, `198.51.100.${80 + i}`)).status).toBe(201)
		}
		const accepted = await post(submission(someone(9)), {}, '198.51.100.89')
		const over = await post(submission({ ...someone(10), email: ' same@example.COM ' }), {}, '198.51.100.89')
		// Nothing in the answer tells the two apart: status, headers and the body's shape.
		expect(over.status).toBe(accepted.status)
		expect([...over.headers.keys()].sort()).toEqual([...accepted.headers.keys()].sort())
		expect(over.headers.get('Retry-After')).toBeNull()
		expect(Object.keys(over.body).sort()).toEqual(Object.keys(accepted.body).sort())
		expect(over.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(await keptQuietly(over.body.id)).toEqual({ kept: true, repeat: true, assigned: null, quiet: true })
		expect(await keptQuietly(accepted.body.id)).toMatchObject({ kept: true, quiet: false })
		expect(await leadCount()).toBe(7)
		// Staff and the CRM heard of the five and of the other person, not of the sixth.
		expect(await announced()).toBe(6)
		const events = await handle.db.select({ leadId: webhookEvents.leadId }).from(webhookEvents)
		expect(events).toHaveLength(6)
		expect(events.map((event) => event.leadId)).not.toContain(over.body.id)
		await handle.db.delete(webhookEndpoints)
		await handle.db.delete(webhookEvents)
		// The borrower can still complete the long form of the kept request.
		const completed = await postLongForm(
			over.body.id,
			{ formData: longForm({ ...someone(10), email: 'same@example.com' }) },
			{
				Authorization: `Bearer ${over.body.token}`,
			},
		)
		expect(completed.status).toBe(200)
	})

	// docs/decisions/0049: a +tag (and, at Gmail, a dot) reaches the same mailbox, so it counts as the same address.
	test('tagged variants of one mailbox share its 5 an hour, and every lead keeps the address as typed', async () => {
		for (let i = 1; i <= 5; i++) {
			const created = await post(submission({ ...someone(i), email: `jane+${i}@example.com` }), {}, `198.51.100.${110 + i}`)
			expect(created.status).toBe(201)
			const [stored] = await handle.db.select().from(leads).where(eq(leads.id, created.body.id))
			expect(stored!.email).toBe(`jane+${i}@example.com`)
		}
		const over = await post(submission({ ...someone(6), email: 'jane+6@example.com' }), {}, '198.51.100.116')
		expect(over.status).toBe(201)
		expect((await keptQuietly(over.body.id)).quiet).toBe(true)
		expect(await announced()).toBe(5)
		const gmail = await post(submission({ ...someone(7), email: 'J.a.n.e+7@Gmail.com' }), {}, '198.51.100.117')
		expect((await keptQuietly(gmail.body.id)).quiet).toBe(false)
		for (let i = 8; i < 12; i++) expect((await post(submission({ ...someone(i), email: `jane+${i}@googlemail.com` }))).status).toBe(201)
		const sixth = await post(submission({ ...someone(12), email: 'ja.ne@gmail.com' }))
		expect(sixth.status).toBe(201)
		expect((await keptQuietly(sixth.body.id)).quiet).toBe(true)
	})

	test('a tagged address is a repeat inquiry of the plain one, for staff', async () => {
		const first = await post(submission(refinance))
		const tagged = await post(submission({ ...refinance, email: 'jane+quotes@example.com', phone: '(949) 555-0999' }), {}, '198.51.100.33')
		expect((await handle.db.select().from(leads).where(eq(leads.id, tagged.body.id)))[0]!.repeatOfLeadId).toBe(first.body.id)
	})

	test('the same phone number gets 5 announced quote requests an hour, however it is written', async () => {
		const phones = ['(949) 555-0188', '949-555-0188', '+1 949 555 0188', '9495550188', '1 (949) 555-0188']
		for (const [i, phone] of phones.entries())
			expect((await post(submission({ ...someone(i), phone }), {}, `198.51.100.${90 + i}`)).status).toBe(201)
		const over = await post(submission({ ...someone(7), phone: '949.555.0188' }), {}, '198.51.100.99')
		expect(over.status).toBe(201)
		expect(await keptQuietly(over.body.id)).toEqual({ kept: true, repeat: true, assigned: null, quiet: true })
		expect(await announced()).toBe(5)
		const other = await post(submission(someone(8)), {}, '198.51.100.99')
		expect((await keptQuietly(other.body.id)).quiet).toBe(false)
	})

	test('invalid requests are refused before they count against an e-mail address', async () => {
		for (let i = 0; i < 6; i++)
			expect((await post(submission({ ...someone(i), email: 'victim@example.com', loanProgram: 'castle' }))).status).toBe(422)
		const victim = await post(submission({ ...someone(6), email: 'victim@example.com' }))
		expect(victim.status).toBe(201)
		expect((await keptQuietly(victim.body.id)).quiet).toBe(false)
		expect(await announced()).toBe(1)
	})

	test('LEAD_RATE_LIMIT_PER_HOUR sets the per-address ceiling, and 0 turns the lead limits off', async () => {
		const strict = createTestServices(handle, { LEAD_RATE_LIMIT_PER_HOUR: '2' })
		const open = createTestServices(handle, { LEAD_RATE_LIMIT_PER_HOUR: '0' })
		const postWith = async (target: AppServices, formData: LoanFormData) =>
			(
				(await createLead({
					request: request('/api/leads', submission(formData)),
					context: routeContext(target, { clientIp: '198.51.100.70' }),
					params: {},
				} as never)) as Response
			).status
		expect([await postWith(strict, someone(1)), await postWith(strict, someone(2)), await postWith(strict, someone(3))]).toEqual([
			201, 201, 429,
		])
		for (let i = 0; i < 12; i++) expect(await postWith(open, refinance)).toBe(201)
	})

	test('LEAD_RATE_LIMIT_PER_HOUR 0 turns the per-contact limit off too: a 6th request for one e-mail is announced', async () => {
		const open = createTestServices(handle, { LEAD_RATE_LIMIT_PER_HOUR: '0' })
		const ids: string[] = []
		for (let i = 0; i < 6; i++) {
			const response = (await createLead({
				request: request('/api/leads', submission(refinance)),
				context: routeContext(open, { clientIp: '198.51.100.71' }),
				params: {},
			} as never)) as Response
			ids.push(((await response.json()) as { id: string }).id)
		}
		expect((await keptQuietly(ids[5]!)).quiet).toBe(false)
	})

	test('consent records are append-only', async () => {
		const { body } = await post(submission(refinance))
		await expect(handle.db.update(leadConsents).set({ ipAddress: '0.0.0.0' }).where(eq(leadConsents.leadId, body.id))).rejects.toThrow()
		await expect(handle.db.delete(leadConsents).where(eq(leadConsents.leadId, body.id))).rejects.toThrow()
		// Deleting the lead keeps the evidence.
		await handle.db.delete(leads).where(eq(leads.id, body.id))
		expect(await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, body.id))).toHaveLength(1)
	})
})
