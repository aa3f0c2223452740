import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contactMessages, leads } from '#db/schema.ts'
import { routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action as messagesAction, loader as messagesLoader } from './messages.tsx'
import { loader } from './overview.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const lead = (daysAgo: number, status: 'short_form' | 'long_form' | null) => ({
	firstName: 'A',
	lastName: 'B',
	email: 'a@example.com',
	phone: '9495550100',
	formCompletionStatus: status,
	createdAt: sql`now() - make_interval(days => ${daysAgo})` as unknown as Date,
})

describe('overview', () => {
	test('shows real counts, leads per day for 30 days and the short-to-long conversion', async () => {
		await signedInStaff(services, ['user'])
		await handle.db
			.insert(leads)
			.values([
				lead(0, 'short_form'),
				lead(0, 'long_form'),
				lead(2, 'long_form'),
				lead(3, 'short_form'),
				lead(40, 'long_form'),
				lead(1, null),
			])
		const figures = (await loader({
			request: staffRequest('http://localhost:3000/dashboard', admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Awaited<ReturnType<typeof loader>>
		expect(figures.totalUsers).toBe(2)
		expect(figures.adminUsers).toBe(1)
		expect(figures.activeSessions).toBe(2)
		// Seven records (company, hero, loan products, testimonials, fundings, settings, rate sheet) and three testimonials.
		expect(figures.contentItems).toBe(7 + 3)
		expect(figures.dailyLeads).toHaveLength(30)
		expect(figures.dailyLeads.at(-1)!.leads).toBe(2)
		expect(figures.dailyLeads.reduce((sum, day) => sum + day.leads, 0)).toBe(5)
		expect(figures.conversion).toEqual({ shortForms: 4, longForms: 2, rate: 0.5 })
		expect(figures.system).toEqual({ database: true, authentication: true, storage: true })
	})

	test('admins and managers see it; a loan officer is sent to their leads (docs/decisions/0034)', async () => {
		const moderator = await signedInStaff(services, ['moderator'])
		const officer = await signedInStaff(services, ['user'])
		const load = (cookie: string | null) =>
			loader({ request: staffRequest('http://localhost:3000/dashboard', cookie), context: routeContext(services), params: {} } as never)
		await expect(load(moderator.cookie)).resolves.toMatchObject({ speedToLead: expect.any(Object) })
		// docs/decisions/0090: what the next retention run disposes of is an admin's figure only.
		await expect(load(moderator.cookie)).resolves.toMatchObject({ retention: null })
		await expect(load(admin.cookie)).resolves.toMatchObject({
			retention: { leads: expect.any(Number), contactMessages: 0, consentRecords: 0 },
		})
		await expect(load(officer.cookie)).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) })
		expect(((await load(officer.cookie).catch((thrown: Response) => thrown)) as Response).headers.get('Location')).toBe('/dashboard/leads')
		await expect(
			loader({ request: staffRequest('http://localhost:3000/dashboard', null), context: routeContext(services), params: {} } as never),
		).rejects.toMatchObject({ status: 302 })
	})
})

describe('contact inbox', () => {
	test('messages from the contact page are listed newest first and can be marked read and unread', async () => {
		await handle.db.insert(contactMessages).values([
			{
				name: 'Older',
				email: 'o@example.com',
				phone: '9495550101',
				message: 'First message here',
				createdAt: sql`now() - interval '1 hour'` as unknown as Date,
			},
			{ name: 'Newer', email: 'n@example.com', phone: '9495550102', message: 'Second message here' },
		])
		const load = async () =>
			(await messagesLoader({
				request: staffRequest('http://localhost:3000/dashboard/messages', admin.cookie),
				context: routeContext(services),
				params: {},
			} as never)) as Awaited<ReturnType<typeof messagesLoader>>
		const inbox = await load()
		expect(inbox.messages.map((message) => message.name)).toEqual(['Newer', 'Older'])
		expect(inbox.unread).toBe(2)
		const mark = async (id: string, read: string, cookie: string | null = admin.cookie) =>
			messagesAction({
				request: staffRequest('http://localhost:3000/dashboard/messages', cookie, {
					method: 'POST',
					body: new URLSearchParams({ id, read }),
					headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				}),
				context: routeContext(services),
				params: {},
			} as never)
		await mark(inbox.messages[0]!.id, 'true')
		expect((await load()).unread).toBe(1)
		await mark(inbox.messages[0]!.id, 'false')
		expect((await load()).unread).toBe(2)
		const user = await signedInStaff(services, ['user'])
		await expect(mark(inbox.messages[0]!.id, 'true', user.cookie)).rejects.toMatchObject({ status: 403 })
	})
})
