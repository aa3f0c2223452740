import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leads, outbox, rateLimits } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { action as createLeadApi } from '#app/routes/api/leads.ts'
import { action as completeLongFormApi } from '#app/routes/api/leads.long-form.ts'
import { action as leadsAction } from '#app/routes/dashboard/leads.tsx'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../../tests/staff-session.ts'
import { saveRoutingSettings } from './lead-routing.server.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'

// docs/decisions/0053: officers hear of a lead a manager gives them and of a long form on their lead.
let handle: DatabaseHandle
let services: AppServices
let manager: Awaited<ReturnType<typeof signedInStaff>>
let officerA: Awaited<ReturnType<typeof signedInStaff>>
let officerB: Awaited<ReturnType<typeof signedInStaff>>
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	manager = await signedInStaff(services, ['moderator'])
	officerA = await signedInStaff(services, ['user'])
	officerB = await signedInStaff(services, ['user'])
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits]) await handle.db.delete(table)
	// Leads stay in the pool unless a test gives them to someone.
	await saveRoutingSettings(handle.db, testActor(), { autoAssign: false, escalationMinutes: 0 })
})

type Mail = { to: string[]; subject: string; text: string; replyTo?: string }
const mails = async (kind: string) => (await handle.db.select().from(outbox).where(eq(outbox.kind, kind))).map((row) => row.payload as Mail)

async function postIntent(cookie: string, fields: Record<string, string>) {
	const request = staffRequest('http://localhost:3000/dashboard/leads', cookie, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})
	const result = (await leadsAction({ request, context: routeContext(services), params: {} } as never)) as unknown as {
		init: ResponseInit | null
	}
	return result.init?.status ?? 200
}

describe('a manager assigning a lead e-mails the officer', () => {
	test('assignment and reassignment each e-mail the new owner, with the lead and its link', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Rita', lastName: 'Rental', loanType: 'DSCR' })
		expect(await postIntent(manager.cookie, { intent: 'assign', leadId: lead.id, assigneeId: officerA.user.id })).toBe(200)
		let sent = await mails('notify-assigned-lead')
		expect(sent).toHaveLength(1)
		expect(sent[0]!.to).toEqual([officerA.email])
		// docs/decisions/0089: the minimal e-mail (the default) names the first name only.
		expect(sent[0]!.subject).toBe('Assigned to you: Rita (DSCR)')
		expect(sent[0]!.text).toContain('Test moderator assigned this lead to you.')
		expect(sent[0]!.text).toContain(`http://localhost:3000/dashboard/leads?lead=${lead.id}`)

		expect(await postIntent(manager.cookie, { intent: 'assign', leadId: lead.id, assigneeId: officerB.user.id })).toBe(200)
		sent = await mails('notify-assigned-lead')
		expect(sent.map((mail) => mail.to[0])).toEqual([officerA.email, officerB.email])

		// Assigning it again to the same officer, or back to the pool, sends nothing.
		await postIntent(manager.cookie, { intent: 'assign', leadId: lead.id, assigneeId: officerB.user.id })
		await postIntent(manager.cookie, { intent: 'assign', leadId: lead.id, assigneeId: '' })
		expect(await mails('notify-assigned-lead')).toHaveLength(2)
	})

	test('an officer who claims a lead is not e-mailed about it', async () => {
		const lead = await insertTestLead(handle.db)
		expect(await postIntent(officerA.cookie, { intent: 'claim', leadId: lead.id })).toBe(200)
		expect((await handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.assignedTo).toBe(officerA.user.id)
		expect(await handle.db.select().from(outbox)).toHaveLength(0)
	})
})

describe('a completed long form e-mails the officer who owns the lead', () => {
	const jsonRequest = (url: string, body: unknown, headers: Record<string, string> = {}) =>
		new Request(`http://localhost:3000${url}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
			body: JSON.stringify(body),
		})
	async function shortForm() {
		const formData: LoanFormData = {
			...refinanceAnswers,
			firstName: 'Lena',
			lastName: 'Long',
			email: `lena-${Math.random().toString(36).slice(2)}@example.com`,
			phone: '(949) 555-0177',
		}
		const response = (await createLeadApi({
			request: jsonRequest('/api/leads', { formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
			context: routeContext(services, { clientIp: '198.51.100.77' }),
			params: {},
		} as never)) as Response
		expect(response.status).toBe(201)
		return { formData, ...((await response.json()) as { id: string; token: string }) }
	}
	const longForm = async (id: string, token: string, formData: LoanFormData) =>
		(
			(await completeLongFormApi({
				request: jsonRequest(
					`/api/leads/${id}/long-form`,
					{ formData: { ...formData, ...longAnswers } },
					{ Authorization: `Bearer ${token}` },
				),
				context: routeContext(services),
				params: { id },
			} as never)) as Response
		).status

	const longAnswers: LoanFormData = {
		formMode: 'long',
		ficoScoreDetailed: '740-759',
		currentlyRented: 'yes',
		monthlyRent: '$3,200',
		hasMonthlyHOA: 'no',
		propertyCondition: 'good',
		interestOnlyPreference: 'no',
		escrowPreference: 'yes',
		titlePreference: 'entity',
		exitStrategy: 'other',
		exitStrategyOther: 'Refinance into a portfolio loan',
		primaryResidenceOwnership: 'own',
		primaryResidenceFullAddress: '9 Oak Ave, Irvine, CA',
		otherInvestmentCount: '3',
		additionalQuoteProperties: 'no',
	}

	test('the owner gets one e-mail, on the first completion only', async () => {
		const { id, token, formData } = await shortForm()
		await handle.db.update(leads).set({ assignedTo: officerA.user.id }).where(eq(leads.id, id))
		expect(await longForm(id, token, formData)).toBe(200)
		expect(await longForm(id, token, { ...formData, ...longAnswers, otherInvestmentCount: '4' })).toBe(200)
		const sent = await mails('notify-long-form-officer')
		expect(sent).toHaveLength(1)
		expect(sent[0]!.to).toEqual([officerA.email])
		expect(sent[0]!.subject).toBe('Your lead: Long form completed: Lena (DSCR)')
		expect(sent[0]!.text).toContain(`http://localhost:3000/dashboard/leads?lead=${id}`)
	})

	test('a lead in the pool has no owner to tell', async () => {
		const { id, token, formData } = await shortForm()
		expect(await longForm(id, token, formData)).toBe(200)
		expect(await mails('notify-long-form-officer')).toHaveLength(0)
	})
})
