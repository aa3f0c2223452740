import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { contactMessages, leadActivity, leadConsents, leads, outbox } from '#db/schema.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import {
	ADD_LEAD_MESSAGES,
	PHONE_LEAD_AMOUNT_LABELS,
	PHONE_LEAD_PROGRAMS,
	asksTransaction,
	createLeadSchema,
	phoneLeadAmounts,
} from '#app/features/leads/work/add-lead-schema.ts'
import { MESSAGE_LEAD_ERRORS } from '#app/features/leads/work/create-manual-lead.server.ts'
import { saveOfficerRouting } from '#app/features/leads/routing/lead-routing.server.ts'
import { verbalConsentScript } from '#app/features/leads/model/verbal-consent.ts'
import { action } from '#app/routes/dashboard/leads.tsx'
import { admin, base, contact, handle, post, services, setUpLeadsScreen } from '../../../tests/leads-screen-harness.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { routeContext } from '../../../tests/test-services.ts'

/** docs/decisions/0109: leads that come by phone, and contact-form messages made leads. */
setUpLeadsScreen()

type Staff = Awaited<ReturnType<typeof signedInStaff>>
let texas: Staff
let florida: Staff
let manager: Staff

beforeAll(async () => {
	texas = await signedInStaff(services, ['user'])
	florida = await signedInStaff(services, ['user'])
	manager = await signedInStaff(services, ['moderator'])
	// Both take DSCR; one in Texas only, the other in Florida only.
	await saveOfficerRouting(handle.db, { userId: texas.user.id, receivesLeads: true, states: ['TX'], loanTypes: ['DSCR'] })
	await saveOfficerRouting(handle.db, { userId: florida.user.id, receivesLeads: true, states: ['FL'], loanTypes: ['DSCR'] })
})

async function postAs(staff: { cookie: string }, fields: Array<[string, string]>) {
	const request = staffRequest(base, staff.cookie, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})
	const result = await action({ request, context: routeContext(services), params: {} } as never)
	const { data, init } = result as unknown as { data: LeadActionResult; init: ResponseInit | null }
	return { status: init?.status ?? 200, body: data }
}

const leadIdOf = (body: LeadActionResult) => (body as { leadId: string }).leadId
const stored = async (id: string) => (await handle.db.select().from(leads).where(eq(leads.id, id)))[0]!
const caller = () => `caller-${Math.random().toString(36).slice(2)}@example.com`

describe('Add Lead asks what the wizard asks (docs/decisions/0109)', () => {
	test('a lead with a state is routed like a wizard lead: to the officer who takes that program and state', async () => {
		for (const [state, officer] of [
			['FL', florida],
			['TX', texas],
			['Florida', florida],
		] as const) {
			const { body } = await post(contact({ email: caller(), propertyState: state, propertyAddress: '12 Palm Way, Tampa' }))
			const lead = await stored(leadIdOf(body))
			expect(lead.assignedTo, state).toBe(officer.user.id)
			expect(lead.loanType).toBe('DSCR')
			expect(JSON.parse(lead.message!)).toMatchObject({ propertyFullAddress: '12 Palm Way, Tampa' })
		}
		// A state nobody takes stays in the pool.
		const { body } = await post(contact({ email: caller(), propertyState: 'NY' }))
		expect((await stored(leadIdOf(body))).assignedTo).toBeNull()
	})

	test('a loan officer who adds a lead keeps it, whatever routing would say', async () => {
		const { body } = await postAs(texas, contact({ email: caller(), propertyState: 'FL' }))
		expect(body).toMatchObject({ ok: true })
		expect((await stored(leadIdOf(body))).assignedTo).toBe(texas.user.id)
	})

	test('spec 2 §2’s property types and the wizard’s others are accepted, anything else refused; program and state are required', async () => {
		for (const propertyType of [
			'single-family',
			'multi-family',
			'townhouse',
			'condo',
			'commercial',
			'land',
			'multi-family-5plus',
			'mixed-use-2-8',
		]) {
			const { body } = await post(contact({ email: caller(), propertyType }))
			expect(body, propertyType).toMatchObject({ ok: true })
			expect((await stored(leadIdOf(body))).propertyType).toBe(propertyType)
		}
		for (const propertyType of ['condo-townhome', 'castle', ''])
			expect((await post(contact({ propertyType }))).body).toEqual({ ok: false, intent: 'create', error: ADD_LEAD_MESSAGES.propertyType })
		expect((await post(contact({ loanProgram: 'heloc' }))).body).toMatchObject({ error: ADD_LEAD_MESSAGES.program })
		expect((await post(contact({ propertyState: 'ZZ' }))).body).toMatchObject({ error: ADD_LEAD_MESSAGES.state })
		// Every program needs the state (routing reads it), not only DSCR.
		for (const loanProgram of ['fix-flip', 'construction'])
			expect((await post(contact({ loanProgram, propertyState: '' }))).body, loanProgram).toMatchObject({ error: ADD_LEAD_MESSAGES.state })
		expect((await post(contact({ transactionType: '' }))).body).toMatchObject({ error: ADD_LEAD_MESSAGES.transactionType })
		// A bridge loan is bought or refinanced, as the wizard asks it: required and kept, with a refinance's amounts.
		expect(asksTransaction('short-term-bridge')).toBe(true)
		expect((await post(contact({ loanProgram: 'short-term-bridge', transactionType: '' }))).body).toMatchObject({
			error: 'Choose purchase, refinance or cash-out refinance',
		})
		const bridge = await post(
			contact({
				email: caller(),
				loanProgram: 'short-term-bridge',
				transactionType: 'refinance',
				estimatedPropertyValue: '$600,000',
				currentBalance: '$250,000',
			}),
		)
		const bridgeLead = await stored(leadIdOf(bridge.body))
		expect(bridgeLead.transactionType).toBe('refinance')
		expect(JSON.parse(bridgeLead.message!)).toMatchObject({ estimatedPropertyValue: '$600,000', currentBalance: '$250,000' })
		// The wizard's amount ranges, for the amounts the program asks.
		expect((await post(contact({ purchasePrice: '$500' }))).body).toMatchObject({
			error: 'Purchase price must be between $10,000 and $100,000,000',
		})
		// A fix & flip asks no transaction: one posted anyway changes nothing (its purchase price is the amount kept).
		const flip = await post(
			contact({ email: caller(), loanProgram: 'fix-flip', transactionType: 'refinance', purchasePrice: '300000', currentBalance: '9' }),
		)
		const flipLead = await stored(leadIdOf(flip.body))
		expect(flipLead).toMatchObject({ transactionType: null, propertyValue: '$300,000' })
		expect(JSON.parse(flipLead.message!)).not.toHaveProperty('currentBalance')
		const flipWithRent = await post(contact({ email: caller(), loanProgram: 'fix-flip', purchasePrice: '300000', monthlyRent: '$2,000' }))
		expect(JSON.parse((await stored(leadIdOf(flipWithRent.body))).message!)).not.toHaveProperty('monthlyRent')
		const { body } = await post(contact({ email: caller(), purchasePrice: '450000', monthlyRent: '$3,200' }))
		const lead = await stored(leadIdOf(body))
		expect(lead.propertyValue).toBe('$450,000')
		expect(JSON.parse(lead.message!)).toMatchObject({ purchasePrice: '450000', monthlyRent: '$3,200' })
	})
})

describe('a lead entered by staff and speed to lead (docs/decisions/0036)', () => {
	test('entered in a status other than New, it has had its first contact; entered New, not yet', async () => {
		const reached = await post(contact({ email: caller(), status: 'contacted' }))
		expect((await stored(leadIdOf(reached.body))).firstContactedAt).not.toBeNull()
		const waiting = await post(contact({ email: caller(), status: 'new' }))
		expect((await stored(leadIdOf(waiting.body))).firstContactedAt).toBeNull()
	})
})

describe('Add Lead asks spec 2 §2’s Property Value (docs/decisions/0113)', () => {
	test('every program and transaction asks it: beside a purchase’s price, and as a refinance’s estimate', () => {
		for (const program of PHONE_LEAD_PROGRAMS.map((option) => option.value))
			for (const transaction of asksTransaction(program) ? ['purchase', 'refinance', 'cash-out-refinance'] : [null])
				expect(phoneLeadAmounts(program, transaction), `${program} ${transaction}`).toContain('estimatedPropertyValue')
		expect(phoneLeadAmounts('dscr', 'purchase')).toEqual(['purchasePrice', 'estimatedPropertyValue', 'monthlyRent'])
		// Only the DSCR wizard asks the rent (the loan is sized on it): no other program asks it, or keeps one posted.
		for (const program of ['short-term-bridge', 'fix-flip', 'construction'])
			for (const transaction of ['purchase', 'refinance', null])
				expect(phoneLeadAmounts(program, transaction), `${program} ${transaction}`).not.toContain('monthlyRent')
		expect(phoneLeadAmounts('dscr', 'refinance')).toContain('monthlyRent')
		expect(PHONE_LEAD_AMOUNT_LABELS.estimatedPropertyValue).toBe('Property Value')
	})

	test('a purchase keeps its property value beside the price, in the wizard’s answer; the same schema refuses one out of range', async () => {
		const fields = { email: caller(), purchasePrice: '450000', estimatedPropertyValue: '$520,000' }
		const { body } = await post(contact(fields))
		const lead = await stored(leadIdOf(body))
		// spec 1 §3: the table's Property Value of a purchase is its price (lead-mapping's one reading); the value is an answer.
		expect(lead.propertyValue).toBe('$450,000')
		expect(JSON.parse(lead.message!)).toMatchObject({ purchasePrice: '450000', estimatedPropertyValue: '$520,000' })
		const tooLow = { ...Object.fromEntries(contact()), estimatedPropertyValue: '$500' }
		const refusal = 'Estimated property value must be between $10,000 and $100,000,000'
		expect(createLeadSchema.safeParse(tooLow).error?.issues).toEqual([
			expect.objectContaining({ path: ['estimatedPropertyValue'], message: refusal }),
		])
		expect((await post(contact({ email: caller(), estimatedPropertyValue: '$500' }))).body).toMatchObject({ ok: false, error: refusal })
		// Only a value given, the table shows it (lead-mapping's reading falls back to the estimate).
		const valueOnly = await post(contact({ email: caller(), loanProgram: 'fix-flip', estimatedPropertyValue: '610000' }))
		expect((await stored(leadIdOf(valueOnly.body))).propertyValue).toBe('$610,000')
	})
})

describe('verbal consent (docs/decisions/0109)', () => {
	test('stored like the wizard’s evidence: the script read, its version and hash, when, and who took it', async () => {
		const before = Date.now()
		const { body } = await postAs(texas, contact({ email: caller(), verbalConsent: 'on' }))
		const leadId = leadIdOf(body)
		const [record] = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, leadId))
		const company = await services.content.get('company')
		expect(record).toMatchObject({
			kind: 'contact',
			// docs/decisions/0109: told apart from the wizard's 'web' consent by its method, written out.
			method: 'verbal-phone',
			consentText: verbalConsentScript(company),
			consentVersion: 'verbal-2026-11-27',
			// Where a web record keeps the page and the addresses, and no browser.
			pageUrl: 'verbal, by phone',
			ipAddress: 'verbal, by phone',
			socketIpAddress: 'verbal, by phone',
			userAgent: null,
			takenById: texas.user.id,
			takenByName: `${texas.user.name} <${texas.email}>`,
		})
		expect(record!.consentText).toContain(company.name)
		expect(record!.consentHash).toBe(crypto.createHash('sha256').update(record!.consentText).digest('hex'))
		// The script's words (docs/decisions/0109): no condition of a loan, STOP, the office's number, the question.
		for (const words of ['Your consent is not a condition of any loan.', 'reply STOP', `or call ${company.phone}.`, 'Do you agree?'])
			expect(record!.consentText).toContain(words)
		expect(record!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
		const [created] = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, leadId))
		expect(created!.detail).toMatchObject({ channel: 'phone', consent: 'verbal' })
	})

	test('without the box the lead is saved with no consent record (Call and Text then warn)', async () => {
		const { body } = await post(contact({ email: caller() }))
		expect(
			await handle.db
				.select()
				.from(leadConsents)
				.where(eq(leadConsents.leadId, leadIdOf(body))),
		).toEqual([])
	})
})

describe('a contact-form message becomes a lead in one step (docs/decisions/0109)', () => {
	const message = async () =>
		(
			await handle.db
				.insert(contactMessages)
				.values({ name: 'Rita Caller', email: 'rita@example.com', phone: '(512) 555-0142', message: 'A duplex in Austin' })
				.returning()
		)[0]!

	test('the lead links back to its message, which is then read; a second lead of it is refused', async () => {
		const sent = await message()
		const fields = contact({ email: 'rita@example.com', contactMessageId: sent.id, message: sent.message })
		const { body } = await post(fields)
		expect(body).toMatchObject({ ok: true })
		const [linked] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, sent.id))
		expect(linked).toMatchObject({ leadId: leadIdOf(body) })
		expect(linked!.readAt).not.toBeNull()
		expect(JSON.parse((await stored(leadIdOf(body))).message!)).toMatchObject({ channel: 'contact-message', notes: 'A duplex in Austin' })
		const again = await post(fields)
		expect(again).toEqual({ status: 409, body: { ok: false, intent: 'create', error: MESSAGE_LEAD_ERRORS.gone } })
	})

	test('only staff who may read messages and add leads: a loan officer cannot make a lead of a message', async () => {
		const sent = await message()
		const refused = await postAs(texas, contact({ email: caller(), contactMessageId: sent.id }))
		expect(refused).toEqual({ status: 403, body: { ok: false, intent: 'create', error: MESSAGE_LEAD_ERRORS.notAllowed } })
		const [untouched] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, sent.id))
		expect(untouched!.leadId).toBeNull()
		const allowed = await postAs(manager, contact({ email: caller(), contactMessageId: sent.id }))
		expect(allowed.body).toMatchObject({ ok: true })
		expect(admin).toBeDefined()
	})
})

const createdEntry = async (leadId: string) =>
	(await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, leadId))).find((entry) => entry.action === 'created')!

describe('Add Lead, each rule of docs/decisions/0109 with its own test', () => {
	test('a refinance and a cash-out refinance both ask a refinance’s amounts; fix & flip and construction ask a purchase’s', () => {
		for (const transaction of ['refinance', 'cash-out-refinance']) {
			expect(phoneLeadAmounts('dscr', transaction), transaction).toEqual(['estimatedPropertyValue', 'currentBalance', 'monthlyRent'])
			expect(phoneLeadAmounts('short-term-bridge', transaction), transaction).toEqual(['estimatedPropertyValue', 'currentBalance'])
		}
		expect(phoneLeadAmounts('short-term-bridge', 'purchase')).toEqual(['purchasePrice', 'estimatedPropertyValue'])
		for (const program of ['fix-flip', 'construction'])
			expect(phoneLeadAmounts(program, null), program).toEqual(['purchasePrice', 'estimatedPropertyValue'])
	})

	test('each missing answer has the decision’s own message', async () => {
		expect((await post(contact({ loanProgram: '' }))).body).toMatchObject({ error: 'Choose the loan program' })
		expect((await post(contact({ propertyState: '' }))).body).toMatchObject({ error: 'Choose the state the property is in' })
		expect((await post(contact({ propertyType: '' }))).body).toMatchObject({
			error: 'Choose a property type: Single Family, Multi-Family, Mixed Use, Townhouse, Condo, Commercial or Land',
		})
	})

	test('a box posted as true counts as the caller’s consent, like one ticked', async () => {
		const { body } = await post(contact({ email: caller(), verbalConsent: 'true' }))
		const records = await handle.db
			.select()
			.from(leadConsents)
			.where(eq(leadConsents.leadId, leadIdOf(body)))
		expect(records).toHaveLength(1)
	})

	test('the history says when no consent was taken, and names the message a lead was made of', async () => {
		const plain = await post(contact({ email: caller() }))
		const created = await createdEntry(leadIdOf(plain.body))
		expect(created.detail).toEqual({ status: 'new', sourcePage: 'Manual Entry', channel: 'phone', consent: 'none' })
		const [sent] = await handle.db
			.insert(contactMessages)
			.values({ name: 'Ann Asker', email: 'ann@example.com', phone: '(512) 555-0143', message: 'Hi' })
			.returning()
		const made = await post(contact({ email: caller(), contactMessageId: sent!.id }))
		expect((await createdEntry(leadIdOf(made.body))).detail).toMatchObject({
			channel: 'contact-message',
			consent: 'none',
			contactMessageId: sent!.id,
		})
	})

	test('a message already read keeps the time it was read; an anonymised message makes no lead', async () => {
		const readAt = new Date('2026-11-20T10:00:00Z')
		const [read] = await handle.db
			.insert(contactMessages)
			.values({ name: 'Ann Asker', email: 'ann@example.com', phone: '(512) 555-0143', message: 'Hi', readAt })
			.returning()
		expect((await post(contact({ email: caller(), contactMessageId: read!.id }))).body).toMatchObject({ ok: true })
		const [kept] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, read!.id))
		expect(kept!.readAt).toEqual(readAt)
		const [erased] = await handle.db
			.insert(contactMessages)
			.values({ name: 'Erased', email: 'erased@example.com', phone: '(512) 555-0144', message: 'Hi', anonymizedAt: new Date() })
			.returning()
		const refused = await post(contact({ email: caller(), contactMessageId: erased!.id }))
		expect(refused).toEqual({
			status: 409,
			body: { ok: false, intent: 'create', error: 'This message no longer exists or already has a lead' },
		})
		const [untouched] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, erased!.id))
		expect(untouched!.leadId).toBeNull()
	})

	test('a loan officer’s own phone lead is theirs from now, recorded as a claim', async () => {
		const before = Date.now()
		const { body } = await postAs(texas, contact({ email: caller() }))
		const lead = await stored(leadIdOf(body))
		expect(lead.assignedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		expect(history.find((entry) => entry.action === 'assigned')!.detail).toEqual({
			fromId: null,
			toId: texas.user.id,
			toName: texas.user.name,
			by: 'claim',
		})
	})

	test('the e-mail and phone are kept normalised too, as a wizard lead’s (repeat detection, phone search)', async () => {
		const { body } = await post(contact({ email: 'Phone.Caller+work@Example.COM', phone: '+1 (949) 555-0142' }))
		expect(await stored(leadIdOf(body))).toMatchObject({ emailNormalized: 'phone.caller@example.com', phoneNormalized: '9495550142' })
	})

	test('the officer routing picks is told of the lead in the same step, and only of this lead', async () => {
		const { body } = await post(contact({ email: caller(), propertyState: 'FL' }))
		const lead = await stored(leadIdOf(body))
		expect(lead.assignedTo).toBe(florida.user.id)
		const told = await handle.db.select().from(outbox).where(eq(outbox.leadId, lead.id))
		expect(told.map((row) => row.kind)).toContain('notify-assigned-lead')
	})

	test('no borrower confirmation is queued for a lead staff entered (docs/decisions/0097)', async () => {
		const { body } = await post(contact({ email: caller() }))
		const queued = await handle.db
			.select()
			.from(outbox)
			.where(eq(outbox.leadId, leadIdOf(body)))
		expect(queued.map((row) => row.kind)).not.toContain('borrower-confirmation')
	})
})
