import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { saveContent } from '#app/features/content/content-admin.server.ts'
import { activityActor } from '#app/features/activity/activity-log.server.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { openSeededApp, routeContext, type SeededApp } from '../../../tests/test-services.ts'
import { action as routingAction } from './routing.tsx'
import { action as usersAction } from './users.tsx'
import { action as webhooksAction } from './webhooks.tsx'

/** docs/decisions/0087: an admin's changes in the activity log, each with who, from where and old → new. */

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const origin = 'http://localhost:3000'
const adminUser = () => ({
	...admin.user,
	email: admin.email,
	name: admin.user.name,
	roles: ['admin' as const],
	sessionId: '',
	twoFactorEnabled: false,
})

async function post(run: (args: never) => Promise<unknown>, path: string, fields: Record<string, string | string[]>) {
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
	const result = await run({
		request: staffRequest(`${origin}${path}`, admin.cookie, { method: 'POST', body }),
		context: routeContext(services),
		params: {},
	} as never)
	return (result as { data: Record<string, unknown> }).data
}

describe('users', () => {
	test('an invitation, a change of roles and disabling are logged', async () => {
		await post(usersAction, '/dashboard/users', {
			intent: 'create',
			email: 'invited@example.com',
			fullName: 'Invited Person',
			roles: ['user'],
		})
		const invited = await lastActivity(handle.db, 'user.invited')
		expect(invited).toMatchObject({
			actorEmail: admin.email,
			ip: '203.0.113.10',
			details: { email: 'invited@example.com', roles: ['user'] },
		})
		const userId = invited!.subjectId!
		await post(usersAction, '/dashboard/users', { intent: 'roles', userId, roles: ['user', 'moderator'] })
		expect(await lastActivity(handle.db, 'user.roles_changed', userId)).toMatchObject({
			details: { from: ['user'], to: ['user', 'moderator'] },
		})
		await post(usersAction, '/dashboard/users', { intent: 'disable', userId })
		expect(await lastActivity(handle.db, 'user.disabled', userId)).toMatchObject({ details: { disabled: true } })
	})
})

describe('settings, content and the rate sheet', () => {
	test('saved settings are logged field by field, old → new', async () => {
		const settings = await services.content.get('settings')
		await saveContent(services, 'settings', { ...settings, maintenanceMode: !settings.maintenanceMode }, adminUser())
		expect(await lastActivity(handle.db, 'settings.saved', 'settings')).toMatchObject({
			actorEmail: admin.email,
			details: { changes: [{ field: 'maintenanceMode', from: settings.maintenanceMode, to: !settings.maintenanceMode }] },
		})
		await saveContent(services, 'settings', settings, adminUser())
	})

	test('a published content document and a published rate sheet are logged with their version', async () => {
		const saved = await saveContent(services, 'hero', await services.content.get('hero'), adminUser())
		expect(saved.ok).toBe(true)
		expect(await lastActivity(handle.db, 'content.published', 'hero')).toMatchObject({
			details: { key: 'hero', version: saved.ok ? saved.version : -1, restoredFrom: null },
		})
		const sheet = await saveContent(services, 'rateSheet', await services.content.get('rateSheet'), adminUser(), { note: 'Spring rates' })
		expect(await lastActivity(handle.db, 'rate_sheet.published', 'rateSheet')).toMatchObject({
			details: { version: sheet.ok ? sheet.version : -1, note: 'Spring rates' },
		})
	})
})

describe('lead routing', () => {
	test('the routing settings and an officer’s rule are logged old → new', async () => {
		await post(routingAction, '/dashboard/routing', { intent: 'settings', escalationMinutes: '30' })
		expect(await lastActivity(handle.db, 'routing.saved', 'routing')).toMatchObject({
			details: {
				changes: [
					{ field: 'autoAssign', from: true, to: false },
					{ field: 'escalationMinutes', from: 15, to: 30 },
				],
			},
		})
		const officer = await signedInStaff(services, ['user'])
		await post(routingAction, '/dashboard/routing', { intent: 'officer', userId: officer.user.id, receivesLeads: 'on', states: 'FL, TX' })
		expect(await lastActivity(handle.db, 'routing.saved', officer.user.id)).toMatchObject({
			details: { changes: [{ field: 'states', from: [], to: ['FL', 'TX'] }] },
		})
	})
})

describe('webhook endpoints', () => {
	test('add, edit, switch off, rotate, replay and delete are logged; the URL without its query, never the secret', async () => {
		const created = await post(webhooksAction, '/dashboard/webhooks', {
			intent: 'create',
			url: 'https://crm.example.com/hook?token=s3cret',
			description: 'CRM',
			eventTypes: ['lead.created'],
		})
		const id = String(created.endpointId)
		const added = await lastActivity(handle.db, 'webhook.endpoint_added', id)
		expect(added).toMatchObject({ details: { name: 'CRM', url: 'https://crm.example.com/hook', events: ['lead.created'] } })
		expect(JSON.stringify(added)).not.toContain('s3cret')
		expect(JSON.stringify(added)).not.toContain(String(created.secret))
		await post(webhooksAction, '/dashboard/webhooks', {
			intent: 'update',
			id,
			url: 'https://crm.example.com/hook?token=s3cret',
			description: 'CRM (sales)',
			eventTypes: ['lead.created'],
		})
		expect(await lastActivity(handle.db, 'webhook.endpoint_edited', id)).toMatchObject({
			details: { changes: [{ field: 'description', from: 'CRM', to: 'CRM (sales)' }] },
		})
		const rotated = await post(webhooksAction, '/dashboard/webhooks', { intent: 'rotate', id })
		const rotation = await lastActivity(handle.db, 'webhook.secret_rotated', id)
		expect(rotation).toMatchObject({ details: {} })
		expect(JSON.stringify(rotation)).not.toContain(String(rotated.secret))
		await post(webhooksAction, '/dashboard/webhooks', { intent: 'replay-since', id, since: '2000-01-01T00:00' })
		expect(await lastActivity(handle.db, 'webhook.replayed', id)).toMatchObject({ details: { deliveryId: null, count: 0 } })
		await post(webhooksAction, '/dashboard/webhooks', { intent: 'toggle', id, enabled: 'false' })
		expect(await lastActivity(handle.db, 'webhook.endpoint_edited', id)).toMatchObject({
			details: { changes: [{ field: 'enabled', from: true, to: false }] },
		})
		await post(webhooksAction, '/dashboard/webhooks', { intent: 'delete', id })
		expect(await lastActivity(handle.db, 'webhook.endpoint_removed', id)).toMatchObject({ actorEmail: admin.email, ip: '203.0.113.10' })
	})
})

test('an actor keeps the roles it had when it acted', () => {
	expect(activityActor({ id: 'x', email: 'x@example.com', roles: ['moderator', 'user'] }, { ip: null, userAgent: null }).roles).toBe(
		'moderator,user',
	)
})
