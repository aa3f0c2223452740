import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { staffAlertSettings } from '#db/schema.ts'
import { CONSENT_REQUIRED, MOBILE_INVALID, MOBILE_REQUIRED } from '#app/features/sms/alert-preferences.ts'
import { applyReply } from '#app/features/sms/sms-inbound.server.ts'
import { activityEntries } from '../../../tests/activity-entries.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action, loader } from './notifications.tsx'

/** docs/decisions/0111: an officer's own lead alerts: saved, validated with specific errors, logged; an opt-out shown. */
let handle: DatabaseHandle
let services: AppServices
let officer: Awaited<ReturnType<typeof signedInStaff>>
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	officer = await signedInStaff(services, ['user'])
})
afterAll(() => handle.close())

const origin = 'http://localhost:3000'

async function save(fields: Record<string, string>) {
	const request = staffRequest(`${origin}/dashboard/notifications`, officer.cookie, {
		method: 'POST',
		body: new URLSearchParams({ intent: 'save', ...fields }),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})
	const result = (await action({ request, context: routeContext(services), params: {} } as never)) as {
		data: { ok: boolean; errors?: Record<string, string> }
		init: ResponseInit | null
	}
	return { status: result.init?.status ?? 200, body: result.data }
}

async function screen() {
	const request = staffRequest(`${origin}/dashboard/notifications`, officer.cookie)
	return (await loader({ request, context: routeContext(services), params: {} } as never)) as {
		channel: string
		mobile: string
		agreed: boolean
		optedOut: boolean
	}
}

const stored = async () => (await handle.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.userId, officer.user.id)))[0]

describe('the Notifications screen', () => {
	test('with nothing saved, alerts come by e-mail', async () => {
		expect(await screen()).toMatchObject({ channel: 'email', mobile: '', agreed: false, optedOut: false })
	})

	test('a bad number is refused with its own error, and nothing is stored', async () => {
		const { status, body } = await save({ channel: 'text', mobile: '555-01', consent: 'on' })
		expect(status).toBe(422)
		expect(body.errors).toEqual({ mobile: MOBILE_INVALID })
		expect(await stored()).toBeUndefined()
	})

	test('texts need a number and the agreement to receive them', async () => {
		expect((await save({ channel: 'both', mobile: '' })).body.errors).toEqual({ mobile: MOBILE_REQUIRED, consent: CONSENT_REQUIRED })
		expect((await save({ channel: 'text', mobile: '(949) 555-0123' })).body.errors).toEqual({ consent: CONSENT_REQUIRED })
		expect((await save({ channel: 'carrier-pigeon' })).body.errors).toHaveProperty('channel')
		expect(await stored()).toBeUndefined()
	})

	test('a choice of texts is saved with the number in E.164 and logged with its last four digits', async () => {
		const { status, body } = await save({ channel: 'text', mobile: '(949) 555-0123', consent: 'on' })
		expect(status).toBe(200)
		expect(body.ok).toBe(true)
		expect(await stored()).toMatchObject({ byEmail: false, byText: true, mobile: '+19495550123' })
		expect((await stored())!.textConsentAt).toBeInstanceOf(Date)
		expect(await screen()).toMatchObject({ channel: 'text', mobile: '(949) 555-0123', agreed: true })
		const [entry] = await activityEntries(handle.db, 'account.alerts_changed', officer.user.id)
		expect(entry).toMatchObject({
			actorId: officer.user.id,
			details: { from: 'email', to: 'text', mobileChanged: true, mobileEnding: '0123' },
		})
	})

	test('saving the same choice again logs nothing; e-mail only drops the agreement', async () => {
		await save({ channel: 'text', mobile: '949 555 0123', consent: 'on' })
		expect(await activityEntries(handle.db, 'account.alerts_changed', officer.user.id)).toHaveLength(1)
		await save({ channel: 'email', mobile: '949 555 0123' })
		expect(await stored()).toMatchObject({ byEmail: true, byText: false, textConsentAt: null })
		expect(await activityEntries(handle.db, 'account.alerts_changed', officer.user.id)).toHaveLength(2)
	})

	test('a number that replied STOP is shown as opted out', async () => {
		await save({ channel: 'both', mobile: '949 555 0123', consent: 'on' })
		await applyReply(handle.db, '+19495550123', 'STOP')
		expect((await screen()).optedOut).toBe(true)
		await applyReply(handle.db, '+19495550123', 'START')
		expect((await screen()).optedOut).toBe(false)
	})
})

describe('what each choice stores (docs/decisions/0111)', () => {
	test('e-mail and text stores both; neither stores none; each reads back as chosen', async () => {
		await save({ channel: 'both', mobile: '949 555 0123', consent: 'on' })
		expect(await stored()).toMatchObject({ byEmail: true, byText: true, mobile: '+19495550123' })
		expect((await screen()).channel).toBe('both')
		await save({ channel: 'none', mobile: '' })
		expect(await stored()).toMatchObject({ byEmail: false, byText: false, mobile: null, textConsentAt: null })
		expect((await screen()).channel).toBe('none')
		const [entry] = await activityEntries(handle.db, 'account.alerts_changed', officer.user.id)
		expect(entry).toMatchObject({ details: { from: 'both', to: 'none', mobileChanged: true, mobileEnding: null } })
	})

	test('the agreement belongs to the number: saving the same number keeps its moment, a new number takes a new one', async () => {
		await save({ channel: 'text', mobile: '949 555 0123', consent: 'on' })
		const agreedAt = new Date('2026-01-02T03:04:05.000Z')
		await handle.db.update(staffAlertSettings).set({ textConsentAt: agreedAt }).where(eq(staffAlertSettings.userId, officer.user.id))
		await save({ channel: 'both', mobile: '(949) 555-0123', consent: 'on' })
		expect((await stored())!.textConsentAt).toEqual(agreedAt)
		await save({ channel: 'both', mobile: '(949) 555-0144', consent: 'on' })
		expect((await stored())!.textConsentAt!.getTime()).toBeGreaterThan(agreedAt.getTime())
	})

	test('a new number alone, with the same choice, is logged with its last four digits', async () => {
		await save({ channel: 'text', mobile: '949 555 0123', consent: 'on' })
		const before = (await activityEntries(handle.db, 'account.alerts_changed', officer.user.id)).length
		await save({ channel: 'text', mobile: '949 555 0166', consent: 'on' })
		const entries = await activityEntries(handle.db, 'account.alerts_changed', officer.user.id)
		expect(entries).toHaveLength(before + 1)
		expect(entries[0]).toMatchObject({ details: { from: 'text', to: 'text', mobileChanged: true, mobileEnding: '0166' } })
	})

	test('a STOP from another number does not show this number as opted out', async () => {
		await save({ channel: 'text', mobile: '949 555 0123', consent: 'on' })
		await applyReply(handle.db, '+19495550199', 'STOP')
		expect((await screen()).optedOut).toBe(false)
	})
})
