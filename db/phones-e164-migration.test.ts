import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { contactMessages, leads } from '#db/schema.ts'
import { insertTestLead } from '../tests/lead-test-data.ts'
import { openSeededApp, type SeededApp } from '../tests/test-services.ts'

// docs/decisions/0077: the migration that rewrites the phones stored before every phone was stored in E.164.
const MIGRATION = readFileSync(new URL('../drizzle/0015_phones_e164.sql', import.meta.url), 'utf8')

let { handle } = {} as SeededApp
beforeAll(async () => {
	;({ handle } = await openSeededApp())
})
afterAll(() => handle.close())

test('US numbers however they were stored become E.164; anything else is left as it was', async () => {
	const typed = ['(949) 555-0123', '949.555.0124', '1-949-555-0125', '+1 949 555 0126', '+19495550127', '+44 20 7946 0958', '555-0199']
	for (const phone of typed) await insertTestLead(handle.db, { phone })
	await handle.db
		.insert(contactMessages)
		.values({ name: 'Jane', email: 'jane@example.com', phone: '(949) 555-0128', message: 'A question.' })
	// Twice: a migration that runs again (a restore) changes nothing more.
	for (let run = 0; run < 2; run++)
		for (const statement of MIGRATION.split('--> statement-breakpoint')) await handle.db.execute(sql.raw(statement))
	const phones = (await handle.db.select({ phone: leads.phone }).from(leads)).map((row) => row.phone).sort()
	expect(phones).toEqual(
		['+19495550123', '+19495550124', '+19495550125', '+19495550126', '+19495550127', '+44 20 7946 0958', '555-0199'].sort(),
	)
	expect((await handle.db.select({ phone: contactMessages.phone }).from(contactMessages)).map((row) => row.phone)).toEqual(['+19495550128'])
})
