import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { activityActor, appendActivity, type ActivityRecord } from '#app/features/activity/activity-log.server.ts'
import { dayStartIn, parseActivityQuery } from '#app/features/activity/activity-query.ts'
import { canonicalContent } from '#app/features/activity/activity-entry.ts'
import { activityLog } from '#db/schema.ts'
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

/** A viewing of the lead written at `at` (the chain trigger hashes it as any other): the log's past, without waiting for it. */
async function entryAt(at: Date, lead: string) {
	const subject = { kind: 'lead', id: lead }
	await handle.db.insert(activityLog).values({
		at,
		actorId: someone.id,
		actorEmail: someone.email,
		actorRoles: someone.roles,
		ip: someone.ip,
		userAgent: someone.userAgent,
		action: 'lead.viewed',
		subjectKind: subject.kind,
		subjectId: subject.id,
		details: {},
		canonical: canonicalContent({
			at,
			actor: { id: someone.id, email: someone.email, roles: someone.roles },
			ip: someone.ip,
			userAgent: someone.userAgent,
			action: 'lead.viewed',
			subject,
			details: {},
		}),
	})
}

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

	test('the lead filter finds entries about that lead only, not another kind of subject that has the same id', async () => {
		const id = crypto.randomUUID()
		await appendActivity(handle.db, someone, [
			{ action: { type: 'lead.viewed', details: {} }, subject: { kind: 'lead', id } },
			{ action: { type: 'user.disabled', details: { disabled: true } }, subject: { kind: 'user', id } },
		])
		const found = (await open(`?lead=${id}`)).entries
		expect(found.map((entry) => [entry.subjectKind, entry.action])).toEqual([['lead', 'lead.viewed']])
	})

	test('the Older, Newest and export links keep every filter, the To day included', async () => {
		const filters = 'person=someone&action=lead.viewed&from=2000-01-01&to=2999-12-31'
		const first = await open(`?${filters}`)
		expect(first.exportHref).toBe(`/dashboard/activity/export?${filters}`)
		expect(first.olderHref).toMatch(new RegExp(`^/dashboard/activity\\?${filters}&before=`))
		const second = await open(first.olderHref!.replace('/dashboard/activity', ''))
		expect(second.newestHref).toBe(`/dashboard/activity?${filters}`)
	})

	test('the range includes its last day: entries of today are found with today as both From and To', async () => {
		const { timeZone } = await services.content.get('settings')
		const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
		expect((await open(`?lead=${leadId}&from=${today}&to=${today}`)).entries).toHaveLength(3)
		expect((await open(`?lead=${leadId}&to=${today}`)).entries).toHaveLength(3)
	})

	test('From and To are days in the office zone: an entry half an hour before its midnight is the day before', async () => {
		const { timeZone } = await services.content.get('settings')
		expect(timeZone).toBe('America/New_York')
		const lead = crypto.randomUUID()
		const midnight = dayStartIn('2026-01-15', timeZone).getTime()
		const late14th = new Date(midnight - 30 * 60_000)
		const early15th = new Date(midnight + 30 * 60_000)
		await entryAt(late14th, lead)
		await entryAt(early15th, lead)
		const times = async (search: string) => (await open(`?lead=${lead}${search}`)).entries.map((entry) => new Date(entry.at).toISOString())
		expect(await times('&from=2026-01-15')).toEqual([early15th.toISOString()])
		expect(await times('&to=2026-01-14')).toEqual([late14th.toISOString()])
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

	test('the export escapes a cell a spreadsheet would run as a formula (a user agent is whatever the browser sent)', async () => {
		const lead = crypto.randomUUID()
		const forged = activityActor(
			{ id: 'someone', email: 'someone@example.com', roles: ['user'] },
			{ ip: '192.0.2.9', userAgent: '=HYPERLINK("http://evil","x")' },
		)
		await appendActivity(handle.db, forged, [{ action: { type: 'lead.viewed', details: {} }, subject: { kind: 'lead', id: lead } }])
		const response = (await exportLoader({
			request: staffRequest(`${origin}/dashboard/activity/export?lead=${lead}`, admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		const text = await response.text()
		expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`)
		expect(text).not.toContain(',"=HYPERLINK')
	})

	test('the export names its columns, writes each entry column by column, starts at the newest whatever the cursor, and is not cached', async () => {
		const response = (await exportLoader({
			request: staffRequest(
				`${origin}/dashboard/activity/export?person=someone&action=lead.viewed&lead=${leadId}&before=2000-01-01T00:00:00.000Z_1`,
				admin.cookie,
			),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/)
		const lines = (await response.text()).trim().split('\r\n')
		expect(lines[0]).toBe('Time (UTC),Person,Roles,IP address,User agent,Action,Subject,Subject id,Details,Entry,Hash')
		// The cursor of a page is not the export's: all three entries about the lead are in it.
		expect(lines).toHaveLength(4)
		const cells = lines[1]!.split(',')
		expect(cells.slice(1, 8)).toEqual(['someone@example.com', 'user', '192.0.2.1', 'ua', 'lead.viewed', 'lead', leadId])
		expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
		expect(cells[8]).toBe('{}')
		expect(cells[10]).toMatch(/^[0-9a-f]{64}$/)
		const ids = lines.slice(1).map((line) => Number(line.split(',')[9]))
		expect(ids).toEqual(ids.toSorted((a, b) => b - a))
		expect((await lastActivity(handle.db, 'activity.exported'))?.details).toEqual({
			leadId,
			actorId: 'someone',
			action: 'lead.viewed',
			from: null,
			to: null,
			rows: 3,
		})
	})

	test('an export with a time range is logged with both of its days, as asked', async () => {
		await exportLoader({
			request: staffRequest(`${origin}/dashboard/activity/export?lead=${leadId}&from=2000-01-01&to=2999-12-31`, admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)
		expect((await lastActivity(handle.db, 'activity.exported'))?.details).toEqual({
			leadId,
			actorId: null,
			action: null,
			from: '2000-01-01',
			to: '2999-12-31',
			rows: 3,
		})
	})
})
