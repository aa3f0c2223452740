import crypto from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { Role } from '#app/features/auth/roles.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leadActivity, leads } from '#db/schema.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import routes from '#app/routes.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { middleware } from './layout.tsx'

/**
 * docs/decisions/0034: the access-control matrix. Every role x every module of app/routes/dashboard/ (found on
 * disk, so a new screen without an entry here fails), for its loader (page and .data request) and each
 * intent of its action. 'allow': the role check lets the request through (the screen may still refuse bad
 * input); 'deny': 403 before anything is read or changed; 'to-leads': sent to the leads screen.
 */
type Access = 'allow' | 'deny' | 'to-leads'
type StaffRole = Exclude<Role, never>
type RoleAccess = Record<StaffRole, Access>
type RouteModule = {
	loader?: (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<unknown>
	action?: (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<unknown>
}

const everyone: RoleAccess = { user: 'allow', moderator: 'allow', admin: 'allow' }
const managers: RoleAccess = { user: 'deny', moderator: 'allow', admin: 'allow' }
const adminOnly: RoleAccess = { user: 'deny', moderator: 'deny', admin: 'allow' }
const contentEditor = { loader: adminOnly, actions: { save: adminOnly, restore: adminOnly } }

// The leads action's intents are checked lead by lead below; here they are listed so none is forgotten.
const MATRIX: Record<string, { loader?: RoleAccess; actions?: Record<string, RoleAccess> }> = {
	'overview.tsx': { loader: { user: 'to-leads', moderator: 'allow', admin: 'allow' } },
	'leads.tsx': {
		loader: everyone,
		actions: {
			create: everyone,
			status: everyone,
			notes: everyone,
			contact: everyone,
			claim: { user: 'allow', moderator: 'deny', admin: 'deny' },
			assign: managers,
			delete: managers,
		},
	},
	'leads.export.ts': { loader: everyone },
	// docs/decisions/0052: every staff member saves their own table columns (no intent field; any post saves).
	'leads.columns.ts': { actions: { columns: everyone } },
	'hero.tsx': { loader: adminOnly, actions: { save: adminOnly, restore: adminOnly, upload: adminOnly } },
	'loans.tsx': contentEditor,
	'testimonials.tsx': contentEditor,
	'company.tsx': contentEditor,
	// docs/decisions/0065: a sales manager reads the rate sheet (and downloads it); only an admin previews or publishes a change
	// (docs/decisions/0073).
	'pricing.tsx': { loader: managers, actions: { preview: adminOnly, import: adminOnly, version: adminOnly, publish: adminOnly } },
	'pricing.rate-sheet.ts': { loader: managers },
	'settings.tsx': { loader: adminOnly, actions: { save: adminOnly, reset: adminOnly } },
	'users.tsx': {
		loader: adminOnly,
		actions: { create: adminOnly, roles: adminOnly, disable: adminOnly, enable: adminOnly, resend: adminOnly, 'reset-factor': adminOnly },
	},
	'routing.tsx': { loader: adminOnly, actions: { settings: adminOnly, officer: adminOnly } },
	'messages.tsx': { loader: managers, actions: { read: managers } },
	'security.tsx': { loader: everyone, actions: { start: everyone, confirm: everyone, disable: everyone, regenerate: everyone } },
	'dashboard-test.tsx': { loader: adminOnly },
	// docs/decisions/0088: the step-up screen, for every staff member before a sensitive action.
	'confirm.tsx': { loader: everyone, actions: { confirm: everyone } },
	// docs/decisions/0087: the activity log and its export are an admin's alone.
	'activity.tsx': { loader: adminOnly },
	'activity.export.ts': { loader: adminOnly },
	// docs/decisions/0090: the retention policy and legal holds are an admin's alone.
	'retention.tsx': { loader: adminOnly, actions: { policy: adminOnly, hold: adminOnly, release: adminOnly } },
	// docs/decisions/0091: borrowers' data requests, their search, export and erase are an admin's alone.
	'data-requests.tsx': {
		loader: adminOnly,
		actions: {
			record: adminOnly,
			verify: adminOnly,
			acknowledge: adminOnly,
			extend: adminOnly,
			erase: adminOnly,
			close: adminOnly,
			templates: adminOnly,
		},
	},
	'data-requests.export.ts': { actions: { export: adminOnly } },
	// docs/decisions/0089: every staff session, listed and ended by an admin only.
	'sessions.tsx': { loader: adminOnly, actions: { end: adminOnly } },
	// docs/decisions/0068: webhook endpoints, their secrets and deliveries are an admin's alone.
	'webhooks.tsx': {
		loader: adminOnly,
		actions: {
			create: adminOnly,
			rotate: adminOnly,
			toggle: adminOnly,
			delete: adminOnly,
			test: adminOnly,
			replay: adminOnly,
			'replay-since': adminOnly,
		},
	},
}

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }
const modules = import.meta.glob<RouteModule>(['./*.ts', './*.tsx', '!./*.test.ts', '!./layout.tsx'])
const dashboardLayout = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/dashboard/layout.tsx')!
const screens = Object.keys(modules).map((file) => {
	const name = path.basename(file)
	const entry = dashboardLayout.children!.find((child) => child.file === `routes/dashboard/${name}`)
	return { file, name, url: `/${entry?.path}` }
})

const origin = 'http://localhost:3000'
const roles: StaffRole[] = ['user', 'moderator', 'admin']

let handle: DatabaseHandle
let services: AppServices
const staff = new Map<StaffRole, { id: string; cookie: string }>()
/** docs/decisions/0088: the same roles without a second factor yet. */
const withoutFactor = new Map<StaffRole, string>()
let otherOfficer: { id: string }
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	for (const role of roles) {
		const signedIn = await signedInStaff(services, [role])
		staff.set(role, { id: signedIn.user.id, cookie: signedIn.cookie })
		withoutFactor.set(role, (await signedInStaff(services, [role], { secondFactor: false })).cookie)
	}
	otherOfficer = (await signedInStaff(services, ['user'])).user
})
afterAll(() => handle.close())

/** Unwraps what a loader or action answered or threw into a status (and where a redirect goes). */
async function outcome(run: () => Promise<unknown>) {
	try {
		const result = await run()
		if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), body: null as unknown }
		if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
			const init = (result as { init?: { status?: number } | null }).init
			return { status: init?.status ?? 200, location: null, body: (result as { data: unknown }).data }
		}
		return { status: 200, location: null, body: result }
	} catch (thrown) {
		if (!(thrown instanceof Response)) throw thrown
		return { status: thrown.status, location: thrown.headers.get('Location'), body: null }
	}
}

function expectAccess(access: Access, result: { status: number; location: string | null }) {
	if (access === 'deny') expect(result.status).toBe(403)
	else if (access === 'to-leads') expect(result).toMatchObject({ status: 302, location: '/dashboard/leads' })
	else {
		expect(result.status).not.toBe(403)
		expect(result.location ?? '').not.toMatch(/^\/login/)
	}
}

test('every module in app/routes/dashboard/ has a row in the matrix, and every row a module', () => {
	expect(screens.map((screen) => screen.name).sort()).toEqual(Object.keys(MATRIX).sort())
	expect(screens.filter((screen) => screen.url === '/undefined')).toEqual([])
})

test('the matrix lists a loader and actions exactly where the modules have them', async () => {
	for (const screen of screens) {
		const module = await modules[screen.file]!()
		expect(Boolean(MATRIX[screen.name]!.loader), `${screen.name} loader`).toBe(typeof module.loader === 'function')
		expect(Object.keys(MATRIX[screen.name]!.actions ?? {}).length > 0, `${screen.name} action`).toBe(typeof module.action === 'function')
	}
})

describe.each(roles)('%s', (role) => {
	const cookie = () => staff.get(role)!.cookie
	const call = (handler: NonNullable<RouteModule['loader']>, url: string, init?: RequestInit) =>
		outcome(() => handler({ request: staffRequest(`${origin}${url}`, cookie(), init), context: routeContext(services), params: {} }))

	test('the layout lets every staff role into the dashboard, on documents and .data requests', async () => {
		for (const url of ['/dashboard/leads', '/dashboard/leads.data']) {
			// Every middleware of the layout (the staff check among them) hands the request on.
			const context = routeContext(services)
			let reached = 0
			for (const step of middleware)
				await step({ request: staffRequest(`${origin}${url}`, cookie()), context, params: {} } as never, async () => {
					reached++
					return new Response(null)
				})
			expect(reached).toBe(middleware.length)
		}
	})

	test.each(Object.keys(MATRIX).filter((name) => MATRIX[name]!.loader))('loader of %s, page and .data', async (name) => {
		const screen = screens.find((candidate) => candidate.name === name)!
		const { loader } = await modules[screen.file]!()
		for (const url of [screen.url, `${screen.url}.data`]) expectAccess(MATRIX[name]!.loader![role], await call(loader!, url))
	})

	const adminScreenIntents = Object.entries(MATRIX)
		.filter(([name]) => name !== 'leads.tsx')
		.flatMap(([name, row]) => Object.entries(row.actions ?? {}).map(([intent, access]) => ({ name, intent, access })))
	test.each(adminScreenIntents)('action of $name, intent $intent', async ({ name, intent, access }) => {
		const screen = screens.find((candidate) => candidate.name === name)!
		const { action } = await modules[screen.file]!()
		// Empty input: an allowed role reaches the screen's own validation, a denied one is stopped first.
		const body = new URLSearchParams({ intent, id: '00000000-0000-4000-8000-000000000000', read: 'true', userId: 'nobody' })
		expectAccess(access[role], await call(action!, screen.url, { method: 'POST', body }))
	})

	test('leads: an officer reads and changes only their own and unassigned leads; managers all', async () => {
		const me = staff.get(role)!.id
		const mine = await insertTestLead(handle.db, { firstName: 'Mine', lastName: role, assignedTo: me })
		const others = await insertTestLead(handle.db, { firstName: 'Others', lastName: role, assignedTo: otherOfficer.id, adminNotes: null })
		const pool = await insertTestLead(handle.db, { firstName: 'Pool', lastName: role })
		const { loader, action } = await import('./leads.tsx')
		const seesAll = role !== 'user'

		// The list, the details (even with the id guessed) and the export.
		const listed = await call(loader as never, `/dashboard/leads?search=${role}`)
		const names = (listed.body as { page: { leads: Array<{ firstName: string }> } }).page.leads.map((lead) => lead.firstName).sort()
		expect(names).toEqual(seesAll ? ['Mine', 'Others', 'Pool'] : ['Mine', 'Pool'])
		const details = await call(loader as never, `/dashboard/leads.data?lead=${others.id}`)
		expect((details.body as { openLead: unknown }).openLead === null).toBe(!seesAll)
		const { loader: exportLoader } = await import('./leads.export.ts')
		const csv = await (
			await exportLoader({
				request: staffRequest(`${origin}/dashboard/leads/export?search=${role}`, cookie()),
				context: routeContext(services),
				params: {},
			} as never)
		).text()
		expect(csv.includes(others.id)).toBe(seesAll)
		expect(csv.includes(pool.id)).toBe(true)

		const post = (fields: Record<string, string>) =>
			call(action as never, '/dashboard/leads', { method: 'POST', body: new URLSearchParams(fields) })
		const allowed = (intent: string) => MATRIX['leads.tsx']!.actions![intent]![role] === 'allow'
		// Someone else's lead: an officer can neither change it nor learn anything from trying.
		for (const [intent, fields] of [
			['status', { status: 'hot' }],
			['notes', { notes: 'guessed' }],
			['contact', { channel: 'call' }],
		] as const) {
			const result = await post({ intent, leadId: others.id, ...fields })
			if (seesAll) expect(result.status, intent).toBe(200)
			else expect(result.status, intent).toBe(404)
		}
		const [othersAfter] = await handle.db.select().from(leads).where(eq(leads.id, others.id))
		if (seesAll) expect(othersAfter).toMatchObject({ status: 'hot', adminNotes: 'guessed' })
		else expect(othersAfter).toMatchObject({ status: 'new', adminNotes: null, firstContactedAt: null, assignedTo: otherOfficer.id })

		// One's own lead and the pool: an officer who works an unassigned lead takes it (docs/decisions/0043).
		expect((await post({ intent: 'status', leadId: mine.id, status: 'contacted' })).status).toBe(200)
		const workedPool = await post({ intent: 'contact', leadId: pool.id, channel: 'email' })
		expect(workedPool.status).toBe(200)
		// The officer is told the lead is theirs now; a manager's work leaves it in the pool and says nothing of it.
		expect((workedPool.body as { description?: string }).description).toBe(seesAll ? undefined : 'It was unassigned, so it is yours now.')
		const [poolAfter] = await handle.db.select().from(leads).where(eq(leads.id, pool.id))
		expect(poolAfter!.assignedTo).toBe(seesAll ? null : me)
		expect(poolAfter!.firstContactedAt).not.toBeNull()
		const untouched = await insertTestLead(handle.db, { firstName: 'Untouched', lastName: role })
		const claim = await post({ intent: 'claim', leadId: untouched.id })
		expect(claim.status).toBe(allowed('claim') ? 200 : 403)
		const [claimed] = await handle.db.select().from(leads).where(eq(leads.id, untouched.id))
		expect(claimed!.assignedTo).toBe(allowed('claim') ? me : null)

		const assign = await post({ intent: 'assign', leadId: mine.id, assigneeId: otherOfficer.id })
		expect(assign.status).toBe(allowed('assign') ? 200 : 403)
		const del = await post({ intent: 'delete', leadId: others.id })
		expect(del.status).toBe(allowed('delete') ? 200 : 403)
		expect((await handle.db.select().from(leads).where(eq(leads.id, others.id))).length).toBe(allowed('delete') ? 0 : 1)
		const created = await post({
			intent: 'create',
			firstName: 'Phoned',
			lastName: role,
			email: `phoned-${role}@example.com`,
			phone: '5550001111',
		})
		expect(created.status).toBe(200)
		const [phoned] = await handle.db
			.select()
			.from(leads)
			.where(eq(leads.email, `phoned-${role}@example.com`))
		// An officer keeps the lead they took; for others the routing rules pick an officer.
		if (role === 'user') expect(phoned!.assignedTo).toBe(me)
		else expect(phoned!.assignedTo).not.toBe(me)

		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, pool.id))
		const worked = history.map((entry) => entry.action).filter((action) => action !== 'exported')
		expect(worked.sort()).toEqual(seesAll ? ['contact_logged'] : ['assigned', 'contact_logged'])
		const claimHistory = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, untouched.id))
		expect(claimHistory.map((entry) => entry.action)).toEqual(allowed('claim') ? ['assigned'] : [])
	})
})

/**
 * docs/decisions/0088: an account without a second factor reaches nothing but the set-up: every loader (page and .data),
 * every intent of every action, and the layout answer with the redirect to the Security screen, whatever the role.
 */
describe.each(roles)('%s without a second factor', (role) => {
	const SET_UP = '/dashboard/security?required=1'
	const OPEN_WITHOUT_FACTOR = new Set(['security.tsx'])
	const call = (handler: NonNullable<RouteModule['loader']>, url: string, init?: RequestInit) =>
		outcome(() =>
			handler({ request: staffRequest(`${origin}${url}`, withoutFactor.get(role)!, init), context: routeContext(services), params: {} }),
		)
	const everyIntent = Object.entries(MATRIX).flatMap(([name, row]) => Object.keys(row.actions ?? {}).map((intent) => ({ name, intent })))

	test('the layout sends documents and .data requests to the set-up, and lets the set-up itself through', async () => {
		for (const url of ['/dashboard/leads', '/dashboard/leads.data', '/dashboard', '/dashboard.data', '/dashboard/security']) {
			let reached = false
			const result = await outcome(async () =>
				middleware[1]!(
					{ request: staffRequest(`${origin}${url}`, withoutFactor.get(role)!), context: routeContext(services), params: {} } as never,
					async () => {
						reached = true
						return new Response(null)
					},
				),
			)
			if (url === '/dashboard/security') expect(reached, url).toBe(true)
			else expect({ reached, ...result }, url).toEqual({ reached: false, status: 302, location: SET_UP, body: null })
		}
	})

	test('the layout around the set-up shows no menu and no counts', async () => {
		const { loader } = await import('./layout.tsx')
		const { body } = await call(loader as never, '/dashboard/security')
		expect(body).toMatchObject({ menu: [], unreadMessages: 0 })
	})

	test.each(Object.keys(MATRIX).filter((name) => MATRIX[name]!.loader))('loader of %s, page and .data', async (name) => {
		const screen = screens.find((candidate) => candidate.name === name)!
		const { loader } = await modules[screen.file]!()
		for (const url of [screen.url, `${screen.url}.data`]) {
			const result = await call(loader!, url)
			if (OPEN_WITHOUT_FACTOR.has(name)) expect(result.status, url).toBe(200)
			else expect({ status: result.status, location: result.location }, url).toEqual({ status: 302, location: SET_UP })
		}
	})

	test.each(everyIntent)('action of $name, intent $intent', async ({ name, intent }) => {
		const screen = screens.find((candidate) => candidate.name === name)!
		const { action } = await modules[screen.file]!()
		const lead = await insertTestLead(handle.db, { firstName: 'Guarded', lastName: `${role} ${intent}` })
		const body = new URLSearchParams({
			intent,
			id: '00000000-0000-4000-8000-000000000000',
			leadId: lead.id,
			read: 'true',
			userId: 'nobody',
			status: 'hot',
			notes: 'written without a factor',
			channel: 'call',
			firstName: 'Phoned',
			lastName: 'Without factor',
			email: `without-factor-${role}-${intent}@example.com`,
			phone: '5550001111',
		})
		const result = await call(action!, screen.url, { method: 'POST', body })
		if (OPEN_WITHOUT_FACTOR.has(name)) expect(result.location ?? '', intent).not.toBe(SET_UP)
		else expect({ status: result.status, location: result.location }, intent).toEqual({ status: 302, location: SET_UP })
		// Nothing was read into the log or changed: the lead is as it was inserted.
		const [after] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(after).toMatchObject({ status: 'new', adminNotes: null, firstContactedAt: null, assignedTo: null })
	})
})

/**
 * docs/decisions/0049: for a loan officer, another officer's lead does not exist. Every intent, the details and the
 * export answer for it exactly what they answer for an id nobody ever used: same status, same body.
 */
describe('an officer learns nothing from another officer’s lead', () => {
	const madeUp = () => crypto.randomUUID()
	const cookie = () => staff.get('user')!.cookie
	const run = (handler: NonNullable<RouteModule['loader']>, url: string, init?: RequestInit) =>
		outcome(() => handler({ request: staffRequest(`${origin}${url}`, cookie(), init), context: routeContext(services), params: {} }))

	test.each([
		['claim', {}],
		['status', { status: 'hot' }],
		['notes', { notes: 'guessed' }],
		['contact', { channel: 'call', summary: 'guessed' }],
		['assign', { assigneeId: '' }],
		['delete', {}],
	] as const)('intent %s', async (intent, fields) => {
		const others = await insertTestLead(handle.db, { firstName: 'Theirs', lastName: intent, assignedTo: otherOfficer.id })
		const { action } = await import('./leads.tsx')
		const post = (leadId: string) =>
			run(action as never, '/dashboard/leads', { method: 'POST', body: new URLSearchParams({ intent, leadId, ...fields }) })
		const answer = await post(others.id)
		expect(answer).toEqual(await post(madeUp()))
		expect(answer.status).not.toBe(200)
		const [after] = await handle.db.select().from(leads).where(eq(leads.id, others.id))
		expect(after).toMatchObject({ status: 'new', adminNotes: null, firstContactedAt: null, assignedTo: otherOfficer.id })
	})

	test('the details (?lead=<id>) and the export', async () => {
		const others = await insertTestLead(handle.db, { firstName: 'Theirs', lastName: 'Details', assignedTo: otherOfficer.id })
		const { loader } = await import('./leads.tsx')
		const open = async (leadId: string) => {
			const { body } = await run(loader as never, `/dashboard/leads.data?lead=${leadId}&search=Details`)
			const { openLead, missingLead } = body as { openLead: unknown; missingLead: boolean }
			return { openLead, missingLead }
		}
		expect(await open(others.id)).toEqual(await open(madeUp()))
		expect((await open(others.id)).missingLead).toBe(true)
		const { loader: exportLoader } = await import('./leads.export.ts')
		const csv = async (search: string) =>
			(
				await exportLoader({
					request: staffRequest(`${origin}/dashboard/leads/export?search=${search}`, cookie()),
					context: routeContext(services),
					params: {},
				} as never)
			).text()
		expect(await csv(others.id)).toEqual(await csv(madeUp()))
		expect(await csv(others.email)).toEqual(await csv(madeUp()))
	})

	test('on their own lead, a repeat of another officer’s lead is a flag without its id, name or date; a manager gets the link', async () => {
		const officerId = staff.get('user')!.id
		const earlier = await insertTestLead(handle.db, {
			firstName: 'Hidden',
			lastName: 'Earlier',
			assignedTo: otherOfficer.id,
			minutesAgo: 90,
		})
		const mine = await insertTestLead(handle.db, {
			firstName: 'Mine',
			lastName: 'Repeat',
			assignedTo: officerId,
			repeatOfLeadId: earlier.id,
		})
		const { loader } = await import('./leads.tsx')
		const asOfficer = await run(loader as never, `/dashboard/leads.data?lead=${mine.id}&search=Repeat`)
		const seen = asOfficer.body as { openLead: { repeatOf: unknown }; page: { leads: Array<{ id: string; repeatInquiry: boolean }> } }
		expect(seen.openLead.repeatOf).toEqual({ visible: false })
		expect(seen.page.leads.find((row) => row.id === mine.id)!.repeatInquiry).toBe(true)
		const text = JSON.stringify(asOfficer.body)
		for (const secret of [earlier.id, 'Hidden', earlier.createdAt.toISOString()]) expect(text).not.toContain(secret)

		const managerCookie = staff.get('moderator')!.cookie
		const asManager = await outcome(() =>
			loader({
				request: staffRequest(`${origin}/dashboard/leads.data?lead=${mine.id}`, managerCookie),
				context: routeContext(services),
				params: {},
			} as never),
		)
		expect((asManager.body as { openLead: { repeatOf: unknown } }).openLead.repeatOf).toMatchObject({
			visible: true,
			id: earlier.id,
			firstName: 'Hidden',
			lastName: 'Earlier',
		})
	})
})
