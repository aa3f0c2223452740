import { count } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ADDRESS_STATE_MESSAGE, STATE_MESSAGE, ZIP_MESSAGE, ZIP_STATE_MESSAGE } from '#app/features/places/us-address.ts'
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

describe('POST /api/leads: a lead is never stored without its state (docs/decisions/0077)', () => {
	const typed: LoanFormData = {
		...generalLocation,
		transactionType: 'refinance',
		hasFoundProperty: undefined,
		offerStatus: undefined,
		addressInputMethod: undefined,
		manualCity: undefined,
		manualState: undefined,
		purchasePrice: undefined,
		downPayment: undefined,
		estimatedPropertyValue: '$750,000',
		currentBalance: '$200,000',
	}
	const stored = async () =>
		(await handle.db.select({ message: leads.message }).from(leads)).map((row) => JSON.parse(row.message!) as LoanFormData)

	test('an address typed without a state is refused on its field, with what to add', async () => {
		for (const propertyFullAddress of ['123 Main Street', '123 Main St, Austin']) {
			const { status, body } = await post({ ...typed, propertyFullAddress })
			expect(status).toBe(422)
			expect(body.errors).toEqual({ propertyFullAddress: ADDRESS_STATE_MESSAGE })
		}
		expect(await leadCount()).toBe(0)
	})

	test('a ZIP alone that names no state we lend in is refused; asking for the state beside it', async () => {
		const { status, body } = await post({ ...generalLocation, manualCity: '', manualState: '', manualZip: '00901' })
		expect(status).toBe(422)
		expect(body.errors).toEqual({ manualZip: ZIP_STATE_MESSAGE })
		expect(await leadCount()).toBe(0)
	})

	test('the state and ZIP of a typed address, or the state of a ZIP alone, are stored with the answers', async () => {
		expect((await post({ ...typed, propertyFullAddress: '123 Main St, Austin, TX 78701' })).status).toBe(201)
		expect((await post({ ...typed, propertyFullAddress: '9 Oak Ave, Irvine, California', email: 'jane2@example.com' })).status).toBe(201)
		expect(
			(await post({ ...generalLocation, manualCity: '', manualState: '', manualZip: '33602', email: 'jane3@example.com' })).status,
		).toBe(201)
		const answers = await stored()
		expect(answers.map((data) => data.propertyState ?? data.manualState).sort()).toEqual(['CA', 'FL', 'TX'])
		expect(answers.find((data) => data.propertyState === 'TX')).toMatchObject({ propertyZip: '78701' })
	})
})
