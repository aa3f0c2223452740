import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { Role } from '#app/features/auth/roles.ts'
import { requireStaff, staffContext } from '#app/features/auth/staff-session.server.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leadNotes, leads } from '#db/schema.ts'
import { insertTestLead, phoneLeadFields } from '../../../tests/lead-test-data.ts'
import routes from '#app/routes.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { middleware } from './layout.tsx'
import { outcome } from '../../../tests/route-outcome.ts'

type RouteModule = {
	loader?: (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<unknown>
	action?: (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<unknown>
}
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }

// Every module in this folder (spec 2 §6: all of /dashboard and /dashboard-test), matched to its URL in app/routes.ts.
const modules = import.meta.glob<RouteModule>(['./*.ts', './*.tsx', '!./*.test.ts', '!./*.test.tsx', '!./layout.tsx'])
const dashboardLayout = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/dashboard/layout.tsx')!
const screens = Object.keys(modules).map((file) => {
	const entry = dashboardLayout.children!.find((child) => child.file === `routes/dashboard/${path.basename(file)}`)
	return { file, url: entry ? `/${entry.path}` : null }
})

const origin = 'http://localhost:3000'
type Caller = 'anonymous' | Role
// docs/decisions/0034: what each staff role may do is checked in access-matrix.test.ts; here the anonymous caller and the admin.
const callers: Caller[] = ['anonymous', 'admin']

let handle: DatabaseHandle
let services: AppServices
const cookies = new Map<Caller, string | null>()
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	cookies.set('anonymous', null)
	for (const role of ['user', 'moderator', 'admin'] as const) cookies.set(role, (await signedInStaff(services, [role])).cookie)
})
afterAll(() => handle.close())

function expectRefusedOrAllowed(caller: Caller, result: { status: number; location: string | null }, url: string) {
	if (caller === 'anonymous') expect(result).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent(url)}` })
	else if (caller === 'admin') expect(result.status).toBe(200)
	else expect(result).toMatchObject({ status: 403, location: null })
}

test('every module in app/routes/dashboard/ is a route of the dashboard layout', () => {
	expect(screens.filter((screen) => screen.url === null)).toEqual([])
	expect(screens.map((screen) => screen.url)).toEqual(
		expect.arrayContaining(['/dashboard', '/dashboard/leads', '/dashboard/leads/export', '/dashboard-test']),
	)
})

describe.each(callers)('%s', (caller) => {
	test.each(screens)('loader of $url', async ({ file, url }) => {
		const { loader } = await modules[file]!()
		if (!loader) return
		const target = `${url}?search=x`
		const result = await outcome(() =>
			loader({ request: staffRequest(`${origin}${target}`, cookies.get(caller)!), context: routeContext(services), params: {} }),
		)
		expectRefusedOrAllowed(caller, result, target)
	})

	test.each(screens)('action of $url', async ({ file, url }) => {
		const { action } = await modules[file]!()
		if (!action || caller === 'admin') return
		const body = new URLSearchParams({ intent: 'delete' })
		const result = await outcome(() =>
			action({
				request: staffRequest(`${origin}${url}`, cookies.get(caller)!, { method: 'POST', body }),
				context: routeContext(services),
				params: {},
			}),
		)
		expectRefusedOrAllowed(caller, result, url!)
	})

	test('the layout middleware, on a document and on a .data request', async () => {
		for (const url of ['/dashboard/leads?status=hot', '/dashboard/leads.data?status=hot']) {
			const context = routeContext(services)
			let reachedScreen = false
			const result = await outcome(async () => {
				// The whole chain of the layout's middleware, in order, ending at the screen.
				const args = { request: staffRequest(`${origin}${url}`, cookies.get(caller)!), context, params: {} } as never
				const screen = async () => {
					reachedScreen = true
					return new Response(null)
				}
				await middleware.reduceRight<() => Promise<Response>>(
					(next, run) => async () => (await run(args, next as never)) as Response,
					screen,
				)()
			})
			expectRefusedOrAllowed(caller, result, '/dashboard/leads?status=hot')
			expect(reachedScreen).toBe(caller === 'admin')
			if (caller === 'admin') expect(context.get(staffContext)?.roles).toContain('admin')
		}
	})

	test('every intent of the leads action', async () => {
		const { action } = await import('./leads.tsx')
		const lead = await insertTestLead(handle.db, { status: 'new' })
		const intents: Array<Array<[string, string]>> = [
			[
				['intent', 'create'],
				...Object.entries(phoneLeadFields({ firstName: 'Access', lastName: caller, email: `${caller}@example.com`, phone: '5550001111' })),
			],
			[
				['intent', 'status'],
				['leadId', lead.id],
				['status', 'hot'],
			],
			[
				['intent', 'note-add'],
				['leadId', lead.id],
				['body', `written by ${caller}`],
			],
			[
				['intent', 'delete'],
				['leadId', lead.id],
			],
		]
		const before = (await handle.db.select({ id: leads.id }).from(leads)).length
		for (const fields of intents) {
			const request = staffRequest(`${origin}/dashboard/leads`, cookies.get(caller)!, { method: 'POST', body: new URLSearchParams(fields) })
			const result = await outcome(() => action({ request, context: routeContext(services), params: {} } as never))
			expectRefusedOrAllowed(caller, result, '/dashboard/leads')
		}
		// An admin created one lead and deleted another; nobody else changed anything.
		expect((await handle.db.select({ id: leads.id }).from(leads)).length).toBe(before)
		const [still] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		if (caller === 'admin') expect(still).toBeUndefined()
		else {
			expect(still).toMatchObject({ status: 'new' })
			expect(await handle.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toEqual([])
		}
	})
})

test('an account with no role is refused in its own words, before any second-factor set-up (spec 2 §6, docs/decisions/0088)', async () => {
	// No role and no second factor: were the role-less check missing, the set-up redirect would come first.
	const { cookie } = await signedInStaff(services, [], { secondFactor: false })
	const thrown = await requireStaff(staffRequest(`${origin}/dashboard/leads`, cookie), routeContext(services), 'leads').then(
		() => null,
		(error: unknown) => error,
	)
	expect(thrown).toBeInstanceOf(Response)
	expect((thrown as Response).status).toBe(403)
	expect(await (thrown as Response).text()).toBe('Your account does not have access to the dashboard.')
})
