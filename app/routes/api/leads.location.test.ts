import { count } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { STATE_MESSAGE, ZIP_MESSAGE } from '#app/features/places/us-address.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { leads, rateLimits } from '#db/schema.ts'
import { routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { action as createLead } from './leads.ts'

// docs/decisions/0032: the server checks every state and ZIP of the application, whatever the browser let through.
let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, rateLimits]) await handle.db.delete(table)
})

const generalLocation: LoanFormData = {
	formMode: 'short',
	loanProgram: 'dscr',
	propertyType: 'single-family',
	transactionType: 'purchase',
	hasFoundProperty: 'yes',
	offerStatus: 'getting-ready',
	addressInputMethod: 'general-location',
	manualCity: 'Tampa',
	manualState: 'FL',
	purchasePrice: '$500,000',
	downPayment: '$100,000',
	quotePreference: 'call',
	firstName: 'Jane',
	lastName: 'Investor',
	email: 'jane@example.com',
	phone: '(949) 555-0123',
}

async function post(formData: LoanFormData) {
	const request = new Request('http://localhost:3000/api/leads', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
		body: JSON.stringify({ formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
	})
	const response = (await createLead({
		request,
		context: routeContext(services, { clientIp: '198.51.100.77' }),
		params: {},
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as { errors?: Record<string, string> } }
}
const leadCount = async () => (await handle.db.select({ n: count() }).from(leads))[0]!.n

describe('POST /api/leads: states and ZIP codes', () => {
	test.each([
		['manualState', { manualState: 'ZZ' }, STATE_MESSAGE],
		['manualState', { manualState: 'PR' }, STATE_MESSAGE],
		['manualZip', { manualZip: '3' }, ZIP_MESSAGE],
		['manualZip', { manualCity: '', manualState: '', manualZip: '3' }, ZIP_MESSAGE],
		['manualZip', { manualZip: '787011' }, ZIP_MESSAGE],
		['propertyState', { propertyState: 'Texass' }, STATE_MESSAGE],
		['propertyZip', { propertyZip: '12' }, ZIP_MESSAGE],
		['primaryResidenceState', { primaryResidenceState: 'XX' }, STATE_MESSAGE],
		['primaryResidenceZip', { primaryResidenceZip: 'ABCDE' }, ZIP_MESSAGE],
	] as const)('%s %o is refused with 422 and a specific message', async (field, change, message) => {
		const { status, body } = await post({ ...generalLocation, ...change })
		expect(status).toBe(422)
		expect(body.errors?.[field]).toBe(message)
		expect(await leadCount()).toBe(0)
	})

	test('a state name, a ZIP+4 and DC are accepted; the state is stored as its code', async () => {
		expect((await post({ ...generalLocation, manualState: 'florida', manualZip: '33602-1234' })).status).toBe(201)
		expect((await post({ ...generalLocation, manualCity: 'Washington', manualState: 'DC' })).status).toBe(201)
		const stored = (await handle.db.select({ message: leads.message }).from(leads)).map((row) => JSON.parse(row.message!) as LoanFormData)
		expect(stored.map((data) => data.manualState).sort()).toEqual(['DC', 'FL'])
	})
})
