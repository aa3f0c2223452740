import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leads, outbox, staffAlertSettings } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { action as createLeadApi } from '#app/routes/api/leads.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { refinanceAnswers } from '../../../tests/lead-fixtures.ts'

/** docs/decisions/0111: a quote request routed to an officer notifies them as they chose, in the lead's transaction. */
let handle: DatabaseHandle
let services: AppServices
let texter: { id: string }
let mailer: { id: string }
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	texter = (await signedInStaff(services, ['user'])).user
	mailer = (await signedInStaff(services, ['user'])).user
	await handle.db
		.insert(staffAlertSettings)
		.values({ userId: texter.id, byEmail: false, byText: true, mobile: '+19495550111', textConsentAt: new Date() })
})
afterAll(() => handle.close())

async function createLead(): Promise<typeof leads.$inferSelect> {
	const formData: LoanFormData = {
		...refinanceAnswers,
		firstName: 'Jane',
		lastName: 'Investor',
		email: `jane-${Math.random().toString(36).slice(2)}@example.com`,
		phone: `(949) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
	}
	const request = new Request('http://localhost:3000/api/leads', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
		body: JSON.stringify({ formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
	})
	const response = (await createLeadApi({ request, context: routeContext(services), params: {} } as never)) as Response
	expect(response.status).toBe(201)
	const { id } = (await response.json()) as { id: string }
	const [lead] = await handle.db.select().from(leads).where(eq(leads.id, id))
	return lead!
}

describe('a routed quote request', () => {
	test('texts the officer who chose texts (no assignment e-mail) and e-mails the one who chose nothing', async () => {
		const first = await createLead()
		const second = await createLead()
		const byOfficer = new Map([first, second].map((lead) => [lead.assignedTo, lead]))
		const textLead = byOfficer.get(texter.id)!
		const mailLead = byOfficer.get(mailer.id)!
		expect(textLead && mailLead).toBeTruthy()

		const texts = await handle.db.select().from(outbox).where(eq(outbox.channel, 'sms'))
		expect(texts.map((row) => row.payload)).toEqual([
			expect.objectContaining({ leadId: textLead.id, userId: texter.id, to: '+19495550111' }),
		])
		const assignmentMails = await handle.db
			.select({ payload: outbox.payload })
			.from(outbox)
			.where(sql`${outbox.kind} = 'notify-assigned-lead' and ${outbox.channel} = 'email'`)
		expect(assignmentMails.map((row) => (row.payload as { text: string }).text).filter((text) => text.includes(mailLead.id))).toHaveLength(
			1,
		)
		expect(assignmentMails.map((row) => (row.payload as { text: string }).text).filter((text) => text.includes(textLead.id))).toEqual([])
	})
})
