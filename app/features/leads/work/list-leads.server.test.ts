import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { users } from '#db/schema.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import type { LeadListQuery } from './lead-admin-schema.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { leadLoanAmount, leadSummaryCounts, listLeads } from './list-leads.server.ts'
import type { ChosenTermsBrief } from '#app/features/pricing/terms-text.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'

let handle: DatabaseHandle
const actor = testActor()
const query = (patch: Partial<LeadListQuery> = {}): LeadListQuery => ({ search: '', statuses: [], sort: 'newest', page: 1, ...patch })
const names = async (patch: Partial<LeadListQuery>) =>
	(await listLeads(handle.db, actor, query(patch))).leads.map((lead) => `${lead.firstName} ${lead.lastName}`)

beforeAll(async () => {
	handle = await createTestDatabase()
	await insertTestLead(handle.db, {
		firstName: 'Jane',
		lastName: 'Investor',
		email: 'Jane.Investor@Example.com',
		phone: '(949) 555-0123',
		status: 'new',
		minutesAgo: 1,
	})
	await insertTestLead(handle.db, {
		firstName: 'John',
		lastName: 'Smith',
		email: 'jsmith@realty.test',
		phone: '212-555-0199',
		status: 'hot',
		minutesAgo: 2,
	})
	await insertTestLead(handle.db, {
		firstName: 'Ann',
		lastName: 'Janeway',
		email: 'ann@capital.test',
		phone: '+1 305 555 0144',
		status: 'qualified',
		minutesAgo: 3,
	})
	await insertTestLead(handle.db, {
		firstName: 'Bob',
		lastName: 'Percent',
		email: 'bob_100%@mail.test',
		phone: '415.555.0177',
		status: 'closed',
		minutesAgo: 4,
	})
	await insertTestLead(handle.db, {
		firstName: 'Carla',
		lastName: 'Hot',
		email: 'carla@mail.test',
		phone: '5125550111',
		status: 'lost',
		minutesAgo: 5,
	})
})
afterAll(() => handle.close())

describe('listLeads: search (spec 2 §5)', () => {
	test('is case-insensitive on the combined "first last" name', async () => {
		expect(await names({ search: 'JANE INVESTOR' })).toEqual(['Jane Investor'])
		expect(await names({ search: 'n smi' })).toEqual(['John Smith'])
		expect(await names({ search: 'jane' })).toEqual(['Jane Investor', 'Ann Janeway'])
	})

	test('is case-insensitive on the e-mail', async () => {
		expect(await names({ search: 'REALTY.TEST' })).toEqual(['John Smith'])
		expect(await names({ search: 'jane.investor@example' })).toEqual(['Jane Investor'])
	})

	test('matches phones as a substring of their digits, whatever the punctuation', async () => {
		expect(await names({ search: '555-0123' })).toEqual(['Jane Investor'])
		expect(await names({ search: '(949) 555' })).toEqual(['Jane Investor'])
		expect(await names({ search: '5550177' })).toEqual(['Bob Percent'])
		expect(await names({ search: '305 555' })).toEqual(['Ann Janeway'])
		expect(await names({ search: '555' })).toHaveLength(5)
		// Only a term made of phone characters is read as a phone: a name with a digit in it matches no phone.
		expect(await names({ search: 'jane 555' })).toEqual([])
		expect(await names({ search: 'ann 0123' })).toEqual([])
	})

	test('a phone written with dots is read as a phone', async () => {
		expect(await names({ search: '415.555.0177' })).toEqual(['Bob Percent'])
		expect(await names({ search: '305.555' })).toEqual(['Ann Janeway'])
	})

	test('takes LIKE wildcards literally and finds nothing for an unknown term', async () => {
		expect(await names({ search: '100%' })).toEqual(['Bob Percent'])
		expect(await names({ search: '_' })).toEqual(['Bob Percent'])
		expect(await names({ search: '%' })).toEqual(['Bob Percent'])
		expect(await listLeads(handle.db, actor, query({ search: 'nobody-at-all' }))).toMatchObject({ leads: [], total: 0, pageCount: 1 })
	})
})

describe('listLeads: statuses, order and paging (spec 2 §4)', () => {
	test('several statuses combine as OR', async () => {
		expect(await names({ statuses: ['hot', 'closed'] })).toEqual(['John Smith', 'Bob Percent'])
	})

	test('search and statuses combine as AND', async () => {
		expect(await names({ search: 'jane', statuses: ['qualified', 'hot'] })).toEqual(['Ann Janeway'])
		expect(await names({ search: 'hot', statuses: ['hot'] })).toEqual([])
	})

	test('newest first by default; oldest first and by last name on request', async () => {
		expect(await names({})).toEqual(['Jane Investor', 'John Smith', 'Ann Janeway', 'Bob Percent', 'Carla Hot'])
		expect(await names({ sort: 'oldest' })).toEqual(['Carla Hot', 'Bob Percent', 'Ann Janeway', 'John Smith', 'Jane Investor'])
		expect(await names({ sort: 'name' })).toEqual(['Carla Hot', 'Jane Investor', 'Ann Janeway', 'Bob Percent', 'John Smith'])
	})

	test('pages hold pageSize leads and count every match', async () => {
		const first = await listLeads(handle.db, actor, { ...query(), pageSize: 2 })
		const third = await listLeads(handle.db, actor, { ...query({ page: 3 }), pageSize: 2 })
		expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, pageCount: 3 })
		expect(first.leads.map((lead) => lead.firstName)).toEqual(['Jane', 'John'])
		expect(third.leads.map((lead) => lead.firstName)).toEqual(['Carla'])
		const searched = await listLeads(handle.db, actor, { ...query({ search: '555', page: 2 }), pageSize: 2 })
		expect(searched).toMatchObject({ total: 5, pageCount: 3 })
		expect(searched.leads.map((lead) => lead.firstName)).toEqual(['Ann', 'Bob'])
		const beyond = await listLeads(handle.db, actor, { ...query({ search: '555', page: 9 }), pageSize: 2 })
		expect(beyond).toMatchObject({ leads: [], total: 5 })
	})

	test('the screen’s pages hold 50 leads unless told otherwise', async () => {
		// The figure written out: a page of the leads screen is 50 leads (the bulk tools take a page at most, docs/decisions/0108).
		expect(await listLeads(handle.db, actor, query())).toMatchObject({ total: 5, page: 1, pageSize: 50, pageCount: 1 })
	})
})

test('leadSummaryCounts counts the five cards over the whole table (spec 2 §2), and the unassigned pool (docs/decisions/0106)', async () => {
	expect(await leadSummaryCounts(handle.db, actor)).toEqual({ total: 5, new: 1, qualified: 1, hot: 1, closed: 1, unassigned: 5 })
})

// docs/decisions/0114: the cards are summed from one row per status; each status, the pool and the officer's reach count.
describe('leadSummaryCounts over leads of every status, assigned and not', () => {
	let mixed: DatabaseHandle
	beforeAll(async () => {
		mixed = await createTestDatabase()
		await mixed.db.insert(users).values([
			{ id: 'officer-one', name: 'Officer One', email: 'one@example.com', role: 'user' },
			{ id: 'officer-two', name: 'Officer Two', email: 'two@example.com', role: 'user' },
		])
		const spread: Array<[string, string | null]> = [
			['new', 'officer-one'],
			['new', 'officer-two'],
			['new', null],
			['qualified', 'officer-one'],
			['qualified', null],
			['hot', 'officer-two'],
			['closed', null],
			['lost', 'officer-one'],
			['lost', null],
			['contacted', 'officer-two'],
		]
		for (const [status, assignedTo] of spread) await insertTestLead(mixed.db, { status, assignedTo })
	})
	afterAll(() => mixed.close())

	test('a manager counts every lead: the statuses without a card only in the total', async () => {
		expect(await leadSummaryCounts(mixed.db, actor)).toEqual({ total: 10, new: 3, qualified: 2, hot: 1, closed: 1, unassigned: 4 })
	})

	test("an officer counts their own leads and the pool, never a colleague's (docs/decisions/0034)", async () => {
		const officer = testActor({ id: 'officer-one', roles: ['user'] })
		expect(await leadSummaryCounts(mixed.db, officer)).toEqual({ total: 7, new: 2, qualified: 2, hot: 0, closed: 1, unassigned: 4 })
	})
})

describe('the loan line under Property Value (docs/decisions/0113)', () => {
	const chosen: ChosenTermsBrief = {
		program: 'dscr',
		product: '30-year-fixed',
		interestOnly: false,
		rate: '6.125',
		loanAmount: '337500',
		termMonths: 360,
	}
	test('is the amount the answers ask, even when terms were chosen; the chosen terms’ loan only when the answers give none', () => {
		const refinance = JSON.stringify({ ...refinanceAnswers, submitted_at: '2026-11-01T00:00:00Z' })
		expect(leadLoanAmount(refinance, null)).toBe(200_000)
		expect(leadLoanAmount(refinance, chosen)).toBe(200_000)
		expect(leadLoanAmount(null, chosen)).toBe(337_500)
		expect(leadLoanAmount(null, null)).toBeNull()
	})
})
