import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { contentEntries } from '#db/schema.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { overviewFigures } from './overview.server.ts'

/** The dashboard overview's figures (docs/decisions/0036): the daily chart and the short-to-long conversion. */

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

test('no conversion rate before any short form; then long forms over short forms, a long form being a short form too', async () => {
	const before = await overviewFigures(services)
	expect(before.conversion).toEqual({ shortForms: 0, longForms: 0, rate: null })
	await insertTestLead(handle.db, { formCompletionStatus: 'short_form' })
	await insertTestLead(handle.db, { formCompletionStatus: 'short_form' })
	await insertTestLead(handle.db, { formCompletionStatus: 'long_form' })
	await insertTestLead(handle.db, { formCompletionStatus: 'long_form' })
	const after = await overviewFigures(services)
	expect(after.conversion).toEqual({ shortForms: 4, longForms: 2, rate: 0.5 })
})

test('the chart shows the last 30 days, today last', async () => {
	const { dailyLeads } = await overviewFigures(services)
	expect(dailyLeads).toHaveLength(30)
	expect(dailyLeads.at(-1)!.leads).toBeGreaterThanOrEqual(4)
})

test('content items count what the public site says: the retention policy and the data-request e-mails are not content', async () => {
	await handle.db.delete(contentEntries).where(inArray(contentEntries.key, ['retention', 'dataRequestMail']))
	const before = (await overviewFigures(services)).contentItems
	await handle.db.insert(contentEntries).values([
		{ key: 'retention', data: {} },
		{ key: 'dataRequestMail', data: {} },
	])
	expect((await overviewFigures(services)).contentItems).toBe(before)
	await handle.db.insert(contentEntries).values({ key: 'overview-test-page', data: {} })
	expect((await overviewFigures(services)).contentItems).toBe(before + 1)
})
