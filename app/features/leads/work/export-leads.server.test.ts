import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leadActivity, leadFundings, leadNotes, leads } from '#db/schema.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { type SeededApp, openSeededApp } from '../../../../tests/test-services.ts'
import { exportLeadsCsv } from './export-leads.server.ts'

let app: SeededApp
beforeAll(async () => {
	app = await openSeededApp({ admin: true })
})
afterAll(() => app.handle.close())

const filter = (search: string) => ({ search, statuses: [], assigned: undefined })

describe('the leads export streams in batches (docs/decisions/0060)', () => {
	test('every matching lead once, newest first, across batches and ties in time; each logged once as exported', async () => {
		const tag = 'streamtag'
		const tie = new Date('2026-11-20T10:00:00.123Z')
		for (let i = 0; i < 4; i++) await insertTestLead(app.handle.db, { lastName: `${tag}-tie-${i}` })
		// Four leads created in the same microsecond: only the id orders them.
		await app.handle.db
			.update(leads)
			.set({ createdAt: tie })
			.where(sql`${leads.lastName} like ${`${tag}-tie-%`}`)
		for (let i = 0; i < 5; i++) await insertTestLead(app.handle.db, { lastName: `${tag}-${i}`, minutesAgo: i })
		const expected = (
			await app.handle.db
				.select({ id: leads.id })
				.from(leads)
				.where(sql`${leads.lastName} like ${`${tag}%`}`)
				.orderBy(sql`${leads.createdAt} desc, ${leads.id} desc`)
		).map((row) => row.id)
		expect(expected).toHaveLength(9)

		const actor = testActor({ id: app.admin.user.id, email: app.admin.email })
		const bytes = Buffer.from(await new Response(exportLeadsCsv(app.handle.db, actor, filter(tag), { batchSize: 2 })).arrayBuffer())
		// A byte-order mark first, so spreadsheet programs read UTF-8.
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const text = bytes.subarray(3).toString('utf8')
		expect(text.startsWith('ID,Created At,')).toBe(true)
		expect(text.match(/^[0-9a-f-]{36}(?=,)/gm)).toEqual(expected)

		const logged = await app.handle.db
			.select({ leadId: leadActivity.leadId, detail: leadActivity.detail })
			.from(leadActivity)
			.where(
				and(
					eq(leadActivity.action, 'exported'),
					sql`${leadActivity.leadId} in (${sql.join(
						expected.map((id) => sql`${id}::uuid`),
						sql`, `,
					)})`,
				),
			)
		expect(logged.map((row) => row.leadId).sort()).toEqual([...expected].sort())
		expect(logged.every((row) => (row.detail as { rows: number }).rows === 9)).toBe(true)
	})

	// docs/decisions/0123: what a partner's report asks back of a closed lead.
	test('a funded lead ends with its amount, note rate, points and the day it funded; another lead leaves them empty', async () => {
		const tag = 'fundedtag'
		const funded = await insertTestLead(app.handle.db, { lastName: `${tag}-funded`, status: 'closed' })
		await insertTestLead(app.handle.db, { lastName: `${tag}-open`, minutesAgo: 1 })
		await app.handle.db
			.insert(leadFundings)
			.values({ leadId: funded.id, amount: 450_000, rate: 7.125, points: 0.5, fundedOn: '2026-11-20' })
		const actor = testActor({ id: app.admin.user.id, email: app.admin.email })
		const text = await new Response(exportLeadsCsv(app.handle.db, actor, filter(tag))).text()
		const [header, ...rows] = text
			.replace(/^\uFEFF/, '')
			.trimEnd()
			.split('\r\n')
		expect(header!.endsWith(',Funded Amount,Funded Note Rate,Funded Points,Funded On')).toBe(true)
		expect(rows.find((row) => row.includes(`${tag}-funded`))!.endsWith(',450000,7.125,0.5,2026-11-20')).toBe(true)
		expect(rows.find((row) => row.includes(`${tag}-open`))!.endsWith(',,,,')).toBe(true)
	})

	test('the Assigned filter holds in the export: unassigned and my leads each give their own', async () => {
		const tag = 'assignedtag'
		await insertTestLead(app.handle.db, { lastName: `${tag}-free` })
		const taken = await insertTestLead(app.handle.db, { lastName: `${tag}-taken` })
		await app.handle.db.update(leads).set({ assignedTo: app.admin.user.id }).where(eq(leads.id, taken.id))
		const actor = testActor({ id: app.admin.user.id, email: app.admin.email })
		const exported = async (assigned: 'me' | 'unassigned') => {
			const text = await new Response(exportLeadsCsv(app.handle.db, actor, { search: tag, statuses: [], assigned })).text()
			return [...new Set(text.match(/assignedtag-\w+/g))]
		}
		expect(await exported('unassigned')).toEqual([`${tag}-free`])
		expect(await exported('me')).toEqual([`${tag}-taken`])
	})

	test('a download given up on stops the export without an error (a cancelled stream never receives another chunk)', async () => {
		const tag = 'canceltag'
		for (let i = 0; i < 12; i++) await insertTestLead(app.handle.db, { lastName: `${tag}-${i}`, minutesAgo: i })
		const actor = testActor({ id: app.admin.user.id, email: app.admin.email })
		const uncaught: unknown[] = []
		const onUncaught = (error: unknown) => uncaught.push(error)
		process.on('uncaughtException', onUncaught)
		try {
			for (const readFirst of [true, false]) {
				const reader = exportLeadsCsv(app.handle.db, actor, filter(tag), { batchSize: 1 }).getReader()
				if (readFirst) expect((await reader.read()).done).toBe(false)
				await reader.cancel()
				// Give the producer time to run into the closed stream, batch after batch.
				for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 10))
			}
		} finally {
			process.off('uncaughtException', onUncaught)
		}
		expect(uncaught).toEqual([])
	})
})

describe('a large export leaves no listener behind', () => {
	test('exports of many batches, again and again, raise no MaxListenersExceededWarning', async () => {
		const tag = 'bigexport'
		const count = 300
		const batchSize = 100
		// Rows of a few kilobytes, as real leads with every answer are: the reader holds the stream back many times.
		const rows = Array.from({ length: count }, (_, i) => ({
			firstName: 'Big',
			lastName: `${tag}-${i}`,
			status: 'new' as const,
			email: `${tag}-${i}@example.com`,
			emailNormalized: `${tag}-${i}@example.com`,
			phone: '(555) 010-0000',
			phoneNormalized: '5550100000',
			createdAt: new Date(Date.now() - i * 1_000),
		}))
		const inserted = await app.handle.db.insert(leads).values(rows).returning({ id: leads.id })
		// docs/decisions/0107: the notes, a few kilobytes a lead, are in their own table now.
		await app.handle.db
			.insert(leadNotes)
			.values(inserted.map(({ id }) => ({ leadId: id, authorName: 'Olive', body: `Called twice; wants a 30-year fixed. `.repeat(100) })))
		const actor = testActor({ id: app.admin.user.id, email: app.admin.email })
		const warnings: string[] = []
		const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
		process.on('warning', onWarning)
		try {
			for (let run = 0; run < 3; run++) {
				const text = await new Response(exportLeadsCsv(app.handle.db, actor, filter(tag), { batchSize })).text()
				expect(text.match(/^[0-9a-f-]{36}(?=,)/gm)).toHaveLength(count)
			}
			// Warnings are emitted on the next tick.
			await new Promise((resolve) => setTimeout(resolve, 50))
		} finally {
			process.off('warning', onWarning)
		}
		expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([])
	})
})
