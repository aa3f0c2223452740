import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { TERM_SHEET_DAYS_MESSAGE } from '#app/features/content/staff-settings.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action, loader } from './settings.tsx'

/** docs/decisions/0095: how long a downloaded term sheet stays current is a bounded setting, 10 days by default. */
let handle: DatabaseHandle
let services: AppServices
let cookie: string
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	cookie = (await signedInStaff(services, ['admin'])).cookie
})
afterAll(() => handle.close())

async function save(fields: Record<string, string>) {
	const body = new URLSearchParams({
		intent: 'save',
		siteDescription: 'Investor loans nationwide.',
		adminEmail: 'desk@example.com',
		requireTwoFactor: 'on',
		...fields,
	})
	const request = staffRequest('http://localhost:3000/dashboard/settings', cookie, {
		method: 'POST',
		body,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})
	const result = (await action({ request, context: routeContext(services), params: {} } as never)) as {
		data: { errors?: Record<string, string> }
		init?: ResponseInit | null
	}
	return { status: result.init?.status ?? 200, errors: result.data.errors ?? {} }
}

test('10 days by default, shown on the Settings screen with its bounds', async () => {
	expect((await services.content.get('settings')).termSheetDays).toBe(10)
	const request = staffRequest('http://localhost:3000/dashboard/settings', cookie)
	const page = (await loader({ request, context: routeContext(services), params: {} } as never)) as { settings: { termSheetDays: number } }
	expect(page.settings.termSheetDays).toBe(10)
})

test.each(['0', '61', '', '7.5', 'ten'])('%j days is refused with the bounds, and nothing is saved', async (value) => {
	const { status, errors } = await save({ termSheetDays: value })
	expect(status).toBe(400)
	expect(errors.termSheetDays).toBe(TERM_SHEET_DAYS_MESSAGE)
	expect((await services.content.get('settings')).termSheetDays).toBe(10)
})

test('1 and 60 days are saved; a form without the field keeps the stored value', async () => {
	expect((await save({ termSheetDays: '1' })).status).toBe(200)
	expect((await services.content.get('settings')).termSheetDays).toBe(1)
	expect((await save({ termSheetDays: '60' })).status).toBe(200)
	expect((await services.content.get('settings')).termSheetDays).toBe(60)
	expect((await save({})).status).toBe(200)
	expect((await services.content.get('settings')).termSheetDays).toBe(60)
})
