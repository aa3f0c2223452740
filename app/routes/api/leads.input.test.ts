import { eq, sql } from 'drizzle-orm'
import { setStaffMailDetail } from '../../../tests/staff-mail.ts'
import { describe, expect, test } from 'vitest'
import { leadConsents, leads, outbox } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { MONEY_MESSAGES } from '#app/features/quote-wizard/money-rules.ts'
import { UNSAFE_TEXT_MESSAGE } from '#app/features/validation/safe-text.ts'
import {
	handle,
	leadCount,
	longForm,
	post,
	postLongForm,
	purchaseFound,
	refinance,
	services,
	setUpLeadApi,
	sha256,
	submission,
} from '../../../tests/lead-api-harness.ts'

/** What the lead API refuses and what it promises (docs/decisions/0023, 0024). */

setUpLeadApi()

describe('text no field may hold (docs/decisions/0023)', () => {
	let ip = 0
	const fresh = () => `203.0.113.${++ip % 250}`
	const NUL = '\u0000'
	const LONE = '\uD800'

	test.each([
		['firstName', { firstName: `Jane${NUL}` }],
		['lastName', { lastName: `In${LONE}vestor` }],
		['email', { email: `jane${NUL}@example.com` }],
		['propertyFullAddress', { propertyFullAddress: `100 Main St${NUL}` }],
		['estimatedPropertyValue', { estimatedPropertyValue: `$750,000${NUL}` }],
		['additionalScenarioDetails', { additionalScenarioDetails: `notes${LONE}` }],
		['unknownAnswer', { unknownAnswer: `x${NUL}` }],
	] as const)('%s with NUL or a lone surrogate answers 422 on that field and stores nothing', async (field, change) => {
		const { status, body } = await post(submission({ ...refinance, ...change } as LoanFormData), {}, fresh())
		expect(status).toBe(422)
		expect(body.errors[field]).toBe(UNSAFE_TEXT_MESSAGE)
		expect(await leadCount()).toBe(0)
	})

	test('NUL in a top-level or attribution field, or in a key, answers 422', async () => {
		const cases: Array<[unknown, string]> = [
			[submission(refinance, { sourcePage: `/fast-quote${NUL}` }), 'sourcePage'],
			[submission(refinance, { attribution: { firstTouch: { utm_source: `google${NUL}` } } }), 'attribution.firstTouch.utm_source'],
			[submission(refinance, { attribution: { firstTouch: { [`utm${NUL}x`]: 'google' } } }), 'attribution.firstTouch.utmx'],
			[submission(refinance, { extra: [1, { deep: LONE }] }), 'extra.1.deep'],
		]
		for (const [body, field] of cases) {
			const answer = await post(body, {}, fresh())
			expect(answer.status, field).toBe(422)
			expect(answer.body.errors).toEqual({ [field]: UNSAFE_TEXT_MESSAGE })
		}
		expect(await leadCount()).toBe(0)
	})

	test('a tab in a one-line answer is fine; a control character is refused', async () => {
		expect((await post(submission({ ...refinance, lastName: 'Investor\t' }), {}, fresh())).status).toBe(201)
		const refused = await post(submission({ ...refinance, lastName: 'In\u0007vestor' }), {}, fresh())
		expect(refused.status).toBe(422)
		expect(refused.body.errors.lastName).toBe(UNSAFE_TEXT_MESSAGE)
	})

	test('a long form with NUL answers 422 and leaves the stored lead untouched', async () => {
		const created = await post(submission(refinance), {}, fresh())
		const [before] = await handle.db.select().from(leads)
		const auth = { Authorization: `Bearer ${created.body.token}` }
		const long = {
			...refinance,
			formMode: 'long' as const,
			ficoScoreDetailed: '740-759',
			currentlyRented: 'yes',
			monthlyRent: '$3,200',
			hasMonthlyHOA: 'no',
			propertyCondition: 'good',
		}
		const { status, body } = await postLongForm(created.body.id, { formData: { ...long, additionalPropertyDetails: `Roof${NUL}` } }, auth)
		expect(status).toBe(422)
		expect(body.errors.additionalPropertyDetails).toBe(UNSAFE_TEXT_MESSAGE)
		const [after] = await handle.db.select().from(leads)
		expect(after).toEqual(before)
	})
})

describe('amount ranges (docs/decisions/0024)', () => {
	let ip = 0
	const fresh = () => `192.0.2.${++ip % 250}`

	test.each([
		['purchasePrice', { purchasePrice: '-5' }, MONEY_MESSAGES.purchasePrice],
		['purchasePrice', { purchasePrice: '$9,999' }, MONEY_MESSAGES.purchasePrice],
		['purchasePrice', { purchasePrice: '$100,000,001' }, MONEY_MESSAGES.purchasePrice],
		['purchasePrice', { purchasePrice: 'a lot' }, MONEY_MESSAGES.notAnAmount],
		['downPayment', { downPayment: '$500,001' }, MONEY_MESSAGES.downPaymentAbovePrice],
		['downPayment', { downPayment: '-1' }, MONEY_MESSAGES.downPaymentNegative],
	] as const)('a purchase with %s %o answers 422 with "%s"', async (field, change, message) => {
		const { status, body } = await post(submission({ ...purchaseFound, ...change }), {}, fresh())
		expect(status).toBe(422)
		expect(body.errors[field]).toBe(message)
		expect(await leadCount()).toBe(0)
	})

	test.each([
		['estimatedPropertyValue', { estimatedPropertyValue: '$9,999' }, MONEY_MESSAGES.estimatedPropertyValue],
		['estimatedPropertyValue', { estimatedPropertyValue: '$100,000,001' }, MONEY_MESSAGES.estimatedPropertyValue],
		['currentBalance', { currentBalance: '-1' }, MONEY_MESSAGES.currentBalanceNegative],
		['currentBalance', { currentBalance: '$1,500,001' }, MONEY_MESSAGES.currentBalanceAboveValue],
	] as const)('a refinance with %s %o answers 422 with "%s"', async (field, change, message) => {
		const { status, body } = await post(submission({ ...refinance, ...change }), {}, fresh())
		expect(status).toBe(422)
		expect(body.errors[field]).toBe(message)
		expect(await leadCount()).toBe(0)
	})

	test("a cash-out refinance's custom percentage must be 1% to 100%", async () => {
		const cashOut = { ...refinance, transactionType: 'cash-out-refinance', cashOutPercentage: 'other' }
		const refused = await post(submission({ ...cashOut, cashOutPercentageOther: '150%' }), {}, fresh())
		expect(refused.status).toBe(422)
		expect(refused.body.errors.cashOutPercentageOther).toBe(MONEY_MESSAGES.cashOutPercentageOther)
		// The range written out (docs/decisions/0024), and tried at both of its edges from each side.
		expect(MONEY_MESSAGES.cashOutPercentageOther).toBe('Enter a percentage between 1% and 100%')
		for (const outside of ['0%', '0.99', '100.01%']) {
			const answer = await post(submission({ ...cashOut, cashOutPercentageOther: outside }), {}, fresh())
			expect(answer.status, outside).toBe(422)
			expect(answer.body.errors.cashOutPercentageOther).toBe('Enter a percentage between 1% and 100%')
		}
		for (const inside of ['1%', '85%', '100%'])
			expect((await post(submission({ ...cashOut, cashOutPercentageOther: inside }), {}, fresh())).status, inside).toBe(201)
		expect(await leadCount()).toBe(3)
	})

	test('the edges of each range are accepted', async () => {
		expect((await post(submission({ ...purchaseFound, purchasePrice: '$10,000', downPayment: '$10,000' }), {}, fresh())).status).toBe(201)
		expect((await post(submission({ ...purchaseFound, purchasePrice: '100000000', downPayment: '0' }), {}, fresh())).status).toBe(201)
		expect(
			(await post(submission({ ...refinance, estimatedPropertyValue: '$750,000', currentBalance: '$1,500,000' }), {}, fresh())).status,
		).toBe(201)
		expect((await post(submission({ ...refinance, currentBalance: '$0' }), {}, fresh())).status).toBe(201)
	})

	test('a long form with a monthly rent out of range answers 422 and changes nothing', async () => {
		const created = await post(submission(refinance), {}, fresh())
		const [before] = await handle.db.select().from(leads)
		const long = {
			...refinance,
			formMode: 'long' as const,
			ficoScoreDetailed: '740-759',
			currentlyRented: 'yes',
			monthlyRent: '$1,000,001',
			hasMonthlyHOA: 'no',
			propertyCondition: 'good',
		}
		const { status, body } = await postLongForm(created.body.id, { formData: long }, { Authorization: `Bearer ${created.body.token}` })
		expect(status).toBe(422)
		expect(body.errors.monthlyRent).toBe(MONEY_MESSAGES.monthlyRent)
		expect((await handle.db.select().from(leads))[0]).toEqual(before)
	})

	test('a long form with $0 rent and a $0 HOA is accepted: the monthly ranges start at $0 (docs/decisions/0086)', async () => {
		const created = await post(submission(refinance), {}, fresh())
		const long = { ...longForm(refinance), monthlyRent: '$0', hasMonthlyHOA: 'yes', monthlyHOAAmount: '$0' }
		const { status, body } = await postLongForm(created.body.id, { formData: long }, { Authorization: `Bearer ${created.body.token}` })
		expect(body.errors).toBeUndefined()
		expect(status).toBe(200)
	})
})

// Rules whose breaking no other test noticed.
describe('what the lead notification and records promise', () => {
	test('the consent version stored is the server’s, whatever version the browser claims', async () => {
		const { body } = await post(submission(refinance, { consentVersion: '1999-01-01' }))
		const [consent] = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, body.id))
		expect(consent!.consentVersion).toContain(CONSENT_VERSION)
		expect(consent!.consentVersion).not.toBe('1999-01-01')
		expect(consent!.consentHash).toBe(sha256(consent!.consentText))
	})

	test('the full new-lead e-mail replies to the borrower and carries their e-mail address and phone number (docs/decisions/0089)', async () => {
		await setStaffMailDetail(services, 'full')
		await post(submission(refinance)).finally(() => setStaffMailDetail(services, 'minimal'))
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-new-lead'))
		const payload = mail!.payload as { replyTo: string; text: string }
		expect(payload.replyTo).toBe('Jane@Example.com')
		expect(payload.text).toContain('Jane@Example.com')
		expect(payload.text).toContain('(949) 555-0123')
	})

	test('the minimal new-lead e-mail (the default) has neither, and no Reply-To to the borrower', async () => {
		await post(submission(refinance))
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-new-lead'))
		const payload = mail!.payload as { replyTo?: string; text: string }
		expect(payload.replyTo).toBeUndefined()
		expect(payload.text).not.toMatch(/Jane@Example\.com|555-0123/i)
		expect(payload.text).toContain('First name: Jane')
	})

	test('an earlier lead 89 days old still makes a repeat inquiry (the window is 90 days)', async () => {
		const first = await post(submission(refinance))
		await handle.db.update(leads).set({ createdAt: sql`now() - interval '89 days'` }).where(eq(leads.id, first.body.id))
		const again = await post(submission(refinance), {}, '198.51.100.41')
		expect((await handle.db.select().from(leads).where(eq(leads.id, again.body.id)))[0]!.repeatOfLeadId).toBe(first.body.id)
	})

	test('an earlier lead 91 days old is past the window: the new lead is no repeat inquiry', async () => {
		const contact = { email: 'ninety-one.days@example.com', phone: '(949) 555-0191' }
		const first = await post(submission({ ...refinance, ...contact } as LoanFormData), {}, '198.51.100.42')
		await handle.db.update(leads).set({ createdAt: sql`now() - interval '91 days'` }).where(eq(leads.id, first.body.id))
		const again = await post(submission({ ...refinance, ...contact } as LoanFormData), {}, '198.51.100.43')
		expect(again.status).toBe(201)
		expect((await handle.db.select().from(leads).where(eq(leads.id, again.body.id)))[0]!.repeatOfLeadId).toBeNull()
	})

	test('with notifications switched off in the settings, neither a new lead nor its long form queues staff mail', async () => {
		const settings = await services.content.get('settings')
		await services.content.save('settings', { ...settings, enableNotifications: false }, 'test')
		try {
			const created = await post(submission(refinance))
			expect(created.status).toBe(201)
			const done = await postLongForm(created.body.id, { formData: longForm(refinance) }, { Authorization: `Bearer ${created.body.token}` })
			expect(done.status).toBe(200)
			// The switch is the staff's e-mail (spec 2 §6); the borrower's own confirmations still go (docs/decisions/0097).
			const queued = await handle.db.select().from(outbox)
			expect(queued.map((row) => [row.kind, (row.payload as { stage?: string }).stage])).toEqual([
				['borrower-confirmation', 'short'],
				['borrower-confirmation', 'long'],
			])
		} finally {
			await services.content.save('settings', settings, 'test')
		}
	})
})
