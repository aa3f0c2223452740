import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { dataRequests, outbox } from '#db/schema.ts'
import { DATA_REQUEST_MESSAGES } from '#app/features/data-requests/data-request-schema.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { INVISIBLE_TEXT_MESSAGE } from '#app/features/validation/safe-text.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { seedBorrower } from '../../../tests/data-request-fixtures.ts'
import { routeContext } from '../../../tests/test-services.ts'
import { openSeededApp } from '../../../tests/test-services.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { action as exportAction } from './data-requests.export.ts'
import { action, loader } from './data-requests.tsx'

let handle: DatabaseHandle
let services: AppServices
let admin: { cookie: string; email: string }
beforeAll(async () => {
	const app = await openSeededApp({ admin: true })
	handle = app.handle
	services = app.services
	admin = app.admin
})
afterAll(() => handle.close())

const url = 'http://localhost:3000/dashboard/data-requests'
type Answer = { ok: boolean; message?: string; errors?: Record<string, string> }

async function post(fields: Record<string, string | string[]>, target = action) {
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
	try {
		const result = await target({
			request: staffRequest(url, admin.cookie, { method: 'POST', body }),
			context: routeContext(services),
			params: {},
		} as never)
		if (result instanceof Response) return { status: result.status, body: null as Answer | null, response: result }
		const { data, init } = result as unknown as { data: Answer; init: ResponseInit | null }
		return { status: init?.status ?? 200, body: data, response: null }
	} catch (thrown) {
		if (!(thrown instanceof Response)) throw thrown
		return { status: thrown.status, body: null, response: thrown }
	}
}

const load = async (search = '') =>
	(await loader({
		request: staffRequest(`${url}${search}`, admin.cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof loader>>

const today = () => dayInTimeZone(new Date(), 'America/New_York')

async function recorded(fields: Record<string, string> = {}) {
	const answer = await post({
		intent: 'record',
		type: 'delete',
		receivedOn: today(),
		channel: 'email',
		email: 'route@example.com',
		phone: '',
		...fields,
	})
	expect(answer.status).toBe(302)
	return answer.response!.headers.get('Location')!.split('id=')[1]!
}

describe('the Data requests screen (docs/decisions/0091)', () => {
	test('a request without a way to reach the requester, or with bad fields, is refused field by field and nothing is stored', async () => {
		const answer = await post({ intent: 'record', type: 'sell', receivedOn: '2026-02-30', channel: 'fax', email: '', phone: '' })
		expect(answer).toMatchObject({
			status: 422,
			body: {
				ok: false,
				errors: {
					type: 'Choose what the requester asks for',
					receivedOn: 'Enter the day the request was received (YYYY-MM-DD)',
					channel: 'Choose how the request came',
					email: DATA_REQUEST_MESSAGES.contactNeeded,
				},
			},
		})
		const hidden = await post({
			intent: 'record',
			type: 'know',
			receivedOn: today(),
			channel: 'email',
			email: 'a\u202e@example.com',
			phone: '',
		})
		expect(hidden.body?.errors).toEqual({ email: INVISIBLE_TEXT_MESSAGE })
		const future = await post({
			intent: 'record',
			type: 'know',
			receivedOn: '2999-01-01',
			channel: 'email',
			email: 'a@example.com',
			phone: '',
		})
		expect(future.body?.errors).toEqual({ receivedOn: DATA_REQUEST_MESSAGES.receivedInFuture })
		expect(await handle.db.select().from(dataRequests)).toEqual([])
	})

	test('recorded, it opens with its clock; verified, acknowledged and searched, each step is logged', async () => {
		const jane = await seedBorrower(handle.db)
		const id = await recorded({ email: jane.email, phone: jane.phone })
		const opened = (await load(`?id=${id}`)).opened!
		expect(opened).toMatchObject({ type: 'delete', level: 'unverified', receivedOn: today() })
		expect(opened.steps.map((step) => step.step)).toEqual(['recorded'])

		expect((await post({ intent: 'verify', id, points: ['email', 'bogus'] })).body?.errors).toEqual({
			points: 'Choose data points from the list',
		})
		expect((await post({ intent: 'verify', id, points: ['email', 'phone'] })).body).toMatchObject({ ok: true })
		expect((await load(`?id=${id}`)).opened!.level).toBe('categories')
		expect((await post({ intent: 'acknowledge', id })).body).toMatchObject({ ok: true, message: DATA_REQUEST_MESSAGES.acknowledged })

		const screen = await load(`?id=${id}&search=1`)
		expect(screen.found!.leads.map((lead) => lead.id).sort()).toEqual([jane.byEmail.id, jane.byPhone.id].sort())
		expect(await lastActivity(handle.db, 'data_request.searched', id)).toMatchObject({ actorEmail: admin.email })

		expect((await post({ intent: 'erase', id, reason: 'short' })).body?.errors).toEqual({
			reason: 'Say why the data is erased (at least 10 characters)',
		})
		const erased = await post({ intent: 'erase', id, reason: 'Verified delete request' })
		expect(erased.body?.message?.split('\n')[0]).toBe(
			`${DATA_REQUEST_MESSAGES.erased}. We deleted your personal data from 2 quote requests and 1 contact message, and the copies of e-mails and notifications about them.`,
		)
		expect((await load(`?id=${id}&search=1`)).found!.leads).toEqual([])
	})

	test('the export downloads JSON or an HTML page for a requester verified for specific pieces, and is logged', async () => {
		const jane = await seedBorrower(handle.db)
		const id = await recorded({ type: 'know', email: jane.email, phone: jane.phone })
		const refused = await post({ id, format: 'json' }, exportAction as never)
		expect(refused).toMatchObject({ status: 409, body: { ok: false, errors: { form: DATA_REQUEST_MESSAGES.needsSpecific } } })
		await post({ intent: 'verify', id, points: ['email', 'phone', 'name'], declaration: 'on' })
		const json = await post({ id, format: 'json' }, exportAction as never)
		expect(json.response!.headers.get('Content-Disposition')).toBe(`attachment; filename="personal-data-${id}.json"`)
		// Personal data: never kept by a cache, never sniffed into another type.
		expect(
			Object.fromEntries(
				['Content-Type', 'Cache-Control', 'X-Content-Type-Options'].map((name) => [name, json.response!.headers.get(name)]),
			),
		).toEqual({
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
		})
		const document = (await json.response!.json()) as { categories: { leads: Array<{ id: string }> } }
		expect(document.categories.leads.map((lead) => lead.id).sort()).toEqual([jane.byEmail.id, jane.byPhone.id].sort())
		const html = await post({ id, format: 'html' }, exportAction as never)
		expect(html.response!.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
		// Ten rows as before, the borrower's note and task note (docs/decisions/0107) and a funded loan (docs/decisions/0123).
		expect(await lastActivity(handle.db, 'data_request.exported', id)).toMatchObject({ details: { format: 'html', rows: 13 } })
		expect((await post({ id, format: 'pdf' }, exportAction as never)).body?.errors).toEqual({ format: 'Choose JSON or HTML' })
	})

	test('an admin edits the requester’s e-mails; an unknown placeholder is refused; the next e-mail uses the new text', async () => {
		const templates = (await load()).templates
		const fields = (overrides: Record<string, string>) => ({
			intent: 'templates',
			'acknowledged.subject': templates.acknowledged.subject,
			'acknowledged.body': templates.acknowledged.body,
			'extended.subject': templates.extended.subject,
			'extended.body': templates.extended.body,
			'answered.subject': templates.answered.subject,
			'answered.body': templates.answered.body,
			...overrides,
		})
		expect((await post(fields({ 'acknowledged.subject': 'Hello {firstName}' }))).body?.errors).toEqual({
			'acknowledged.subject': 'Use only these placeholders: {company}, {requestType}, {receivedOn}, {answerDue}, {reason}, {details}',
		})
		expect((await post(fields({ 'acknowledged.subject': 'Got it: {requestType} request of {receivedOn}' }))).body).toMatchObject({
			ok: true,
			message: DATA_REQUEST_MESSAGES.templatesSaved,
		})
		expect(await lastActivity(handle.db, 'content.published', 'dataRequestMail')).toBeDefined()
		const id = await recorded({ email: 'templated@example.com' })
		await post({ intent: 'acknowledge', id })
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'data-request.acknowledged'))
		const mine = mails
			.map((mail) => mail.payload as { to: string[]; subject: string })
			.find((mail) => mail.to[0] === 'templated@example.com')
		expect(mine?.subject).toBe(`Got it: delete request of ${today()}`)
	})

	test('each request’s clock: extended it runs 90 days; acknowledged, then closed, it is overdue for nothing', async () => {
		const id = await recorded({ type: 'know', receivedOn: '2020-01-06' })
		const clock = async () => (await load(`?id=${id}`)).opened!.clock
		expect(await clock()).toMatchObject({ answerDue: '2020-02-20', acknowledgementOverdue: true, answerOverdue: true })
		await post({ intent: 'extend', id, reason: 'Archive records must be pulled' })
		expect((await clock()).answerDue).toBe('2020-04-05')
		await post({ intent: 'acknowledge', id })
		expect(await clock()).toMatchObject({ acknowledgementOverdue: false, answerOverdue: true })
		await post({ intent: 'close', id, outcome: 'answered', reply: '' })
		expect(await clock()).toMatchObject({ acknowledgementOverdue: false, answerOverdue: false })
		expect((await load()).requests.find((request) => request.id === id)?.clock.answerOverdue).toBe(false)
	})

	test('the form says the deadlines of a request received today: 45 days for the answer', async () => {
		const in45Days = new Date(Date.parse(`${today()}T00:00:00Z`) + 45 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
		expect((await load()).deadlinesOfToday.answerDue).toBe(in45Days)
	})

	test('extending needs a reason; closing ends the request; an unknown request says so', async () => {
		const id = await recorded({ type: 'correct' })
		expect((await post({ intent: 'extend', id, reason: '' })).body?.errors).toEqual({
			reason: 'Say why more time is needed (at least 10 characters)',
		})
		expect((await post({ intent: 'extend', id, reason: 'Archive records must be pulled' })).body).toMatchObject({ ok: true })
		expect((await post({ intent: 'close', id, outcome: 'answered', reply: 'Your phone number was corrected.' })).body).toMatchObject({
			ok: true,
		})
		expect((await load(`?id=${id}`)).opened).toMatchObject({ status: 'closed', outcome: 'answered' })
		const unknown = '00000000-0000-4000-8000-0000000000ff'
		expect(await post({ intent: 'acknowledge', id: unknown })).toMatchObject({
			status: 404,
			body: { errors: { form: DATA_REQUEST_MESSAGES.noSuchRequest } },
		})
		expect((await load(`?id=${unknown}`)).missing).toBe(true)
	})
})
