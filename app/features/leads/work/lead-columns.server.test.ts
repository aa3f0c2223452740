import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leads } from '#db/schema.ts'
import { action as columnsAction } from '#app/routes/dashboard/leads.columns.ts'
import { loader as leadsLoader } from '#app/routes/dashboard/leads.tsx'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { signedInStaff, staffRequest } from '../../../../tests/staff-session.ts'
import { openSeededApp, routeContext, type SeededApp } from '../../../../tests/test-services.ts'
import { DEFAULT_LEAD_COLUMNS, LEAD_COLUMN_MESSAGES } from './lead-columns.ts'
import { getLeadColumns, saveLeadColumns } from './lead-column-preferences.server.ts'
import { listLeads } from './list-leads.server.ts'

// docs/decisions/0052: each staff member's leads table columns, and the sort by property value.
let { handle, services } = {} as SeededApp
let manager: Awaited<ReturnType<typeof signedInStaff>>
let officer: Awaited<ReturnType<typeof signedInStaff>>
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
	manager = await signedInStaff(services, ['moderator'])
	officer = await signedInStaff(services, ['user'])
})
afterAll(() => handle.close())

async function postColumns(cookie: string, columns: string[]) {
	const body = new URLSearchParams(columns.map((column) => ['column', column]))
	const result = (await columnsAction({
		request: staffRequest('http://localhost:3000/dashboard/leads/columns', cookie, { method: 'POST', body }),
		context: routeContext(services),
		params: {},
	} as never)) as unknown as { data: { ok: boolean; error?: string }; init: ResponseInit | null }
	return { status: result.init?.status ?? 200, body: result.data }
}

describe('leads table columns, per staff member', () => {
	test("the spec's set (every column but Source) until a user chooses", async () => {
		expect(await getLeadColumns(handle.db, manager.user.id)).toEqual(DEFAULT_LEAD_COLUMNS)
		expect(DEFAULT_LEAD_COLUMNS).toEqual([
			'date',
			'firstName',
			'lastName',
			'phone',
			'email',
			'loanType',
			'propertyType',
			'transactionType',
			'propertyValue',
			'status',
			'formStatus',
			'assigned',
		])
	})

	test('a saved choice keeps its order, belongs to that user only, and reaches the leads screen', async () => {
		expect(await postColumns(manager.cookie, ['propertyValue', 'lastName', 'formStatus', 'source'])).toEqual({
			status: 200,
			body: { ok: true, columns: ['propertyValue', 'lastName', 'formStatus', 'source'] },
		})
		expect(await getLeadColumns(handle.db, manager.user.id)).toEqual(['propertyValue', 'lastName', 'formStatus', 'source'])
		expect(await getLeadColumns(handle.db, officer.user.id)).toEqual(DEFAULT_LEAD_COLUMNS)
		const screen = (await leadsLoader({
			request: staffRequest('http://localhost:3000/dashboard/leads', manager.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as { columns: string[] }
		expect(screen.columns).toEqual(['propertyValue', 'lastName', 'formStatus', 'source'])
		// Saving again replaces the choice.
		await saveLeadColumns(handle.db, manager.user.id, { columns: ['date', 'email'] })
		expect(await getLeadColumns(handle.db, manager.user.id)).toEqual(['date', 'email'])
	})

	test('refuses no column, unknown columns and repeats, and keeps what was stored', async () => {
		await saveLeadColumns(handle.db, officer.user.id, { columns: ['email', 'date'] })
		expect(await postColumns(officer.cookie, [])).toEqual({ status: 422, body: { ok: false, error: LEAD_COLUMN_MESSAGES.atLeastOne } })
		expect(await postColumns(officer.cookie, ['email', 'password'])).toEqual({
			status: 422,
			body: { ok: false, error: LEAD_COLUMN_MESSAGES.unknown },
		})
		expect(await postColumns(officer.cookie, ['email', 'email'])).toEqual({
			status: 422,
			body: { ok: false, error: LEAD_COLUMN_MESSAGES.repeated },
		})
		expect(await getLeadColumns(handle.db, officer.user.id)).toEqual(['email', 'date'])
	})

	test('a signed-out request saves nothing', async () => {
		await expect(postColumns('', ['email'])).rejects.toBeInstanceOf(Response)
	})
})

describe('sorting by property value', () => {
	test('reads the amount in the stored text (dollars, K/M, ranges by their lower bound), numerically; no amount comes last', async () => {
		await handle.db.delete(leads)
		const values = ['$750,000', '$250K - $500K', 'Under $250K', '$3M+', '$1M - $3M', '450k', '$1,200,000.50', null, 'ask me', '$95,000']
		for (const [index, propertyValue] of values.entries())
			await insertTestLead(handle.db, { propertyValue, lastName: `V${index}`, minutesAgo: index })
		const order = async (sort: 'value-high' | 'value-low') =>
			(await listLeads(handle.db, testActor(), { search: '', statuses: [], sort, page: 1 })).leads.map((lead) => lead.propertyValue)
		expect(await order('value-high')).toEqual([
			'$3M+',
			'$1,200,000.50',
			'$1M - $3M',
			'$750,000',
			'450k',
			'$250K - $500K',
			'$95,000',
			'Under $250K',
			// No amount: newest first.
			null,
			'ask me',
		])
		expect(await order('value-low')).toEqual([
			'Under $250K',
			'$95,000',
			'$250K - $500K',
			'450k',
			'$750,000',
			'$1M - $3M',
			'$1,200,000.50',
			'$3M+',
			null,
			'ask me',
		])
	})
})
