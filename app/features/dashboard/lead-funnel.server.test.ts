import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { LeadStatus } from '#app/features/leads/model/lead-statuses.ts'
import { updateLeadStatus } from '#app/features/leads/work/update-lead-status.server.ts'
import { saveLeadFunding } from '#app/features/leads/work/lead-funding.server.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { insertTestLead, testActor } from '../../../tests/lead-test-data.ts'
import { leadFunnel } from './lead-funnel.server.ts'
import { DEFAULT_FUNNEL_DAYS, funnelDaysOf, shareOf } from './lead-funnel.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const days = (count: number) => count * 24 * 60
const google = { firstTouch: { at: new Date().toISOString(), utm_source: 'google', utm_campaign: 'dscr-spring' } }
const actor = testActor()
const moveTo = async (leadId: string, ...statuses: LeadStatus[]) => {
	for (const status of statuses) await updateLeadStatus(handle.db, actor, { leadId, status })
}
/** docs/decisions/0123: the closed lead's funded loan, as an officer records it (funded today). */
const fund = async (leadId: string, amount: number) => {
	const input = { leadId, amount, rate: 7.125, points: 1, fundedOn: dayInTimeZone(new Date(), 'UTC') }
	expect(await saveLeadFunding(handle.db, actor, input, { timeZone: 'UTC' })).toMatchObject({ change: 'recorded' })
}

// docs/decisions/0122: one cohort, each lead taken as far as its story goes by the same status changes staff make.
describe('the funnel from lead to closed loan', () => {
	beforeAll(async () => {
		await handle.db.delete(leads)
		// google / dscr-spring: five leads.
		await insertTestLead(handle.db, { attribution: google, minutesAgo: days(2) }) // never touched
		const called = await insertTestLead(handle.db, { attribution: google, minutesAgo: days(3) })
		await moveTo(called.id, 'attempted') // a first contact, no further
		const qualifiedThenLost = await insertTestLead(handle.db, { attribution: google, minutesAgo: days(10) })
		await moveTo(qualifiedThenLost.id, 'contacted', 'qualified', 'lost') // qualified once: still counted qualified
		const closed = await insertTestLead(handle.db, { attribution: google, minutesAgo: days(20) })
		await moveTo(closed.id, 'contacted', 'qualified', 'closed')
		await fund(closed.id, 400_000)
		const closedThenLost = await insertTestLead(handle.db, { attribution: google, minutesAgo: days(25) })
		// A closing that fell through: qualified, not closed, and the loan recorded while it was Closed is no loan.
		await moveTo(closedThenLost.id, 'closed')
		await fund(closedThenLost.id, 900_000)
		await moveTo(closedThenLost.id, 'lost')
		// Direct: a lead entered by staff straight as Closed (no history, no first contact recorded) and a Hot one.
		const enteredClosed = await insertTestLead(handle.db, { status: 'closed', minutesAgo: days(40) })
		await fund(enteredClosed.id, 250_000)
		await insertTestLead(handle.db, { status: 'hot', minutesAgo: days(50) })
		// Older than 90 days, closed: only the 12 months' funnel holds it; its funded loan is not recorded yet.
		await insertTestLead(handle.db, { status: 'closed', attribution: google, minutesAgo: days(200) })
		// Older than a year: in no window.
		await insertTestLead(handle.db, { status: 'closed', minutesAgo: days(400) })
	})

	test('counts each stage a lead reached: contacted, qualified (now or ever), closed (now), and what closed loans funded', async () => {
		const funnel = await leadFunnel(handle.db, 90)
		expect(funnel.days).toBe(90)
		expect(funnel.total).toEqual({ leads: 7, contacted: 6, qualified: 5, closed: 2, funded: 2, volume: 650_000 })
		expect(funnel.sources).toEqual([
			{ source: 'google', campaign: 'dscr-spring', leads: 5, contacted: 4, qualified: 3, closed: 1, funded: 1, volume: 400_000 },
			{ source: 'Direct', campaign: '', leads: 2, contacted: 2, qualified: 2, closed: 1, funded: 1, volume: 250_000 },
		])
	})

	test('the window is the leads created in its days', async () => {
		expect((await leadFunnel(handle.db, 30)).total).toEqual({ leads: 5, contacted: 4, qualified: 3, closed: 1, funded: 1, volume: 400_000 })
		// The closed lead of 200 days ago has no funded loan recorded: closed 3, funded 2.
		expect((await leadFunnel(handle.db, 365)).total).toEqual({
			leads: 8,
			contacted: 7,
			qualified: 6,
			closed: 3,
			funded: 2,
			volume: 650_000,
		})
	})

	test('sources with the same number of leads list the one with more closed loans first', async () => {
		await insertTestLead(handle.db, { attribution: { firstTouch: { utm_source: 'bing', utm_campaign: 'a' } }, minutesAgo: days(1) })
		await insertTestLead(handle.db, { attribution: { firstTouch: { utm_source: 'bing', utm_campaign: 'a' } }, minutesAgo: days(1) })
		const funnel = await leadFunnel(handle.db, 30)
		expect(funnel.sources.map((row) => `${row.source}/${row.campaign}`)).toEqual(['google/dscr-spring', 'bing/a'])
		const tied = await leadFunnel(handle.db, 90)
		// Direct (2 leads, 1 closed) before bing (2 leads, none closed).
		expect(tied.sources.map((row) => row.source)).toEqual(['google', 'Direct', 'bing'])
	})

	test('a lead entered as Qualified and then lost was qualified: its history has only the change from Qualified', async () => {
		const partner = { firstTouch: { utm_source: 'partner', utm_campaign: 'entered-qualified' } }
		const lead = await insertTestLead(handle.db, { status: 'qualified', attribution: partner, minutesAgo: days(1) })
		await moveTo(lead.id, 'lost')
		const row = (await leadFunnel(handle.db, 30)).sources.find((source) => source.source === 'partner')
		expect(row).toEqual({
			source: 'partner',
			campaign: 'entered-qualified',
			leads: 1,
			contacted: 1,
			qualified: 1,
			closed: 0,
			funded: 0,
			volume: 0,
		})
	})
})

test('the window an address asks for: 30, 90 or 365 days; anything else is 90', () => {
	expect(funnelDaysOf('30')).toBe(30)
	expect(funnelDaysOf('365')).toBe(365)
	expect(DEFAULT_FUNNEL_DAYS).toBe(90)
	for (const value of [null, '', '7', '90.0', '365 ', 'all']) expect(funnelDaysOf(value)).toBe(90)
})

test('a share is in whole percents rounded down, and a dash of nothing', () => {
	expect(shareOf(2, 3)).toBe('66 %')
	expect(shareOf(1, 1)).toBe('100 %')
	expect(shareOf(0, 5)).toBe('0 %')
	expect(shareOf(0, 0)).toBe('—')
})
