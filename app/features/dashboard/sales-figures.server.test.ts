import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { users } from '#db/schema.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { salesFigures } from './sales-figures.server.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

const minutes = (count: number) => count * 60_000

test('the pipeline by status, leads by source and campaign, and each officer’s open leads and median time to first contact', async () => {
	const jane = (await signedInStaff(services, ['user'])).user
	const bob = (await signedInStaff(services, ['user'])).user
	await handle.db.update(users).set({ name: 'Jane Doe' }).where(eq(users.id, jane.id))
	await handle.db.update(users).set({ name: 'Bob Ray' }).where(eq(users.id, bob.id))
	const google = { firstTouch: { at: new Date().toISOString(), utm_source: 'google', utm_campaign: 'dscr-spring' } }
	const contactedAfter = (waited: number) => ({ minutesAgo: 60, firstContactedAt: new Date(Date.now() - minutes(60) + minutes(waited)) })
	// Jane: three open leads (contacted after 10, 20 and 60 minutes) and one closed; Bob: one lost, never contacted.
	await insertTestLead(handle.db, { assignedTo: jane.id, status: 'contacted', attribution: google, ...contactedAfter(10) })
	await insertTestLead(handle.db, { assignedTo: jane.id, status: 'hot', attribution: google, ...contactedAfter(20) })
	await insertTestLead(handle.db, { assignedTo: jane.id, status: 'new', ...contactedAfter(60) })
	await insertTestLead(handle.db, { assignedTo: jane.id, status: 'closed' })
	await insertTestLead(handle.db, {
		assignedTo: bob.id,
		status: 'lost',
		attribution: { firstTouch: { at: new Date().toISOString(), referrer: 'https://biggerpockets.com/' } },
	})
	await insertTestLead(handle.db, { status: 'new' })
	const figures = await salesFigures(handle.db)
	const pipeline = Object.fromEntries(figures.pipeline.map((row) => [row.status, row.leads]))
	expect(pipeline).toMatchObject({ new: 2, contacted: 1, hot: 1, closed: 1, lost: 1, qualified: 0 })
	expect(figures.sources).toEqual([
		{ source: 'Direct', campaign: '', leads: 3 },
		{ source: 'google', campaign: 'dscr-spring', leads: 2 },
		{ source: 'Referral', campaign: '', leads: 1 },
	])
	const byName = Object.fromEntries(figures.officers.map((officer) => [officer.name, officer]))
	expect(byName['Jane Doe']).toMatchObject({ openLeads: 3, contacted: 3 })
	// The middle of 10, 20 and 60 minutes (each lead's creation time is read from the clock a moment apart).
	expect(Math.abs(byName['Jane Doe']!.medianMs! - minutes(20))).toBeLessThan(5_000)
	expect(byName['Bob Ray']).toMatchObject({ openLeads: 0, contacted: 0, medianMs: null })
})

test('an officer’s open leads leave out every finished status: Closed, Lost, DNQ and N/I (not interested)', async () => {
	const cara = (await signedInStaff(services, ['user'])).user
	await handle.db.update(users).set({ name: 'Cara Open' }).where(eq(users.id, cara.id))
	for (const status of ['new', 'attempted', 'contacted', 'qualified', 'hot', 'closed', 'lost', 'dnq', 'ni'])
		await insertTestLead(handle.db, { assignedTo: cara.id, status })
	const figures = await salesFigures(handle.db)
	expect(figures.officers.find((officer) => officer.name === 'Cara Open')).toMatchObject({ openLeads: 5 })
})

const DAY_MINUTES = 24 * 60

test('sources and the time to first contact count the last 30 days’ leads only (docs/decisions/0108)', async () => {
	const dana = (await signedInStaff(services, ['user'])).user
	await handle.db.update(users).set({ name: 'Dana Window' }).where(eq(users.id, dana.id))
	const touch = (utm_source: string) => ({ firstTouch: { at: new Date().toISOString(), utm_source, utm_campaign: 'window' } })
	const lead = (daysAgo: number, waited: number, source: string) => {
		const minutesAgo = daysAgo * DAY_MINUTES
		const firstContactedAt = new Date(Date.now() - minutes(minutesAgo) + minutes(waited))
		return insertTestLead(handle.db, { assignedTo: dana.id, status: 'contacted', attribution: touch(source), minutesAgo, firstContactedAt })
	}
	// 31 days ago (outside), 29 days ago (inside): waited 10 and 30 minutes.
	await lead(31, 10, 'old-flyer')
	await lead(29, 30, 'recent-flyer')
	const figures = await salesFigures(handle.db)
	expect(figures.sources).toContainEqual({ source: 'recent-flyer', campaign: 'window', leads: 1 })
	expect(figures.sources.map((row) => row.source)).not.toContain('old-flyer')
	const officer = figures.officers.find((row) => row.name === 'Dana Window')!
	expect(officer).toMatchObject({ openLeads: 2, contacted: 1 })
	expect(Math.abs(officer.medianMs! - minutes(30))).toBeLessThan(5_000)
})

test('an empty utm_source is no source: the referrer’s “Referral”, else “Direct”', async () => {
	await insertTestLead(handle.db, {
		attribution: { firstTouch: { at: new Date().toISOString(), utm_source: '', utm_campaign: 'blank-a' } },
	})
	await insertTestLead(handle.db, {
		attribution: {
			firstTouch: { at: new Date().toISOString(), utm_source: '', utm_campaign: 'blank-b', referrer: 'https://example.org/' },
		},
	})
	const { sources } = await salesFigures(handle.db)
	expect(sources).toContainEqual({ source: 'Direct', campaign: 'blank-a', leads: 1 })
	expect(sources).toContainEqual({ source: 'Referral', campaign: 'blank-b', leads: 1 })
})

test('at most 12 sources are listed, the most leads first', async () => {
	for (let index = 0; index < 13; index++)
		await insertTestLead(handle.db, { attribution: { firstTouch: { at: new Date().toISOString(), utm_source: `src-${index}` } } })
	const { sources } = await salesFigures(handle.db)
	expect(sources).toHaveLength(12)
	const counts = sources.map((row) => row.leads)
	expect(counts).toEqual([...counts].sort((a, b) => b - a))
})
