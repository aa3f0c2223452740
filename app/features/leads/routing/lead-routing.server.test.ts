import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { leadActivity, leadConsents, leadRoutingOfficers, leadRoutingSettings, leads, outbox, rateLimits, users } from '#db/schema.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { action as createLeadApi } from '#app/routes/api/leads.ts'
import { action as routingAction } from '#app/routes/dashboard/routing.tsx'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../../tests/staff-session.ts'
import { createStaffAccount } from '#app/features/users/staff-accounts.server.ts'
import { logLeadContact, recordContactAttempt } from '../work/assign-lead.server.ts'
import { RELATED_BATCH, escalateUntouchedLeads } from './lead-escalation.server.ts'
import { propertyStateOf, routeNewLead, saveOfficerRouting, saveRoutingSettings } from './lead-routing.server.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { updateLeadStatus } from '../work/update-lead-status.server.ts'
import { addLeadNote } from '../work/lead-notes.server.ts'

let handle: DatabaseHandle
let services: AppServices
let admin: Awaited<ReturnType<typeof signedInStaff>>
const officers: Array<{ id: string; email: string }> = []
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	admin = await signedInStaff(services, ['admin'])
	for (let i = 0; i < 3; i++) officers.push((await signedInStaff(services, ['user'])).user)
	// Not active officers: a sales manager (routing is for loan officers, docs/decisions/0034), disabled, or invited
	// without having chosen a password yet.
	await signedInStaff(services, ['moderator'])
	const disabled = await signedInStaff(services, ['user'])
	await handle.db.update(users).set({ banned: true }).where(eq(users.id, disabled.user.id))
	await createStaffAccount(services.auth, handle.db, { email: 'invited@example.com', name: 'Invited', password: null, roles: ['user'] })
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits, leadRoutingOfficers, leadRoutingSettings]) await handle.db.delete(table)
})

const form = (overrides: Partial<LoanFormData> = {}): LoanFormData => ({
	...refinanceAnswers,
	// A different person each time: one e-mail or phone may send only 5 quote requests an hour (docs/decisions/0026).
	firstName: 'Jane',
	lastName: 'Investor',
	email: `jane-${Math.random().toString(36).slice(2)}@example.com`,
	phone: `(949) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
	...overrides,
})

async function createLead(formData: LoanFormData) {
	const request = new Request('http://localhost:3000/api/leads', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
		body: JSON.stringify({ formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
	})
	const response = (await createLeadApi({
		request,
		context: routeContext(services, { clientIp: `198.51.100.${Math.floor(Math.random() * 250)}` }),
		params: {},
	} as never)) as Response
	expect(response.status).toBe(201)
	const { id } = (await response.json()) as { id: string }
	const [lead] = await handle.db.select().from(leads).where(eq(leads.id, id))
	return lead!
}

describe('automatic routing', () => {
	test('new leads go round-robin to active officers only, each e-mailed with a link in the same transaction', async () => {
		const assigned = []
		for (let i = 0; i < 6; i++) assigned.push((await createLead(form())).assignedTo)
		expect(new Set(assigned.slice(0, 3))).toEqual(new Set(officers.map((officer) => officer.id)))
		expect(assigned.slice(3)).toEqual(assigned.slice(0, 3))
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-assigned-lead'))
		expect(mails).toHaveLength(6)
		const first = await handle.db.select().from(leads).where(eq(leads.assignedTo, officers[0]!.id))
		const payload = mails
			.map((mail) => mail.payload as { to: string[]; subject: string; text: string })
			.find((mail) => mail.to[0] === officers[0]!.email)!
		// docs/decisions/0089: the minimal e-mail (the default) names the first name only.
		expect(payload.subject).toMatch(/^Assigned to you: New lead: Jane \(/)
		expect(first.map((lead) => payload.text.includes(`http://localhost:3000/dashboard/leads?lead=${lead.id}`)).some(Boolean)).toBe(true)
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, first[0]!.id))
		expect(history.map((entry) => entry.action)).toContain('assigned')
	})

	test('rules restrict an officer by property state and loan program; a lead nobody fits stays unassigned', async () => {
		const [texas, florida, off] = officers
		await saveOfficerRouting(handle.db, { userId: texas!.id, receivesLeads: true, states: ['TX'], loanTypes: [] })
		await saveOfficerRouting(handle.db, { userId: florida!.id, receivesLeads: true, states: ['FL'], loanTypes: ['Bridge'] })
		await saveOfficerRouting(handle.db, { userId: off!.id, receivesLeads: false, states: [], loanTypes: [] })
		expect((await createLead(form())).assignedTo).toBe(texas!.id)
		expect(
			(await createLead(form({ propertyFullAddress: '1 Bay St, Tampa, FL 33602, USA', loanProgram: 'short-term-bridge' }))).assignedTo,
		).toBe(florida!.id)
		const nobody = await createLead(form({ propertyFullAddress: '1 Bay St, Tampa, FL 33602, USA' }))
		expect(nobody.assignedTo).toBeNull()
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-assigned-lead'))).toHaveLength(2)
	})

	test('a lead nobody fits never waits for the routing lock: other leads are not held behind it', async () => {
		for (const officer of officers)
			await saveOfficerRouting(handle.db, { userId: officer.id, receivesLeads: true, states: ['TX'], loanTypes: [] })
		const advisoryLocks = await handle.db.transaction(async (tx) => {
			expect(await routeNewLead(tx, { id: crypto.randomUUID(), state: 'FL', loanType: 'DSCR Rental Loan' })).toBeNull()
			const held = (await tx.execute(
				sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
			)) as unknown as {
				rows: Array<{ n: number }>
			}
			return Number(held.rows[0]!.n)
		})
		expect(advisoryLocks).toBe(0)
	})

	test('a routed lead is written whole or not at all: lead, consent, both e-mails, the turn and the history', async () => {
		const person = form()
		// Consent records are append-only, so earlier tests' records stay: the count must not move.
		const consents = async () => (await handle.db.select({ id: leadConsents.id }).from(leadConsents)).length
		const consentsBefore = await consents()
		const refused = sql.raw(
			`create function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
		)
		await handle.db.execute(refused)
		await handle.db.execute(
			sql.raw('create trigger refuse_insert before insert on lead_activity for each row execute function refuse_insert()'),
		)
		try {
			await expect(createLead(person)).rejects.toThrow()
		} finally {
			await handle.db.execute(sql.raw('drop trigger refuse_insert on lead_activity'))
			await handle.db.execute(sql.raw('drop function refuse_insert()'))
		}
		expect(await handle.db.select().from(leads)).toEqual([])
		expect(await consents()).toBe(consentsBefore)
		expect(await handle.db.select().from(outbox)).toEqual([])
		expect(await handle.db.select().from(leadRoutingOfficers)).toEqual([])

		const lead = await createLead(person)
		const officer = officers.find((candidate) => candidate.id === lead.assignedTo)!
		expect(lead.assignedAt).toBeInstanceOf(Date)
		const [consent] = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, lead.id))
		expect(consent).toMatchObject({ consentVersion: CONSENT_VERSION, pageUrl: 'http://localhost:3000/fast-quote' })
		const mails = await handle.db.select().from(outbox).orderBy(outbox.id)
		// With the borrower's confirmation (docs/decisions/0097), composed when it is sent.
		expect(mails.map((mail) => [mail.kind, (mail.payload as { to?: string[] }).to]).sort()).toEqual([
			['borrower-confirmation', undefined],
			['notify-assigned-lead', [officer.email]],
			['notify-new-lead', ['loans@example.com']],
		])
		const [turn] = await handle.db.select().from(leadRoutingOfficers)
		expect(turn).toMatchObject({ userId: officer.id })
		expect(turn!.lastRoutedAt).toEqual(lead.assignedAt)
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		expect(history.map((entry) => [entry.action, entry.detail])).toEqual([
			['assigned', { toId: officer.id, toName: expect.any(String), by: 'routing' }],
		])
	})

	test('with automatic assignment off, every lead goes to the unassigned pool', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: false, escalationMinutes: 15 })
		expect((await createLead(form())).assignedTo).toBeNull()
	})

	test('the property state is read from the wizard answers', () => {
		expect(propertyStateOf({ propertyFullAddress: '100 Main St, Austin, TX 78701, USA' })).toBe('TX')
		expect(propertyStateOf({ manualState: 'fl' })).toBe('FL')
		expect(propertyStateOf({ propertyFullAddress: 'somewhere' })).toBeNull()
	})

	test('the routing screen refuses bad input with a message per field and keeps what was stored', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 20 })
		const post = async (fields: Array<[string, string]>) => {
			const result = (await routingAction({
				request: staffRequest('http://localhost:3000/dashboard/routing', admin.cookie, {
					method: 'POST',
					body: new URLSearchParams(fields),
				}),
				context: routeContext(services),
				params: {},
			} as never)) as unknown as { data: { ok: boolean; errors?: Record<string, string> }; init: { status?: number } | null }
			return { status: result.init?.status ?? 200, body: result.data }
		}
		expect(
			await post([
				['intent', 'settings'],
				['escalationMinutes', '-5'],
			]),
		).toMatchObject({ status: 422, body: { errors: { escalationMinutes: 'Enter 0 (off) or more minutes' } } })
		expect(
			await post([
				['intent', 'officer'],
				['userId', officers[0]!.id],
				['states', 'TX, Texas'],
			]),
		).toMatchObject({ status: 422, body: { errors: { states: 'Use two-letter state codes such as TX, FL' } } })
		expect(
			await post([
				['intent', 'officer'],
				['userId', admin.user.id],
				['states', ''],
			]),
		).toMatchObject({ status: 422, body: { errors: { userId: 'Choose an active loan officer' } } })
		const [stored] = await handle.db.select().from(leadRoutingSettings)
		expect(stored).toMatchObject({ autoAssign: true, escalationMinutes: 20 })
		expect(
			await post([
				['intent', 'settings'],
				['escalationMinutes', '0'],
			]),
		).toMatchObject({ status: 200 })
		expect((await handle.db.select().from(leadRoutingSettings))[0]).toMatchObject({ autoAssign: false, escalationMinutes: 0 })
	})
})

describe('working an unassigned lead (docs/decisions/0043)', () => {
	const officer = (index: number) => testActor({ id: officers[index]!.id, name: `Officer ${index}`, roles: ['user'] })
	const assignee = async (leadId: string) => (await handle.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.assignedTo
	const history = async (leadId: string) =>
		(await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, leadId))).map((entry) => [entry.action, entry.detail])

	test('an officer who changes the status, writes a note, logs a call or taps Call takes the lead; the next officer cannot touch it', async () => {
		const byStatus = await insertTestLead(handle.db)
		expect(await updateLeadStatus(handle.db, officer(0), { leadId: byStatus.id, status: 'attempted' })).toEqual({ taken: true })
		expect(await assignee(byStatus.id)).toBe(officers[0]!.id)
		expect(await history(byStatus.id)).toContainEqual([
			'assigned',
			{ fromId: null, toId: officers[0]!.id, toName: 'Officer 0', by: 'work' },
		])
		expect(await updateLeadStatus(handle.db, officer(1), { leadId: byStatus.id, status: 'hot' })).toBeNull()

		const byNote = await insertTestLead(handle.db)
		expect(await addLeadNote(handle.db, officer(1), { leadId: byNote.id, body: 'Wants a 30-year term' })).toMatchObject({ taken: true })
		expect(await assignee(byNote.id)).toBe(officers[1]!.id)
		expect(await addLeadNote(handle.db, officer(0), { leadId: byNote.id, body: 'Mine now' })).toBeNull()

		const byCall = await insertTestLead(handle.db)
		expect(
			await logLeadContact(handle.db, officer(2), { leadId: byCall.id, channel: 'call', outcome: 'no_answer', summary: null }),
		).toMatchObject({
			taken: true,
		})
		expect(await assignee(byCall.id)).toBe(officers[2]!.id)
		// Working it again does not log a second hand-over.
		expect(
			await logLeadContact(handle.db, officer(2), { leadId: byCall.id, channel: 'email', outcome: 'sent', summary: null }),
		).toMatchObject({
			taken: false,
		})
		expect((await history(byCall.id)).filter(([action]) => action === 'assigned')).toHaveLength(1)

		// docs/decisions/0104: the tap on Call is work too, so two officers never dial the same borrower.
		const byTap = await insertTestLead(handle.db)
		expect(await recordContactAttempt(handle.db, officer(0), { leadId: byTap.id, channel: 'call' })).toEqual({ taken: true })
		expect(await assignee(byTap.id)).toBe(officers[0]!.id)
		expect(await recordContactAttempt(handle.db, officer(1), { leadId: byTap.id, channel: 'text' })).toBeNull()
	})

	test('a manager or an admin works an unassigned lead without taking it', async () => {
		for (const roles of [['moderator'], ['admin'], ['admin', 'user']] as const) {
			const lead = await insertTestLead(handle.db)
			const actor = testActor({ roles: [...roles] })
			await updateLeadStatus(handle.db, actor, { leadId: lead.id, status: 'contacted' })
			await addLeadNote(handle.db, actor, { leadId: lead.id, body: 'Called back' })
			await logLeadContact(handle.db, actor, { leadId: lead.id, channel: 'call', outcome: 'voicemail', summary: null })
			await recordContactAttempt(handle.db, actor, { leadId: lead.id, channel: 'call' })
			expect(await assignee(lead.id), roles.join()).toBeNull()
		}
	})
})

describe('escalation', () => {
	const options = { baseUrl: 'http://localhost:3000', fallbackEmail: async () => 'fallback@example.com' }

	test('a new lead untouched for N minutes is escalated once to the managers, with a link', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const late = await insertTestLead(handle.db, { minutesAgo: 16, firstName: 'Late', assignedTo: officers[0]!.id })
		// Another person (each test lead has its own e-mail; the phone tells people apart too).
		await insertTestLead(handle.db, { minutesAgo: 14, phone: '(555) 010-0014' })
		await insertTestLead(handle.db, { minutesAgo: 30, firstContactedAt: new Date() })
		await insertTestLead(handle.db, { minutesAgo: 30, status: 'attempted' })
		// Two processes at once, then again later: one e-mail.
		const counts = await Promise.all([escalateUntouchedLeads(handle.db, options), escalateUntouchedLeads(handle.db, options)])
		expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1)
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(0)
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		expect(mails).toHaveLength(1)
		const mail = mails[0]!.payload as { to: string[]; subject: string; text: string }
		expect(mail.to).toContain(admin.email)
		expect(mail.to.some((to) => officers.some((officer) => officer.email === to))).toBe(false)
		expect(mail.subject).toMatch(/^Untouched lead: Late has waited/)
		expect(mail.text).toContain(`http://localhost:3000/dashboard/leads?lead=${late.id}`)
		expect(mail.text).toContain('Assigned to: Test user')
		expect((await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, late.id))).map((entry) => entry.action)).toEqual([
			'escalated',
		])
	})

	test('disabled managers get no escalation e-mail; the active ones do', async () => {
		const disabledAdmin = await signedInStaff(services, ['admin'])
		const disabledModerator = await signedInStaff(services, ['moderator'])
		const moderator = await signedInStaff(services, ['moderator'])
		await handle.db
			.update(users)
			.set({ banned: true })
			.where(inArray(users.id, [disabledAdmin.user.id, disabledModerator.user.id]))
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		await insertTestLead(handle.db, { minutesAgo: 16 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(1)
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		const to = (mail!.payload as { to: string[] }).to
		expect(to).toEqual(expect.arrayContaining([admin.email, moderator.email]))
		expect(to).not.toContain(disabledAdmin.email)
		expect(to).not.toContain(disabledModerator.email)
		// The later tests count the managers as before.
		await handle.db.update(users).set({ banned: true }).where(eq(users.id, moderator.user.id))
	})

	test('one escalation per person: their requests (same e-mail or phone) share one e-mail, and a later one adds none', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const jane = { firstName: 'Jane', lastName: 'Repeat' }
		const first = await insertTestLead(handle.db, { ...jane, email: 'jane@repeat.test', phone: '(949) 555-0101', minutesAgo: 50 })
		const second = await insertTestLead(handle.db, { ...jane, email: 'JANE@repeat.test', phone: '(949) 555-0102', minutesAgo: 40 })
		// Another e-mail, but the second request's phone: still Jane.
		const third = await insertTestLead(handle.db, { ...jane, email: 'jane@other.test', phone: '949-555-0102', minutesAgo: 30 })
		// Not yet due, but hers: listed too, so it does not escalate on its own later.
		const fresh = await insertTestLead(handle.db, { ...jane, email: 'jane@repeat.test', phone: '(949) 555-0101', minutesAgo: 5 })
		await insertTestLead(handle.db, { firstName: 'Other', lastName: 'Person', minutesAgo: 20 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(5)
		const mails = (await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))).map(
			(row) => row.payload as { subject: string; text: string },
		)
		expect(mails).toHaveLength(2)
		const janes = mails.find((mail) => mail.subject.includes('Jane'))!
		expect(janes.subject).toMatch(/^Untouched lead: Jane has waited 50 min.* \(4 requests\)$/)
		expect(janes.text).toContain('Nobody has contacted Jane within 15 minutes. They sent 4 quote requests (same e-mail or phone):')
		for (const lead of [first, second, third, fresh]) expect(janes.text).toContain(`/dashboard/leads?lead=${lead.id}`)

		// Jane asks again; her earlier requests are escalated and still untouched, so managers already know.
		await insertTestLead(handle.db, { ...jane, email: 'jane@repeat.test', phone: '(949) 555-0101', minutesAgo: 16 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(1)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))).toHaveLength(2)
	})

	test('a person with thousands of requests: each run reads a bounded batch of them, still one e-mail (docs/decisions/0063)', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const bot = { firstName: 'Bot', lastName: 'Visitor', phone: '(949) 555-0123' }
		const due = await insertTestLead(handle.db, { ...bot, minutesAgo: 20 })
		// Not yet due, each with its own e-mail: more than one run reads.
		const fresh = []
		for (let i = 0; i < RELATED_BATCH + 10; i++) fresh.push(await insertTestLead(handle.db, { ...bot, minutesAgo: 10 - i / 100 }))
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(1 + RELATED_BATCH)
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		expect(mails).toHaveLength(1)
		const mail = mails[0]!.payload as { subject: string; text: string }
		expect(mail.subject).toContain(`(${1 + RELATED_BATCH} requests)`)
		expect(mail.text).toContain(`/dashboard/leads?lead=${due.id}`)
		expect(mail.text).toContain(`/dashboard/leads?lead=${fresh[RELATED_BATCH - 1]!.id}`)
		expect(mail.text).not.toContain(`/dashboard/leads?lead=${fresh[RELATED_BATCH]!.id}`)
		expect(mail.text).toContain('They sent more untouched requests than are listed here')
		// Nothing else is due yet; once the rest is, it is marked without a second e-mail.
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(0)
		await handle.db.update(leads).set({ createdAt: sql`${leads.createdAt} - interval '10 minutes'` })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(10)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))).toHaveLength(1)
		const unmarked = await handle.db.select({ id: leads.id }).from(leads).where(sql`${leads.escalatedAt} is null`)
		expect(unmarked).toEqual([])
	})

	test('the e-mail says "1 minute" and gives times in words in the lender\'s time zone', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 1 })
		const lead = await insertTestLead(handle.db, { firstName: 'Tim', lastName: 'Zone' })
		await handle.db
			.update(leads)
			.set({ createdAt: new Date('2025-11-24T14:05:00Z') })
			.where(eq(leads.id, lead.id))
		await escalateUntouchedLeads(handle.db, { ...options, timeZone: async () => 'America/New_York' })
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		const text = (mail!.payload as { text: string }).text
		expect(text).toContain('Nobody has contacted this new lead within 1 minute.')
		expect(text).toContain('Received: Monday, November 24, 2025 at 9:05 AM EST')
		expect(text).not.toContain('2025-11-24T14:05')
	})

	test('escalation reads the settings it needs before its transaction: on the embedded database a read inside would wait for ever', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		await insertTestLead(handle.db, { minutesAgo: 16, phone: '(555) 010-0016' })
		// As the content store does when its cache is cold: the answer comes from the database, not from the transaction.
		const fromDatabase = async (value: string) => {
			const result = (await handle.db.execute(sql`select ${value}::text as value`)) as unknown as { rows: Array<{ value: string }> }
			return result.rows[0]!.value
		}
		const escalated = escalateUntouchedLeads(handle.db, {
			...options,
			fallbackEmail: () => fromDatabase('office@example.com'),
			timeZone: () => fromDatabase('America/Chicago'),
		})
		const timedOut = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 10_000))
		expect(await Promise.race([escalated, timedOut])).toBe(1)
	})

	test('a request older than the 90-day repeat window is not the same inquiry: the person is escalated again', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const person = { firstName: 'Olga', lastName: 'Old', email: 'olga@old.test', phone: '(949) 555-0190' }
		// Escalated long ago and never touched: 91 days old is outside the window (docs/decisions/0049, 0053).
		await insertTestLead(handle.db, { ...person, minutesAgo: 91 * 24 * 60, escalatedAt: new Date(Date.now() - 91 * 86_400_000) })
		const fresh = await insertTestLead(handle.db, { ...person, minutesAgo: 16 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(1)
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		expect(mails).toHaveLength(1)
		expect((mails[0]!.payload as { text: string }).text).toContain(`/dashboard/leads?lead=${fresh.id}`)
	})

	test('a person escalated 89 days ago and still untouched is not escalated again', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const person = { firstName: 'Ina', lastName: 'Inside', email: 'ina@inside.test', phone: '(949) 555-0191' }
		await insertTestLead(handle.db, { ...person, minutesAgo: 89 * 24 * 60, escalatedAt: new Date(Date.now() - 89 * 86_400_000) })
		await insertTestLead(handle.db, { ...person, minutesAgo: 16 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(1)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))).toHaveLength(0)
	})

	test('one person’s e-mail goes on the timeline of their oldest request (docs/decisions/0113)', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const person = { firstName: 'Tara', lastName: 'Twice', email: 'tara@twice.test', phone: '(949) 555-0192' }
		// The newer request is written first.
		const newer = await insertTestLead(handle.db, { ...person, minutesAgo: 20 })
		const older = await insertTestLead(handle.db, { ...person, minutesAgo: 40 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(2)
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		expect(mails.map((mail) => mail.leadId)).toEqual([older.id])
		expect(mails.map((mail) => mail.leadId)).not.toContain(newer.id)
		// Each request's history says it was escalated, and after how many minutes.
		const history = await handle.db
			.select()
			.from(leadActivity)
			.where(inArray(leadActivity.leadId, [older.id, newer.id]))
		expect(history.map((entry) => [entry.action, entry.detail])).toEqual([
			['escalated', { minutes: 15 }],
			['escalated', { minutes: 15 }],
		])
	})

	test('a person with exactly 50 other requests has them all listed, without "more than are listed" (docs/decisions/0063)', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const bot = { firstName: 'Fifty', lastName: 'Visitor', phone: '(949) 555-0193' }
		await insertTestLead(handle.db, { ...bot, minutesAgo: 20 })
		for (let i = 0; i < 50; i++) await insertTestLead(handle.db, { ...bot, minutesAgo: 10 - i / 100 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(51)
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
		const { subject, text } = mail!.payload as { subject: string; text: string }
		expect(subject).toContain('(51 requests)')
		expect(text).not.toContain('more untouched requests than are listed')
	})

	test('among many requests of one person, the one already escalated is read first: no second e-mail (docs/decisions/0063)', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const bot = { firstName: 'Many', lastName: 'Visitor', phone: '(949) 555-0194' }
		await insertTestLead(handle.db, { ...bot, minutesAgo: 20 })
		for (let i = 0; i < 51; i++) await insertTestLead(handle.db, { ...bot, minutesAgo: 10 - i / 100 })
		// The newest of all, yet managers already heard of this person through it.
		await insertTestLead(handle.db, { ...bot, minutesAgo: 1, escalatedAt: new Date() })
		await escalateUntouchedLeads(handle.db, options)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))).toHaveLength(0)
	})

	test('with no active manager the escalation goes to the settings’ admin e-mail', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const managers = await handle.db
			.update(users)
			.set({ banned: true })
			.where(sql`${users.role} ~ '(admin|moderator)' and coalesce(${users.banned}, false) = false`)
			.returning({ id: users.id })
		try {
			await insertTestLead(handle.db, { minutesAgo: 16, phone: '(949) 555-0195' })
			expect(await escalateUntouchedLeads(handle.db, options)).toBe(1)
			const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'lead-escalation'))
			expect((mail!.payload as { to: string[] }).to).toEqual(['fallback@example.com'])
		} finally {
			await handle.db
				.update(users)
				.set({ banned: false })
				.where(
					inArray(
						users.id,
						managers.map((manager) => manager.id),
					),
				)
		}
	})

	test('with no routing settings saved, a lead escalates after the default 15 minutes: 16 yes, 14 not yet', async () => {
		const late = await insertTestLead(handle.db, { minutesAgo: 16, phone: '(949) 555-0196' })
		const early = await insertTestLead(handle.db, { minutesAgo: 14, phone: '(949) 555-0197' })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(1)
		const marked = await handle.db.select({ id: leads.id }).from(leads).where(sql`${leads.escalatedAt} is not null`)
		expect(marked.map((lead) => lead.id)).toEqual([late.id])
		expect(marked.map((lead) => lead.id)).not.toContain(early.id)
	})

	test('0 minutes turns escalation off', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 0 })
		await insertTestLead(handle.db, { minutesAgo: 600 })
		expect(await escalateUntouchedLeads(handle.db, options)).toBe(0)
		expect(await handle.db.select().from(outbox)).toHaveLength(0)
	})
})
