import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { leads, outbox, rateLimits } from '#db/schema.ts'
import { PURPOSE_STATEMENT_VERSION } from '#app/features/pricing/borrower-terms.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { routeContext, openSeededApp, type SeededApp } from './test-services.ts'
import { janeContact, refinanceAnswers } from './lead-fixtures.ts'
import { action as createLead } from '#app/routes/api/leads.ts'
import { action as statePurpose } from '#app/routes/api/leads.purpose.ts'
import { action as quoteTerms } from '#app/routes/api/leads.quotes.ts'

/** The terms API tests' shared set-up (docs/decisions/0066): a seeded app, a lead, and calls to its purpose and quotes. */

export let { handle, services, admin } = {} as SeededApp

/** The seeded app with an admin for the calling test file; each test starts with no lead, mail or rate-limit count. */
export function setUpLeadTerms() {
	beforeAll(async () => {
		;({ handle, services, admin } = await openSeededApp({ admin: true }))
	})
	afterAll(() => handle.close())
	beforeEach(async () => {
		for (const table of [leads, outbox, rateLimits]) await handle.db.delete(table)
	})
}

export const request = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})
export const context = () => routeContext(services, { clientIp: '198.51.100.7', socketIp: '10.0.0.3', userAgent: 'Mozilla/5.0 terms test' })
export const call = async (action: (args: never) => unknown, url: string, id: string, body: unknown, token?: string) => {
	const response = (await action({
		request: request(url, body, token ? { Authorization: `Bearer ${token}` } : {}),
		context: context(),
		params: { id },
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

export async function newLead(formData: LoanFormData = { ...refinanceAnswers, ...janeContact }) {
	const { status, body } = await call(createLead, '/api/leads', '', {
		formData,
		sourcePage: '/fast-quote',
		consentVersion: CONSENT_VERSION,
	})
	expect(status).toBe(201)
	return body as { id: string; token: string }
}
export const purpose = (
	id: string,
	token: string | undefined,
	statement = 'business-purpose',
	statementVersion = PURPOSE_STATEMENT_VERSION,
) => call(statePurpose, `/api/leads/${id}/purpose`, id, { statement, statementVersion }, token)
export const quote = (id: string, token: string | undefined, body: unknown) => call(quoteTerms, `/api/leads/${id}/quotes`, id, body, token)
/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string) {
	const rows: string[][] = [[]]
	let cell = ''
	let quoted = false
	const endCell = () => {
		rows.at(-1)!.push(cell)
		cell = ''
	}
	for (let index = 0; index < text.length; index++) {
		const char = text[index]!
		if (quoted && char === '"' && text[index + 1] === '"') {
			cell += '"'
			index++
		} else if (char === '"') quoted = !quoted
		else if (quoted) cell += char
		else if (char === ',') endCell()
		else if (char === '\n') {
			endCell()
			rows.push([])
		} else if (char !== '\r') cell += char
	}
	if (cell !== '') endCell()
	return rows.filter((row) => row.length > 1)
}

export const mails = async (kind: string) =>
	(await handle.db.select().from(outbox).where(eq(outbox.kind, kind))).map(
		(row) => row.payload as { to: string[]; subject: string; text: string; replyTo?: string },
	)
