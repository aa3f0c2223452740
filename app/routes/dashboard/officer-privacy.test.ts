import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leadNotes, leads } from '#db/schema.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { outcome } from '../../../tests/route-outcome.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'

type RouteModule = {
	loader?: (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<unknown>
}

const origin = 'http://localhost:3000'
/** A task's due time as the form posts it: tomorrow, typed on a device in UTC. */
const tomorrowDue = () => ({ due: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16), offset: '0' })

let handle: DatabaseHandle
let services: AppServices
let officer: { id: string; cookie: string }
let manager: { cookie: string }
let otherOfficer: { id: string }
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	const signedIn = await signedInStaff(services, ['user'])
	officer = { id: signedIn.user.id, cookie: signedIn.cookie }
	manager = { cookie: (await signedInStaff(services, ['moderator'])).cookie }
	otherOfficer = (await signedInStaff(services, ['user'])).user
})
afterAll(() => handle.close())

/**
 * docs/decisions/0049: for a loan officer, another officer's lead does not exist. Every intent, the details and the
 * export answer for it exactly what they answer for an id nobody ever used: same status, same body.
 */
describe('an officer learns nothing from another officer’s lead', () => {
	const madeUp = () => crypto.randomUUID()
	const cookie = () => officer.cookie
	const run = (handler: NonNullable<RouteModule['loader']>, url: string, init?: RequestInit) =>
		outcome(() => handler({ request: staffRequest(`${origin}${url}`, cookie(), init), context: routeContext(services), params: {} }))

	test.each([
		['claim', {}],
		['status', { status: 'hot' }],
		['note-add', { body: 'guessed' }],
		['contact', { channel: 'call', outcome: 'connected', summary: 'guessed' }],
		['attempt', { channel: 'call' }],
		['task-add', { kind: 'call_back', ...tomorrowDue() }],
		['assign', { assigneeId: '' }],
		['delete', {}],
		['bulk-assign', { assigneeId: 'nobody' }],
		['bulk-status', { status: 'hot' }],
	] as const)('intent %s', async (intent, fields) => {
		const others = await insertTestLead(handle.db, { firstName: 'Theirs', lastName: intent, assignedTo: otherOfficer.id })
		const { action } = await import('./leads.tsx')
		const post = (leadId: string) =>
			run(action as never, '/dashboard/leads', { method: 'POST', body: new URLSearchParams({ intent, leadId, ...fields }) })
		const answer = await post(others.id)
		expect(answer).toEqual(await post(madeUp()))
		expect(answer.status).not.toBe(200)
		const [after] = await handle.db.select().from(leads).where(eq(leads.id, others.id))
		expect(after).toMatchObject({ status: 'new', firstContactedAt: null, assignedTo: otherOfficer.id })
		expect(await handle.db.select().from(leadNotes).where(eq(leadNotes.leadId, others.id))).toEqual([])
	})

	test('intent note-edit: a note on another officer’s lead answers as a note nobody wrote (docs/decisions/0107)', async () => {
		const others = await insertTestLead(handle.db, { firstName: 'Theirs', lastName: 'note-edit', assignedTo: otherOfficer.id })
		// Written by this very officer while the lead was in the pool, then given to another: it is out of reach now.
		const [note] = await handle.db
			.insert(leadNotes)
			.values({ leadId: others.id, authorId: officer.id, authorName: 'Me', body: 'Before it was reassigned' })
			.returning()
		const { action } = await import('./leads.tsx')
		const post = (noteId: string) =>
			run(action as never, '/dashboard/leads', {
				method: 'POST',
				body: new URLSearchParams({ intent: 'note-edit', noteId, body: 'guessed' }),
			})
		const answer = await post(note!.id)
		expect(answer).toEqual(await post(madeUp()))
		expect(answer.status).toBe(404)
		const [after] = await handle.db.select().from(leadNotes).where(eq(leadNotes.id, note!.id))
		expect(after).toMatchObject({ body: 'Before it was reassigned', editedAt: null })
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
		const officerId = officer.id
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

		const managerCookie = manager.cookie
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
