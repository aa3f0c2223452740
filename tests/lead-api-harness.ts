import crypto from 'node:crypto'
import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { idempotencyKeys, leads, outbox, rateLimits } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { routeContext, openSeededApp, type SeededApp } from './test-services.ts'
import { action as createLead } from '#app/routes/api/leads.ts'
import { action as completeLongForm } from '#app/routes/api/leads.long-form.ts'
import { longFormAnswers, refinanceAnswers } from './lead-fixtures.ts'

/** The lead API tests' shared set-up: a seeded app, the borrowers they post, and helpers to post and count. */

export let { handle, services } = {} as SeededApp

/** The seeded app for the calling test file; each test starts with no lead, mail, rate-limit count or idempotency key. */
export function setUpLeadApi() {
	beforeAll(async () => {
		;({ handle, services } = await openSeededApp())
	})
	afterAll(() => handle.close())
	beforeEach(async () => {
		for (const table of [leads, outbox, rateLimits, idempotencyKeys]) await handle.db.delete(table)
	})
}

export const contact = { firstName: 'Jane', lastName: 'Investor', email: 'Jane@Example.com', phone: '(949) 555-0123' }
export const refinance: LoanFormData = {
	...refinanceAnswers,
	...contact,
}
export const purchaseFound: LoanFormData = {
	formMode: 'short',
	loanProgram: 'short-term-bridge',
	propertyType: 'multi-family',
	transactionType: 'purchase',
	hasFoundProperty: 'yes',
	offerStatus: 'under-contract',
	closingDate: '2099-01-15',
	addressInputMethod: 'general-location',
	manualCity: 'Tampa',
	manualState: 'FL',
	purchasePrice: '500000',
	downPayment: '$100,000',
	quotePreference: 'text-email',
	...contact,
}
export const purchaseNotFound: LoanFormData = {
	formMode: 'short',
	loanProgram: 'dscr',
	propertyType: 'condo-townhome',
	transactionType: 'purchase',
	hasFoundProperty: 'no',
	targetState: 'TX',
	purchaseTimeline: '60-days',
	priceRange: '250k-500k',
	downPaymentAmount: '20-25',
	quotePreference: 'call',
	...contact,
}
export const attribution = {
	firstTouch: {
		utm_source: 'google',
		utm_medium: 'cpc',
		utm_campaign: 'dscr-fl',
		gclid: 'abc123',
		referrer: 'https://www.google.com/',
		landingPage: '/dscr-loans?utm_source=google',
		at: '2026-11-20T10:00:00.000Z',
	},
	lastTouch: { utm_source: 'newsletter', landingPage: '/', at: '2026-11-22T09:00:00.000Z' },
}

export const request = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})

export async function post(body: unknown, headers: Record<string, string> = {}, clientIp = '198.51.100.20') {
	const response = (await createLead({
		request: request('/api/leads', body, headers),
		context: routeContext(services, { clientIp, socketIp: '10.0.0.2', userAgent: 'Mozilla/5.0 test' }),
		params: {},
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers }
}

export async function postLongForm(id: string, body: unknown, headers: Record<string, string> = {}) {
	const response = (await completeLongForm({
		request: request(`/api/leads/${id}/long-form`, body, headers),
		context: routeContext(services),
		params: { id },
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

export const submission = (formData: LoanFormData, extra: Record<string, unknown> = {}) => ({
	formData,
	sourcePage: '/fast-quote',
	consentVersion: CONSENT_VERSION,
	...extra,
})
export const leadCount = async () => (await handle.db.select({ n: count() }).from(leads))[0]!.n
export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** A trigger that refuses every insert into the table, for the length of `work`. */
export async function refusingInserts(table: 'lead_consents' | 'outbox', work: () => Promise<void>) {
	await handle.db.execute(
		sql.raw(`create function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
	)
	await handle.db.execute(sql.raw(`create trigger refuse_insert before insert on ${table} for each row execute function refuse_insert()`))
	try {
		await work()
	} finally {
		await handle.db.execute(sql.raw(`drop trigger refuse_insert on ${table}`))
		await handle.db.execute(sql.raw('drop function refuse_insert()'))
	}
}

export const longForm = (data: LoanFormData): LoanFormData => ({ ...data, ...longFormAnswers })
