import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contactMessages, leads } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { janeContact, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { middleware as rootMiddleware } from '#app/root.tsx'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action, loader } from './settings.tsx'

let handle: DatabaseHandle
let services: AppServices
let admin: { cookie: string; email: string }
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle, { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Lender-Owner-2026!' })
	admin = await signedInStaff(services, ['admin'])
})
afterAll(() => handle.close())

const settingsForm = (overrides: Record<string, string | null> = {}) => {
	const fields: Record<string, string | null> = {
		intent: 'save',
		siteDescription: 'Investor loans nationwide.',
		adminEmail: 'desk@example.com',
		enableNotifications: 'on',
		enableAnalytics: null,
		maintenanceMode: null,
		requireTwoFactor: 'on',
		...overrides,
	}
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(fields)) if (value !== null) body.set(name, value)
	return body
}

async function post(body: URLSearchParams, cookie: string | null = admin.cookie) {
	const result = await action({
		request: staffRequest('http://localhost:3000/dashboard/settings', cookie, {
			method: 'POST',
			body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		}),
		context: routeContext(services),
		params: {},
	} as never)
	const { data, init } = result as unknown as { data: { ok: boolean; errors: Record<string, string> }; init: ResponseInit | null }
	return { status: init?.status ?? 200, body: data }
}

async function runMiddleware(path: string, cookie: string | null) {
	let reached = false
	try {
		await rootMiddleware[1]!(
			{ request: staffRequest(`http://localhost:3000${path}`, cookie), context: routeContext(services), params: {} } as never,
			async () => {
				reached = true
				return new Response('page')
			},
		)
		return reached ? 200 : 0
	} catch (error) {
		return (error as { init?: ResponseInit }).init?.status ?? (error as Response).status
	}
}

describe('settings screen', () => {
	test('saving changes the settings the rest of the site reads', async () => {
		const { status, body } = await post(settingsForm({ enableAnalytics: 'on' }))
		expect(status).toBe(200)
		expect(body.ok).toBe(true)
		expect(await services.content.get('settings')).toMatchObject({
			adminEmail: 'desk@example.com',
			enableNotifications: true,
			enableAnalytics: true,
			maintenanceMode: false,
		})
	})

	test('invalid input is refused per field and nothing stored changes', async () => {
		const before = await services.content.get('settings')
		const { status, body } = await post(settingsForm({ adminEmail: 'not-an-email', siteDescription: '' }))
		expect(status).toBe(400)
		expect(body.errors).toMatchObject({ adminEmail: 'Please enter a valid email address', siteDescription: 'Site description is required' })
		expect(await services.content.get('settings')).toEqual(before)
	})

	test('the Site name field (spec 2) renames the company; a refused name or a refused form saves neither (docs/decisions/0080)', async () => {
		const before = await services.content.getMany(['company', 'settings'])
		const badForm = await post(settingsForm({ siteName: 'Harbor Point Lending', adminEmail: 'not-an-email' }))
		expect(badForm.status).toBe(400)
		expect((await services.content.get('company')).name).toBe(before.company.name)
		const nulText = await post(settingsForm({ siteName: 'Harbor Point Lending', siteDescription: 'Investor\u0000 loans.' }))
		expect(nulText.status).toBe(400)
		expect((await services.content.get('company')).name).toBe(before.company.name)
		const badName = await post(settingsForm({ siteName: '', siteDescription: 'Changed but not saved.' }))
		expect(badName.status).toBe(400)
		expect(badName.body.errors.siteName).toBeTruthy()
		expect((await services.content.get('settings')).siteDescription).toBe(before.settings.siteDescription)
		const saved = await post(settingsForm({ siteName: '  Harbor Point Lending ' }))
		expect(saved.body.ok).toBe(true)
		expect((await services.content.get('company')).name).toBe('Harbor Point Lending')
		expect(
			(
				(await loader({
					request: staffRequest('http://localhost:3000/dashboard/settings', admin.cookie),
					context: routeContext(services),
					params: {},
				} as never)) as { siteName: string }
			).siteName,
		).toBe('Harbor Point Lending')
		await services.content.save('company', before.company, 'test')
	})

	test('the quote button target is saved, and only our wizard or the external host is accepted', async () => {
		expect((await services.content.get('settings')).quoteButtonTarget).toBe('wizard')
		expect((await post(settingsForm({ quoteButtonTarget: 'external' }))).body.ok).toBe(true)
		expect((await services.content.get('settings')).quoteButtonTarget).toBe('external')
		// A form without the field keeps the choice.
		expect((await post(settingsForm())).body.ok).toBe(true)
		expect((await services.content.get('settings')).quoteButtonTarget).toBe('external')
		const { status, body } = await post(settingsForm({ quoteButtonTarget: 'https://evil.example.com' }))
		expect(status).toBe(400)
		expect(body.errors).toMatchObject({ quoteButtonTarget: 'Choose where the quote buttons go' })
		expect((await services.content.get('settings')).quoteButtonTarget).toBe('external')
		await post(settingsForm({ quoteButtonTarget: 'wizard' }))
	})

	test('Reset Settings restores the defaults (the admin e-mail from ADMIN_EMAIL)', async () => {
		await post(settingsForm({ maintenanceMode: 'on' }))
		const { body } = await post(new URLSearchParams({ intent: 'reset' }))
		expect(body.ok).toBe(true)
		expect(await services.content.get('settings')).toMatchObject({
			adminEmail: 'owner@example.com',
			enableNotifications: true,
			enableAnalytics: false,
			maintenanceMode: false,
			requireTwoFactor: true,
			twoFactorOff: null,
			quoteButtonTarget: 'wizard',
		})
	})

	test('the database card shows the real database', async () => {
		const data = (await loader({
			request: staffRequest('http://localhost:3000/dashboard/settings', admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as { database: { kind: string; status: string; version: string } }
		expect(data.database.status).toBe('Connected')
		expect(data.database.kind).toMatch(/PostgreSQL/)
		expect(data.database.version).toMatch(/^PostgreSQL \d+/)
	})

	test('only admins may read or change settings', async () => {
		const user = await signedInStaff(services, ['user'])
		await expect(
			loader({
				request: staffRequest('http://localhost:3000/dashboard/settings', null),
				context: routeContext(services),
				params: {},
			} as never),
		).rejects.toMatchObject({ status: 302 })
		await expect(
			loader({
				request: staffRequest('http://localhost:3000/dashboard/settings', user.cookie),
				context: routeContext(services),
				params: {},
			} as never),
		).rejects.toMatchObject({ status: 403 })
		await expect(post(settingsForm({ maintenanceMode: 'on' }), user.cookie)).rejects.toMatchObject({ status: 403 })
		expect((await services.content.get('settings')).maintenanceMode).toBe(false)
	})
})

describe('maintenance mode', () => {
	test('visitors get 503 on public pages; admins still see the site; sign-in, dashboard and address search stay open', async () => {
		await post(settingsForm({ maintenanceMode: 'on' }))
		try {
			for (const path of ['/', '/dscr-loans', '/contact.data', '/fast-quote', '/sitemap.xml'])
				expect(await runMiddleware(path, null), path).toBe(503)
			const user = await signedInStaff(services, ['user', 'moderator'])
			expect(await runMiddleware('/', user.cookie)).toBe(503)
			expect(await runMiddleware('/', admin.cookie)).toBe(200)
			for (const path of ['/login', '/dashboard', '/dashboard/leads', '/api/places/autocomplete', '/reset-password'])
				expect(await runMiddleware(path, null), path).toBe(200)
		} finally {
			await post(settingsForm())
		}
		expect(await runMiddleware('/', null)).toBe(200)
	})

	test('a lead (short and long form) or a contact message sent in maintenance mode gets 503 with Retry-After and is not stored', async () => {
		const leadCount = async () => (await handle.db.select({ n: count() }).from(leads))[0]!.n
		const messageCount = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n
		const origin = 'http://localhost:3000'
		const lead = () =>
			new Request(`${origin}/api/leads`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Origin: origin },
				body: JSON.stringify({
					formData: { ...refinanceAnswers, ...janeContact },
					sourcePage: '/fast-quote',
					consentVersion: CONSENT_VERSION,
				}),
			})
		const created = await handleAppRequest(services, lead())
		expect(created.status).toBe(201)
		const { id, token } = (await created.json()) as { id: string; token: string }
		const longForm = () =>
			new Request(`${origin}/api/leads/${id}/long-form`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Origin: origin, Authorization: `Bearer ${token}` },
				body: JSON.stringify({ formData: { ...refinanceAnswers, ...janeContact, formMode: 'long' } }),
			})
		const contact = (path: string) =>
			staffRequest(`${origin}${path}`, null, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({
					name: 'Jane Investor',
					email: 'jane@example.com',
					phone: '(949) 555-0123',
					message: 'A DSCR quote, please.',
				}),
			})
		await post(settingsForm({ maintenanceMode: 'on' }))
		try {
			const leadsBefore = await leadCount()
			const messagesBefore = await messageCount()
			for (const [label, request] of [
				['POST /api/leads', lead()],
				['POST /api/leads/:id/long-form', longForm()],
				['POST /contact', contact('/contact')],
				['POST /contact.data', contact('/contact.data')],
			] as const) {
				const response = await handleAppRequest(services, request)
				expect(response.status, label).toBe(503)
				expect(response.headers.get('Retry-After'), label).toBe('3600')
				if (label.includes('/api/')) expect(((await response.json()) as { error: string }).error, label).toMatch(/updating this website/)
			}
			expect(await leadCount()).toBe(leadsBefore)
			expect(await messageCount()).toBe(messagesBefore)
			const [stored] = await handle.db.select().from(leads).where(eq(leads.id, id))
			expect(stored!.formCompletionStatus).toBe('short_form')
			// Admins keep working the dashboard.
			expect((await handleAppRequest(services, staffRequest(`${origin}/dashboard/leads`, admin.cookie))).status).toBe(200)
		} finally {
			await post(settingsForm())
		}
		expect((await handleAppRequest(services, lead())).status).toBe(201)
	}, 60_000)
})
