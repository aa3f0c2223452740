import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { idempotencyKeys, leads, outbox, rateLimits } from '#db/schema.ts'
import { LONG_FORM_RATE_LIMIT } from '#app/features/leads/intake/lead-api.server.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { action as createLead } from './leads.ts'
import { action as completeLongForm } from './leads.long-form.ts'
import { action as statePurpose } from './leads.purpose.ts'
import { action as quoteTerms } from './leads.quotes.ts'
import { action as contactRequest } from './leads.contact-request.ts'
import { createManualLead } from '#app/features/leads/work/create-manual-lead.server.ts'
import { createLeadSchema } from '#app/features/leads/work/lead-admin-schema.ts'
import { PURPOSE_STATEMENT_VERSION } from '#app/features/pricing/borrower-terms.ts'
import { phoneLeadFields, testActor } from '../../../tests/lead-test-data.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits, idempotencyKeys]) await handle.db.delete(table)
})

const refinance: LoanFormData = {
	...refinanceAnswers,
	...janeContact,
}
const longForm: LoanFormData = { ...refinance, ...longFormAnswers }
const submission = { formData: refinance, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }

const request = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify(body),
	})

async function post(body: unknown, headers: Record<string, string> = {}) {
	const response = (await createLead({
		request: request('/api/leads', body, headers),
		context: routeContext(services),
		params: {},
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

async function postLongForm(id: string, token: string, clientIp = '198.51.100.30') {
	const response = (await completeLongForm({
		request: request(`/api/leads/${id}/long-form`, { formData: longForm }, { Authorization: `Bearer ${token}` }),
		context: routeContext(services, { clientIp }),
		params: { id },
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any>, retryAfter: response.headers.get('Retry-After') }
}

/** Every row of every table of the schema whose text contains `needle`. */
async function rowsContaining(needle: string) {
	const tables = (await handle.db.execute(
		sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
	)) as unknown as {
		rows: Array<{ table_name: string }>
	}
	const found: string[] = []
	for (const { table_name: table } of tables.rows) {
		const result = (await handle.db.execute(
			sql`select count(*)::int as n from ${sql.identifier(table)} as t where t::text like ${`%${needle}%`}`,
		)) as unknown as { rows: Array<{ n: number }> }
		if (result.rows[0]!.n > 0) found.push(table)
	}
	return { tables: tables.rows.length, found }
}

/** The answer exactly as sent, for byte-for-byte comparisons. */
async function postRaw(body: unknown, headers: Record<string, string> = {}) {
	const response = (await createLead({
		request: request('/api/leads', body, headers),
		context: routeContext(services),
		params: {},
	} as never)) as Response
	return { status: response.status, text: await response.text() }
}

describe('docs/decisions/0048: a retried create answers the same token, and the database never holds a usable one', () => {
	test('a replay with the same key and body answers exactly the same bytes, and the first token still completes the long form', async () => {
		const key = { 'Idempotency-Key': 'security-test-0001' }
		const first = await postRaw(submission, key)
		expect(first.status).toBe(201)
		const replay = await postRaw(submission, key)
		expect(replay).toEqual(first)
		const { id, token } = JSON.parse(first.text) as { id: string; token: string }
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(await postLongForm(id, token)).toMatchObject({ status: 200, body: { formCompletionStatus: 'long_form' } })
		// A replay after the long form changes nothing either.
		expect(await postRaw(submission, key)).toEqual(first)
		expect((await postLongForm(id, token)).status).toBe(200)
	})

	test('no row anywhere holds the token, before or after a replay; only its hash is stored', async () => {
		const key = { 'Idempotency-Key': 'security-test-0002' }
		const first = await post(submission, key)
		expect(first.status).toBe(201)
		const stored = await handle.db.select().from(idempotencyKeys)
		expect(stored).toHaveLength(1)
		expect(stored[0]!.body).toEqual({ id: first.body.id })
		await post(submission, key)
		const scan = await rowsContaining(first.body.token)
		expect(scan.tables).toBeGreaterThan(10)
		expect(scan.found).toEqual([])
		const [lead] = await handle.db.select().from(leads)
		expect(lead!.completionTokenHash).toBe(crypto.createHash('sha256').update(first.body.token).digest('hex'))
	})

	test('the same key with a different body is a 422, and the first token keeps working', async () => {
		const key = { 'Idempotency-Key': 'security-test-0003' }
		const first = await post(submission, key)
		const other = await post({ ...submission, formData: { ...refinance, lastName: 'Someone-Else' } }, key)
		expect(other.status).toBe(422)
		expect(other.body).toEqual({ errors: { 'Idempotency-Key': 'This Idempotency-Key was already used for a different request' } })
		expect((await postLongForm(first.body.id, first.body.token)).status).toBe(200)
	})

	test('without an Idempotency-Key two identical creates get two leads with unrelated tokens', async () => {
		const [one, two] = [await post(submission), await post(submission)]
		expect(one.body.id).not.toBe(two.body.id)
		expect(one.body.token).not.toBe(two.body.token)
		expect((await rowsContaining(one.body.token)).found).toEqual([])
	})
})

describe('a lead entered by staff has no completion token (spec 2 §7 "Create lead")', () => {
	test('every borrower endpoint refuses every token for it: long form, purpose statement, quotes, Contact Me', async () => {
		const manual = await createManualLead(handle.db, testActor(), createLeadSchema.parse(phoneLeadFields()), {
			baseUrl: 'http://localhost:3000',
		})
		const [row] = await handle.db.select().from(leads).where(sql`${leads.id} = ${manual.id}`)
		expect(row!.completionTokenHash).toBeNull()
		// A borrower's own valid token, the hash of nothing, words a careless check might take for "no token".
		const borrower = await post(submission)
		const tokens = [borrower.body.token, crypto.createHash('sha256').update('').digest('hex'), 'null', 'undefined', '0', 'x'.repeat(43)]
		const endpoints = [
			{ action: completeLongForm, path: 'long-form', body: { formData: longForm } },
			{ action: statePurpose, path: 'purpose', body: { statement: 'business-purpose', statementVersion: PURPOSE_STATEMENT_VERSION } },
			{ action: quoteTerms, path: 'quotes', body: { event: 'presented' } },
			{ action: contactRequest, path: 'contact-request', body: {} },
		]
		for (const { action, path, body } of endpoints) {
			for (const [index, token] of tokens.entries()) {
				const response = (await action({
					request: request(`/api/leads/${manual.id}/${path}`, body, { Authorization: `Bearer ${token}` }),
					// From an address of its own each time, so only the token decides.
					context: routeContext(services, { clientIp: `198.51.100.${index + 1}` }),
					params: { id: manual.id },
				} as never)) as Response
				expect({ path, index, status: response.status }).toEqual({ path, index, status: 403 })
			}
		}
		const [after] = await handle.db.select().from(leads).where(sql`${leads.id} = ${manual.id}`)
		expect(after).toEqual(row)
	})
})

describe('POST /api/leads/:id/long-form is rate limited', () => {
	test('per application: 10 updates within the hour are accepted, the 11th gets 429 with Retry-After and a message a person can act on', async () => {
		// The figure is written out (a person sends one, perhaps a few corrections): a changed limit fails here.
		const created = await post(submission)
		for (let attempt = 0; attempt < 10; attempt++) {
			// From several addresses, so only the application's own limit applies.
			expect((await postLongForm(created.body.id, created.body.token, `198.51.100.${attempt + 1}`)).status).toBe(200)
		}
		const refused = await postLongForm(created.body.id, created.body.token, '198.51.100.99')
		expect(refused.status).toBe(429)
		expect(Number(refused.retryAfter)).toBeGreaterThan(0)
		expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LONG_FORM_RATE_LIMIT.windowSeconds)
		const { company } = await services.content.getMany(['company'])
		expect(refused.body.error).toBe(
			`We received many updates to this application in a short time. Please try again in 60 minutes, or call us at ${company.phone}.`,
		)
		// Another application is not affected.
		const other = await post({ ...submission, formData: { ...refinance, email: 'other@example.com' } })
		expect((await postLongForm(other.body.id, other.body.token, '198.51.100.99')).status).toBe(200)
	})

	test("docs/decisions/0079: wrong tokens from strangers never use up the application's own limit: its borrower still gets through", async () => {
		const created = await post(submission)
		// More wrong-token attempts than the application's limit, from as many addresses (so no address's limit applies).
		for (let attempt = 0; attempt <= LONG_FORM_RATE_LIMIT.perLead; attempt++) {
			expect((await postLongForm(created.body.id, 'guessed-token', `192.0.2.${attempt + 1}`)).status).toBe(403)
		}
		expect(await postLongForm(created.body.id, created.body.token, '198.51.100.30')).toMatchObject({
			status: 200,
			body: { formCompletionStatus: 'long_form' },
		})
	})

	test(`per address: after ${LONG_FORM_RATE_LIMIT.perIp} attempts from one address, even with wrong tokens, the next gets 429`, async () => {
		// README (the long form, docs/decisions/0079): 10 updates of one application or 60 requests from one address an hour.
		expect(LONG_FORM_RATE_LIMIT).toEqual({ perIp: 60, perLead: 10, windowSeconds: 3600 })
		const created = await post(submission)
		const ids = Array.from(
			{ length: LONG_FORM_RATE_LIMIT.perIp },
			(_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
		)
		for (const id of ids) expect((await postLongForm(id, 'guessed-token', '203.0.113.77')).status).toBe(403)
		const refused = await postLongForm(created.body.id, created.body.token, '203.0.113.77')
		expect(refused.status).toBe(429)
		expect(Number(refused.retryAfter)).toBeGreaterThan(0)
		// The same application from another address still works: the limit was the address's.
		expect((await postLongForm(created.body.id, created.body.token, '203.0.113.78')).status).toBe(200)
	})
})
