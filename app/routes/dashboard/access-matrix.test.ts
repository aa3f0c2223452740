import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { Role } from '#app/features/auth/roles.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { contactMessages, leadActivity, leadNotes, leadTasks, leads } from '#db/schema.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { NOTE_MESSAGES } from '#app/features/leads/model/lead-notes.ts'
import routes from '#app/routes.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { middleware } from './layout.tsx'
import { refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { outcome } from '../../../tests/route-outcome.ts'

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

/** docs/decisions/0109: Add Lead with a contact-form message (the leads action's create): messages and leads both. */
const MESSAGE_LEAD: RoleAccess = managers

// The leads action's intents are checked lead by lead below; here they are listed so none is forgotten.
const MATRIX: Record<string, { loader?: RoleAccess; actions?: Record<string, RoleAccess> }> = {
	'overview.tsx': { loader: { user: 'to-leads', moderator: 'allow', admin: 'allow' } },
	'leads.tsx': {
		loader: everyone,
		actions: {
			create: everyone,
			status: everyone,
			// docs/decisions/0107: whoever works the lead adds a note; only its author corrects it, within the window.
			'note-add': everyone,
			'note-edit': everyone,
			contact: everyone,
			// docs/decisions/0104: the tap on Call, Text or E-mail, for whoever works the lead.
			attempt: everyone,
			claim: { user: 'allow', moderator: 'deny', admin: 'deny' },
			assign: managers,
			delete: managers,
			// docs/decisions/0108: a manager's changes to the selected leads; an officer is refused even on their own leads.
			'bulk-assign': managers,
			'bulk-status': managers,
			// docs/decisions/0096: whoever works the lead may stop the borrower's links.
			'return-links': everyone,
			// docs/decisions/0105: follow-up tasks: whoever works the lead adds one; its owner or a manager changes it.
			'task-add': everyone,
			'task-complete': everyone,
			'task-reopen': everyone,
			'task-delete': everyone,
			// docs/decisions/0112: the quick-pricer: whoever works the lead prices its scenario and attaches the terms.
			price: everyone,
			attach: everyone,
		},
	},
	// docs/decisions/0105: My tasks (a manager may switch to everyone's); its buttons post to the leads action.
	'tasks.tsx': { loader: everyone },
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
	// docs/decisions/0108: a sales manager runs the routing and assigns the waiting leads; an officer does not.
	'routing.tsx': { loader: managers, actions: { settings: managers, officer: managers, backlog: managers } },
	'messages.tsx': { loader: managers, actions: { read: managers } },
	'security.tsx': { loader: everyone, actions: { start: everyone, confirm: everyone, disable: everyone, regenerate: everyone } },
	// docs/decisions/0093: one's own passkeys (with an authenticator app first: without one, the set-up answers instead).
	'security.passkeys.ts': { actions: { options: everyone, add: everyone, rename: everyone, remove: everyone } },
	'dashboard-test.tsx': { loader: adminOnly },
	// docs/decisions/0088: the step-up screen, for every staff member before a sensitive action.
	'confirm.tsx': { loader: everyone, actions: { confirm: everyone } },
	// docs/decisions/0093: confirming with one's own passkey instead.
	'confirm.passkey.ts': { actions: { options: everyone, verify: everyone } },
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
	// docs/decisions/0111: one's own lead alerts (e-mail or text), for every staff member.
	'notifications.tsx': { loader: everyone, actions: { save: everyone } },
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
const modules = import.meta.glob<RouteModule>(['./*.ts', './*.tsx', '!./*.test.ts', '!./*.test.tsx', '!./layout.tsx'])
const dashboardLayout = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/dashboard/layout.tsx')!
const screens = Object.keys(modules).map((file) => {
	const name = path.basename(file)
	const entry = dashboardLayout.children!.find((child) => child.file === `routes/dashboard/${name}`)
	return { file, name, url: `/${entry?.path}` }
})

const origin = 'http://localhost:3000'
/** A task's due time as the form posts it: tomorrow, typed on a device in UTC. */
const tomorrowDue = () => ({ due: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16), offset: '0' })
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
		// A DSCR refinance's answers, so the quick-pricer has a scenario to price (docs/decisions/0112).
		const others = await insertTestLead(handle.db, {
			firstName: 'Others',
			lastName: role,
			assignedTo: otherOfficer.id,
			message: JSON.stringify(refinanceAnswers),
		})
		const pool = await insertTestLead(handle.db, { firstName: 'Pool', lastName: role })
		const { loader, action } = await import('./leads.tsx')
		const seesAll = role !== 'user'

		// The list, the details (even with the id guessed) and the export. Everyone in reach (`all`); an officer's list
		// opens on their own leads (docs/decisions/0106), a manager's on all of them.
		const namesIn = async (search: string) => {
			const listed = await call(loader as never, `/dashboard/leads?search=${role}${search}`)
			return (listed.body as { page: { leads: Array<{ firstName: string }> } }).page.leads.map((lead) => lead.firstName).sort()
		}
		expect(await namesIn('&assigned=all')).toEqual(seesAll ? ['Mine', 'Others', 'Pool'] : ['Mine', 'Pool'])
		expect(await namesIn('')).toEqual(seesAll ? ['Mine', 'Others', 'Pool'] : ['Mine'])
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
			['note-add', { body: 'guessed' }],
			['contact', { channel: 'call', outcome: 'connected' }],
			['attempt', { channel: 'call' }],
			['return-links', {}],
			['task-add', { kind: 'call_back', ...tomorrowDue() }],
			['price', { ficoBand: '720-739' }],
			['attach', { ficoBand: '720-739', sheetVersion: String((await services.content.getWithVersion('rateSheet')).version) }],
		] as const) {
			const result = await post({ intent, leadId: others.id, ...fields })
			if (seesAll) expect(result.status, intent).toBe(200)
			else expect(result.status, intent).toBe(404)
		}
		// docs/decisions/0105: another officer's task is theirs: a manager changes it, an officer finds no such task.
		const [othersTask] = await handle.db
			.insert(leadTasks)
			.values({ leadId: others.id, kind: 'send_terms', assignedTo: otherOfficer.id, dueAt: new Date(Date.now() + 3_600_000) })
			.returning()
		for (const intent of ['task-complete', 'task-reopen', 'task-delete']) {
			const result = await post({ intent, taskId: othersTask!.id })
			expect(result.status, intent).toBe(seesAll ? 200 : 404)
		}
		expect((await handle.db.select().from(leadTasks).where(eq(leadTasks.id, othersTask!.id))).length).toBe(seesAll ? 0 : 1)
		// One's own lead: anyone adds a task, which is the lead's officer's, and completes it.
		const added = await post({ intent: 'task-add', leadId: mine.id, kind: 'call_back', ...tomorrowDue() })
		expect(added.status).toBe(200)
		const ownTaskId = (added.body as { taskId: string }).taskId
		expect((await post({ intent: 'task-complete', taskId: ownTaskId })).status).toBe(200)
		const [ownTask] = await handle.db.select().from(leadTasks).where(eq(leadTasks.id, ownTaskId))
		expect(ownTask).toMatchObject({ assignedTo: me, completedBy: me })
		// docs/decisions/0107: another officer's note: a manager (not its author) may not correct it; for an officer it does
		// not exist. Nobody but its author corrects a note.
		const [othersNote] = await handle.db
			.insert(leadNotes)
			.values({ leadId: others.id, authorId: otherOfficer.id, authorName: 'Other Officer', body: 'Theirs' })
			.returning()
		const corrected = await post({ intent: 'note-edit', noteId: othersNote!.id, body: 'Overwritten' })
		expect(corrected.status).toBe(seesAll ? 403 : 404)
		expect((corrected.body as { error: string }).error).toBe(seesAll ? NOTE_MESSAGES.notAuthor : NOTE_MESSAGES.noSuchNote)
		const othersNotes = await handle.db.select().from(leadNotes).where(eq(leadNotes.leadId, others.id))
		expect(othersNotes.map((note) => note.body).sort()).toEqual(seesAll ? ['Theirs', 'guessed'] : ['Theirs'])
		// One's own note on one's own lead: its author corrects it.
		const ownNote = await post({ intent: 'note-add', leadId: mine.id, body: 'First take' })
		const ownNoteId = (ownNote.body as { noteId: string }).noteId
		expect((await post({ intent: 'note-edit', noteId: ownNoteId, body: 'Second take' })).status).toBe(200)
		const [othersAfter] = await handle.db.select().from(leads).where(eq(leads.id, others.id))
		if (seesAll) expect(othersAfter).toMatchObject({ status: 'hot', returnLinksRevokedAt: expect.any(Date) })
		else
			expect(othersAfter).toMatchObject({
				status: 'new',
				firstContactedAt: null,
				assignedTo: otherOfficer.id,
				returnLinksRevokedAt: null,
			})

		// One's own lead and the pool: an officer who works an unassigned lead takes it (docs/decisions/0043).
		expect((await post({ intent: 'status', leadId: mine.id, status: 'contacted' })).status).toBe(200)
		const workedPool = await post({ intent: 'contact', leadId: pool.id, channel: 'email', outcome: 'replied' })
		expect(workedPool.status).toBe(200)
		// The officer is told the lead is theirs now; a manager's work leaves it in the pool and says nothing of it.
		expect((workedPool.body as { description?: string }).description).toBe(seesAll ? undefined : 'It was unassigned, so it is yours now.')
		const [poolAfter] = await handle.db.select().from(leads).where(eq(leads.id, pool.id))
		expect(poolAfter!.assignedTo).toBe(seesAll ? null : me)
		expect(poolAfter!.firstContactedAt).not.toBeNull()
		// docs/decisions/0104: a tap on Call is work on the lead (an officer takes it) and never its first contact.
		const tapped = await insertTestLead(handle.db, { firstName: 'Tapped', lastName: role })
		expect((await post({ intent: 'attempt', leadId: tapped.id, channel: 'call' })).status).toBe(allowed('attempt') ? 200 : 403)
		const [tappedAfter] = await handle.db.select().from(leads).where(eq(leads.id, tapped.id))
		expect(tappedAfter).toMatchObject({ assignedTo: seesAll ? null : me, firstContactedAt: null })
		const tappedHistory = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, tapped.id))
		expect(tappedHistory.map((entry) => entry.action).sort()).toEqual(seesAll ? ['contact_started'] : ['assigned', 'contact_started'])
		const untouched = await insertTestLead(handle.db, { firstName: 'Untouched', lastName: role })
		const claim = await post({ intent: 'claim', leadId: untouched.id })
		expect(claim.status).toBe(allowed('claim') ? 200 : 403)
		const [claimed] = await handle.db.select().from(leads).where(eq(leads.id, untouched.id))
		expect(claimed!.assignedTo).toBe(allowed('claim') ? me : null)

		const assign = await post({ intent: 'assign', leadId: mine.id, assigneeId: otherOfficer.id })
		expect(assign.status).toBe(allowed('assign') ? 200 : 403)
		// docs/decisions/0108: the bulk changes, on one's own lead: an officer is refused and nothing changes.
		const bulkLead = await insertTestLead(handle.db, { firstName: 'Bulk', lastName: role, assignedTo: me })
		const postMany = (pairs: string[][]) => call(action as never, '/dashboard/leads', { method: 'POST', body: new URLSearchParams(pairs) })
		const bulkStatus = await postMany([
			['intent', 'bulk-status'],
			['leadId', bulkLead.id],
			['status', 'hot'],
		])
		expect(bulkStatus.status).toBe(allowed('bulk-status') ? 200 : 403)
		const bulkAssign = await postMany([
			['intent', 'bulk-assign'],
			['leadId', bulkLead.id],
			['assigneeId', otherOfficer.id],
		])
		expect(bulkAssign.status).toBe(allowed('bulk-assign') ? 200 : 403)
		const [bulkAfter] = await handle.db.select().from(leads).where(eq(leads.id, bulkLead.id))
		expect(bulkAfter).toMatchObject(
			allowed('bulk-assign') ? { status: 'hot', assignedTo: otherOfficer.id } : { status: 'new', assignedTo: me },
		)
		const del = await post({ intent: 'delete', leadId: others.id })
		expect(del.status).toBe(allowed('delete') ? 200 : 403)
		expect((await handle.db.select().from(leads).where(eq(leads.id, others.id))).length).toBe(allowed('delete') ? 0 : 1)
		const created = await post({
			intent: 'create',
			firstName: 'Phoned',
			lastName: role,
			email: `phoned-${role}@example.com`,
			phone: '5550001111',
			// docs/decisions/0109: the wizard's program, property type and state.
			loanProgram: 'dscr',
			propertyType: 'single-family',
			transactionType: 'purchase',
			propertyState: 'TX',
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

	test('docs/decisions/0109: a lead made of a contact-form message, for whoever may read messages and add leads', async () => {
		const access = MESSAGE_LEAD[role]
		const [sent] = await handle.db
			.insert(contactMessages)
			.values({ name: `Sender ${role}`, email: `sender-${role}@example.com`, phone: '(512) 555-0142', message: 'Call me' })
			.returning()
		const { action } = await import('./leads.tsx')
		const made = await call(action as never, '/dashboard/leads', {
			method: 'POST',
			body: new URLSearchParams({
				intent: 'create',
				firstName: 'Sender',
				lastName: role,
				email: `sender-${role}@example.com`,
				phone: '(512) 555-0142',
				loanProgram: 'dscr',
				propertyType: 'single-family',
				transactionType: 'purchase',
				propertyState: 'TX',
				contactMessageId: sent!.id,
			}),
		})
		expectAccess(access, made)
		const [after] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, sent!.id))
		expect(after!.leadId === null).toBe(access === 'deny')
		expect(
			(
				await handle.db
					.select()
					.from(leads)
					.where(eq(leads.email, `sender-${role}@example.com`))
			).length,
		).toBe(access === 'deny' ? 0 : 1)
		// The inbox offers "Create lead" exactly to them (whoever reads the inbox may add leads today).
		const { loader } = await import('./messages.tsx')
		const inbox = await call(loader as never, '/dashboard/messages')
		if (MATRIX['messages.tsx']!.loader![role] === 'allow') expect((inbox.body as { canAddLeads: boolean }).canAddLeads).toBe(true)
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
			body: 'written without a factor',
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
		expect(after).toMatchObject({ status: 'new', firstContactedAt: null, assignedTo: null })
		expect(await handle.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toEqual([])
	})
})
