import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { activityActor, appendActivity, type ActivityRecord } from '#app/features/activity/activity-log.server.ts'
import { dayStartIn, parseActivityQuery } from '#app/features/activity/activity-query.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { openSeededApp, routeContext, type SeededApp } from '../../../tests/test-services.ts'
import { loader as exportLoader } from './activity.export.ts'
import { loader } from './activity.tsx'

/** docs/decisions/0087: the Activity screen: filters, keyset pages newest first, and its CSV export (itself logged). */

let { handle, services, admin } = {} as SeededApp
const origin = 'http://localhost:3000'
const leadId = crypto.randomUUID()
const someone = activityActor({ id: 'someone', email: 'someone@example.com', roles: ['user'] }, { ip: '192.0.2.1', userAgent: 'ua' })

beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
	const viewed = (id: string): ActivityRecord => ({ action: { type: 'lead.viewed', details: {} }, subject: { kind: 'lead', id } })
	// 60 entries of someone about other leads, then 3 about one lead.
	await appendActivity(
		handle.db,
		someone,
		Array.from({ length: 60 }, (_, index) => viewed(`other-${index}`)),
	)
	await appendActivity(handle.db, someone, [viewed(leadId), viewed(leadId), viewed(leadId)])
})
afterAll(() => handle.close())

const open = async (search: string) =>
	(await loader({
		request: staffRequest(`${origin}/dashboard/activity${search}`, admin.cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof loader>>

describe('the Activity screen', () => {
	test('pages of 50, newest first, with an Older link by (time, id) that repeats and skips nothing', async () => {
		const first = await open('')
		expect(first.entries).toHaveLength(50)
		const ids = first.entries.map((entry) => entry.id)
		expect(ids).toEqual([...ids].sort((a, b) => b - a))
		expect(first.olderHref).toMatch(/^\/dashboard\/activity\?before=/)
		const second = await open(first.olderHref!.replace('/dashboard/activity', ''))
		expect(second.entries[0]!.id).toBeLessThan(ids.at(-1)!)
		const all = new Set([...ids, ...second.entries.map((entry) => entry.id)])
		expect(all.size).toBe(first.entries.length + second.entries.length)
		expect(second.newestHref).toBe('/dashboard/activity')
	})

	test('filters by person, action, lead and time range', async () => {
		const byLead = await open(`?lead=${leadId}&action=lead.viewed&person=someone`)
		expect(byLead.entries).toHaveLength(3)
		expect(byLead.entries.every((entry) => entry.subjectId === leadId && entry.actorId === 'someone')).toBe(true)
		expect((await open(`?lead=${leadId}&action=lead.deleted`)).entries).toHaveLength(0)
		expect((await open(`?lead=${leadId}&person=${admin.user.id}`)).entries).toHaveLength(0)
		expect((await open(`?lead=${leadId}&to=2000-01-01`)).entries).toHaveLength(0)
		expect((await open(`?lead=${leadId}&from=2000-01-01&to=2999-12-31`)).entries).toHaveLength(3)
	})

	test('a day starts at midnight in the office zone', () => {
		expect(dayStartIn('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z')
		expect(dayStartIn('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z')
		expect(parseActivityQuery(new URLSearchParams('action=nope&from=2026-02-31x&before=bad'))).toMatchObject({
			action: null,
			from: null,
			before: null,
		})
	})

	test('the export holds the filtered entries and is itself logged with its filters and row count', async () => {
		const response = (await exportLoader({
			request: staffRequest(`${origin}/dashboard/activity/export?lead=${leadId}`, admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		const lines = (await response.text()).trim().split('\r\n')
		expect(lines).toHaveLength(4)
		expect(lines.slice(1).every((line) => line.includes(leadId) && line.includes('someone@example.com'))).toBe(true)
		expect(await lastActivity(handle.db, 'activity.exported')).toMatchObject({
			actorEmail: admin.email,
			ip: '203.0.113.10',
			details: { leadId, actorId: null, action: null, from: null, to: null, rows: 3 },
		})
	})
})
