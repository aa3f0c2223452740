import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { Role } from '#app/features/auth/roles.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { QUICK_ACTIONS } from '#app/features/dashboard/quick-actions.ts'
import routes from '#app/routes.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { loader as overviewLoader } from './overview.tsx'

type Loader = (args: { request: Request; context: unknown; params: object }) => Promise<unknown>
type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] }
const modules = import.meta.glob<{ loader?: Loader }>(['./*.ts', './*.tsx', '!./*.test.ts', '!./*.test.tsx', '!./layout.tsx'])
const dashboard = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/dashboard/layout.tsx')!

/** The dashboard screen a link opens, found in the app's routes as the router would. */
function screenOf(href: string) {
	const { pathname } = new URL(href, 'http://localhost')
	const entry = dashboard.children!.find((child) => `/${child.path ?? ''}`.replace(/\/$/, '') === pathname.replace(/\/$/, ''))
	if (!entry) throw new Error(`no dashboard screen at ${pathname}`)
	return modules[`./${entry.file.replace('routes/dashboard/', '')}`]!
}

const origin = 'http://localhost:3000'
let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

async function statusOf(run: () => Promise<unknown>) {
	try {
		const result = await run()
		if (result instanceof Response) return result.status
		const init = (result as { init?: { status?: number } | null } | null)?.init
		return init?.status ?? 200
	} catch (thrown) {
		if (thrown instanceof Response) return thrown.status
		throw thrown
	}
}

/** docs/decisions/0108: the overview leads each role only to screens it may open. */
describe.each<[string, Role[]]>([
	['a sales manager', ['moderator']],
	['an admin', ['admin']],
])('%s', (_name, roles) => {
	test('every quick action shown opens with 200 for that role, and those left out would have answered 403', async () => {
		const { cookie } = await signedInStaff(services, roles)
		const call = (loader: Loader, href: string) =>
			statusOf(() => loader({ request: staffRequest(`${origin}${href}`, cookie), context: routeContext(services), params: {} }))
		const overview = (await overviewLoader({
			request: staffRequest(`${origin}/dashboard`, cookie),
			context: routeContext(services),
			params: {},
		} as never)) as { quickActions: Array<{ to: string }> }
		expect(overview.quickActions.length).toBeGreaterThan(0)
		for (const { to } of overview.quickActions) {
			const { loader } = await screenOf(to)()
			expect(await call(loader!, to), to).toBe(200)
		}
		const shown = new Set(overview.quickActions.map((action) => action.to))
		for (const { to } of QUICK_ACTIONS.filter((action) => !shown.has(action.to))) {
			const { loader } = await screenOf(to)()
			expect(await call(loader!, to), to).toBe(403)
		}
		// A manager is not shown the site's own figures (users, sessions, content); an admin is.
		expect('sales' in overview).toBe(true)
		expect((overview as unknown as { isAdmin: boolean }).isAdmin).toBe(roles.includes('admin'))
	})
})

test('a sales manager is shown routing and the rate sheet, not the content editors or users', async () => {
	const { cookie } = await signedInStaff(services, ['moderator'])
	const overview = (await overviewLoader({
		request: staffRequest(`${origin}/dashboard`, cookie),
		context: routeContext(services),
		params: {},
	} as never)) as { quickActions: Array<{ to: string }> }
	const links = overview.quickActions.map((action) => action.to)
	expect(links).toContain('/dashboard/routing')
	expect(links).not.toContain('/dashboard/hero')
	expect(links).not.toContain('/dashboard/users')
})

test('each role’s quick actions, written out; a loan officer has no overview and is sent to the leads', async () => {
	const overviewOf = async (roles: Role[]) => {
		const { cookie } = await signedInStaff(services, roles)
		return overviewLoader({ request: staffRequest(`${origin}/dashboard`, cookie), context: routeContext(services), params: {} } as never)
	}
	const labels = async (roles: Role[]) =>
		((await overviewOf(roles)) as { quickActions: Array<{ label: string }> }).quickActions.map((action) => action.label)
	const sentTo = await overviewOf(['user']).catch((thrown: unknown) => thrown as Response)
	expect([(sentTo as Response).status, (sentTo as Response).headers.get('Location')]).toEqual([302, '/dashboard/leads'])
	const managers = ['Work the new leads', 'Assign the unassigned leads', 'Lead routing', 'Read contact messages', 'Read the rate sheet']
	expect(await labels(['moderator'])).toEqual(managers)
	expect(await labels(['admin'])).toEqual([...managers, 'Edit the home page hero', 'Update loan rates', 'Invite a colleague'])
})

// docs/decisions/0122: the funnel's period is read from the address, and only the offered ones.
test('the funnel covers 90 days unless the address asks for 30 or 365 days; any other value is 90', async () => {
	const { cookie } = await signedInStaff(services, ['moderator'])
	const daysFor = async (search: string) => {
		const overview = (await overviewLoader({
			request: staffRequest(`${origin}/dashboard${search}`, cookie),
			context: routeContext(services),
			params: {},
		} as never)) as { funnel: Promise<{ days: number }> }
		return (await overview.funnel).days
	}
	expect(await daysFor('')).toBe(90)
	expect(await daysFor('?funnel=30')).toBe(30)
	expect(await daysFor('?funnel=365')).toBe(365)
	expect(await daysFor('?funnel=100000')).toBe(90)
	expect(await daysFor("?funnel=30'%20or%201=1")).toBe(90)
})
