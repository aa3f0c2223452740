import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { activityLog, leadActivity, leads } from '#db/schema.ts'
import { RETENTION_MESSAGES } from '#app/features/retention/legal-hold.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action, loader } from './retention.tsx'

let handle: DatabaseHandle
let services: AppServices
let admin: { cookie: string; email: string }
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	admin = await signedInStaff(services, ['admin'])
})
afterAll(() => handle.close())

async function post(fields: Record<string, string>) {
	const result = await action({
		request: staffRequest('http://localhost:3000/dashboard/retention', admin.cookie, {
			method: 'POST',
			body: new URLSearchParams(fields),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		}),
		context: routeContext(services),
		params: {},
	} as never)
	const { data, init } = result as unknown as {
		data: { ok: boolean; message?: string; errors?: Record<string, string> }
		init: ResponseInit | null
	}
	return { status: init?.status ?? 200, body: data }
}

const load = async () =>
	(await loader({
		request: staffRequest('http://localhost:3000/dashboard/retention', admin.cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof loader>>

describe('the Data Retention screen (docs/decisions/0090)', () => {
	test('the seeded policy is 24 months for leads and contact messages and 5 years for consent evidence', async () => {
		expect((await load()).policy).toEqual({ leadMonths: 24, contactMonths: 24, consentYears: 5, longerReason: '' })
	})

	test('a policy below the TCPA floor or longer than 24 months without a reason is refused with its reason, and nothing is saved', async () => {
		const tooShort = await post({ intent: 'policy', leadMonths: '24', contactMonths: '24', consentYears: '3', longerReason: '' })
		expect(tooShort.status).toBe(422)
		expect(tooShort.body.errors).toEqual({
			consentYears: 'Consent evidence is kept at least 4 years: a TCPA claim can be brought for 4 years',
		})
		const noReason = await post({ intent: 'policy', leadMonths: '36', contactMonths: '24', consentYears: '5', longerReason: '' })
		expect(noReason.body.errors?.longerReason).toMatch(/^Personal data is disposed of within 24 months/)
		expect((await load()).policy.leadMonths).toBe(24)

		const saved = await post({
			intent: 'policy',
			leadMonths: '36',
			contactMonths: '12',
			consentYears: '6',
			longerReason: 'State law keeps loan applications 3 years',
		})
		expect(saved.body).toMatchObject({ ok: true, message: RETENTION_MESSAGES.policySaved })
		const after = await load()
		expect(after.policy).toEqual({
			leadMonths: 36,
			contactMonths: 12,
			consentYears: 6,
			longerReason: 'State law keeps loan applications 3 years',
		})
		// The reason is the version's note: who changed the policy, when and why.
		expect(after.versions[0]).toMatchObject({ createdBy: admin.email, note: 'State law keeps loan applications 3 years' })
	})

	test('a legal hold needs its reason; placed, it is listed and written in the lead history; released, it goes', async () => {
		const leadId = (await insertTestLead(handle.db, { firstName: 'Held', lastName: 'Borrower' })).id
		expect((await post({ intent: 'hold', leadId, reason: 'short' })).body.errors).toEqual({
			reason: 'Say why the lead is held (at least 10 characters): a matter, a request or a regulator',
		})
		const placed = await post({ intent: 'hold', leadId, reason: 'Subpoena from county court, case 26-1187' })
		expect(placed.body).toMatchObject({ ok: true, message: RETENTION_MESSAGES.holdPlaced })
		expect((await load()).holds).toEqual([
			expect.objectContaining({ leadId, name: 'Held Borrower', placedBy: admin.email, reason: 'Subpoena from county court, case 26-1187' }),
		])
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, leadId))
		expect(history.map((entry) => entry.action)).toContain('legal_hold_placed')

		expect((await post({ intent: 'release', leadId })).body).toMatchObject({ ok: true, message: RETENTION_MESSAGES.holdReleased })
		expect((await load()).holds).toEqual([])
		const [row] = await handle.db.select({ at: leads.legalHoldAt }).from(leads).where(eq(leads.id, leadId))
		expect(row!.at).toBeNull()
		// docs/decisions/0087: both are in the activity log, by the admin, about the lead.
		const logged = await handle.db
			.select({ action: activityLog.action, actor: activityLog.actorEmail, details: activityLog.details })
			.from(activityLog)
			.where(and(eq(activityLog.subjectKind, 'lead'), eq(activityLog.subjectId, leadId)))
			.orderBy(activityLog.id)
		expect(logged.filter((entry) => entry.action.startsWith('lead.legal_hold'))).toEqual([
			{ action: 'lead.legal_hold_placed', actor: admin.email, details: { reason: 'Subpoena from county court, case 26-1187' } },
			{ action: 'lead.legal_hold_released', actor: admin.email, details: {} },
		])
	})

	test('a lead whose personal data is already disposed of cannot be held; an unknown lead answers the same', async () => {
		const leadId = (await insertTestLead(handle.db, { firstName: 'Gone', lastName: 'Borrower' })).id
		await handle.db.execute(sql`update leads set anonymized_at = now() where id = ${leadId}`)
		const answer = await post({ intent: 'hold', leadId, reason: 'Regulator asked for the file' })
		expect(answer).toEqual({ status: 404, body: { ok: false, form: leadId, errors: { leadId: RETENTION_MESSAGES.noSuchLead } } })
		const unknown = '00000000-0000-4000-8000-00000000abcd'
		expect((await post({ intent: 'hold', leadId: unknown, reason: 'Regulator asked for the file' })).body.errors).toEqual({
			leadId: RETENTION_MESSAGES.noSuchLead,
		})
	})

	test('the screen says what the next run will dispose of', async () => {
		const leadId = (await insertTestLead(handle.db, { firstName: 'Quiet', lastName: 'Borrower' })).id
		await handle.db.execute(sql`update leads set last_activity_at = now() - interval '40 months' where id = ${leadId}`)
		expect((await load()).preview.leads).toBe(1)
	})
})
