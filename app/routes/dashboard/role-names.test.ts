import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import type { Role } from '#app/features/auth/roles.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

async function page(path: string, roles: Role[]) {
	const { cookie } = await signedInStaff(services, roles)
	const response = await handleAppRequest(services, staffRequest(`http://localhost:3000${path}`, cookie))
	expect(response.status, path).toBe(200)
	return response.text()
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const headerTitleOf = (html: string) => /data-testid="dashboard-title"[^>]*>([^<]*)</.exec(html)?.[1]
const rolesLineOf = (html: string) => /data-testid="signed-in-roles"[^>]*>([^<]*)</.exec(html)?.[1]

describe('the dashboard names the role in words (docs/decisions/0054)', () => {
	test.each([
		{ roles: ['admin'], path: '/dashboard', title: 'Admin Dashboard', line: 'Admin' },
		{ roles: ['moderator'], path: '/dashboard', title: 'Sales Manager Dashboard', line: 'Sales manager' },
		{ roles: ['user'], path: '/dashboard/security', title: 'Loan Officer Dashboard', line: 'Loan officer' },
		{ roles: ['user', 'moderator'], path: '/dashboard/messages', title: 'Sales Manager Dashboard', line: 'Sales manager, Loan officer' },
	] as const)('$roles: the top bar and the page title read "$title"', async ({ roles, path, title, line }) => {
		const html = await page(path, [...roles])
		expect(headerTitleOf(html)).toBe(title)
		expect(titleOf(html)).toBe(title)
		expect(rolesLineOf(html)).toBe(line)
	})

	test('the leads screen is titled for an officer as their dashboard, not the admin one', async () => {
		expect(titleOf(await page('/dashboard/leads', ['user']))).toBe('Leads | Loan Officer Dashboard')
		expect(titleOf(await page('/dashboard/leads', ['moderator']))).toBe('Leads | Sales Manager Dashboard')
		expect(titleOf(await page('/dashboard/leads', ['admin']))).toBe('Leads | Admin Dashboard')
	})

	test('User Management shows each role by its label, never the slug', async () => {
		await signedInStaff(services, ['user'])
		await signedInStaff(services, ['moderator'])
		const html = await page('/dashboard/users', ['admin'])
		const badges = [...html.matchAll(/<span class="rounded-full px-2 py-0.5 text-xs font-semibold[^"]*">([^<]*)<\/span>/g)].map(
			(match) => match[1],
		)
		expect(new Set(badges)).toEqual(new Set(['Admin', 'Sales manager', 'Loan officer']))
	})
})
