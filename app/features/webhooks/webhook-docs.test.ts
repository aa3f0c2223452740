import fs from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { webhookEvents } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { PURPOSE_STATEMENT_VERSION } from '#app/features/pricing/borrower-terms.ts'
import { updateLeadStatus } from '#app/features/leads/work/update-lead-status.server.ts'
import { addLeadNote } from '#app/features/leads/work/lead-notes.server.ts'
import { runLeadIntent } from '#app/features/leads/work/lead-intents.server.ts'
import { assignLead } from '#app/features/leads/work/assign-lead.server.ts'
import { createManualLead } from '#app/features/leads/work/create-manual-lead.server.ts'
import { createLeadSchema } from '#app/features/leads/work/lead-admin-schema.ts'
import { storeContactMessage } from '#app/features/contact/contact.server.ts'
import { action as createLeadAction } from '#app/routes/api/leads.ts'
import { action as longFormAction } from '#app/routes/api/leads.long-form.ts'
import { action as purposeAction } from '#app/routes/api/leads.purpose.ts'
import { action as quotesAction } from '#app/routes/api/leads.quotes.ts'
import { action as contactRequestAction } from '#app/routes/api/leads.contact-request.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { phoneLeadFields, testActor } from '../../../tests/lead-test-data.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { WEBHOOK_EVENT_TYPES } from './webhook-schema.ts'
import { createEndpoint } from './webhooks.server.ts'
import { webhookBody } from './webhook-payloads.ts'

/**
 * docs/decisions/0079: every field a payload carries is documented. Every event type is produced by the code that
 * produces it in production (the API, the staff actions), and each field path of every stored payload (arrays read as
 * `[]`) must be named in docs/webhook-payloads.md, so a field added without its documentation fails here.
 */
const DOC = new URL('../../../docs/webhook-payloads.md', import.meta.url)

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp({ env: { LEAD_RATE_LIMIT_PER_HOUR: '0' } }))
})
afterAll(() => handle.close())

const baseUrl = 'http://localhost:3000'
const request = (path: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`${baseUrl}${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: baseUrl, ...headers },
		body: JSON.stringify(body),
	})
async function call(action: (args: never) => unknown, path: string, body: unknown, params: Record<string, string>, token?: string) {
	const response = (await action({
		request: request(path, body, token ? { Authorization: `Bearer ${token}` } : {}),
		context: routeContext(services, { clientIp: '198.51.100.20', userAgent: 'Mozilla/5.0 test' }),
		params,
	} as never)) as Response
	expect(response.status, path).toBeLessThan(300)
	return (await response.json()) as Record<string, string>
}

/** Every path of a JSON value: `a.b`, `a.list[]`, `a.list[].c`. */
function paths(value: unknown, prefix: string, into: Set<string>) {
	if (Array.isArray(value)) {
		into.add(`${prefix}[]`)
		for (const item of value) paths(item, `${prefix}[]`, into)
	} else if (value !== null && typeof value === 'object') {
		for (const [key, item] of Object.entries(value)) {
			const path = prefix ? `${prefix}.${key}` : key
			into.add(path)
			paths(item, path, into)
		}
	}
	return into
}

test('every field of every event type is named in docs/webhook-payloads.md', async () => {
	await createEndpoint(
		handle.db,
		services.webhookKey,
		{ kind: 'standard', url: 'https://crm.example.com/hook', description: 'docs', eventTypes: [...WEBHOOK_EVENT_TYPES] },
		'admin@example.com',
	)
	const actor = testActor()
	const lead = await call(
		createLeadAction,
		'/api/leads',
		{ formData: { ...refinanceAnswers, ...janeContact }, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION },
		{},
	)
	await call(
		longFormAction,
		`/api/leads/${lead.id}/long-form`,
		{ formData: { ...refinanceAnswers, ...janeContact, ...longFormAnswers } },
		{ id: lead.id! },
		lead.token,
	)
	await call(
		purposeAction,
		`/api/leads/${lead.id}/purpose`,
		{ statement: 'business-purpose', statementVersion: PURPOSE_STATEMENT_VERSION },
		{ id: lead.id! },
		lead.token,
	)
	await call(quotesAction, `/api/leads/${lead.id}/quotes`, { event: 'presented' }, { id: lead.id! }, lead.token)
	await call(
		quotesAction,
		`/api/leads/${lead.id}/quotes`,
		{ event: 'chosen', refinements: { ficoBand: '740-759', monthlyRent: 4200 }, choice: { prepayment: '3-2-1', points: 1 } },
		{ id: lead.id! },
		lead.token,
	)
	// docs/decisions/0112: terms a staff member attaches with the quick-pricer are a quote.chosen naming them.
	const sheet = await services.content.getWithVersion('rateSheet')
	const attach = new FormData()
	for (const [name, value] of Object.entries({
		intent: 'attach',
		leadId: lead.id!,
		ficoBand: '760-779',
		monthlyRent: '4200',
		sheetVersion: String(sheet.version),
	}))
		attach.set(name, value)
	const attached = await runLeadIntent(handle.db, testActor(), attach, { info() {}, warn() {}, error() {} } as never, {
		baseUrl,
		company: await services.content.get('company'),
		content: services.content,
	})
	expect(attached.status).toBe(200)
	await call(contactRequestAction, `/api/leads/${lead.id}/contact-request`, {}, { id: lead.id! }, lead.token)
	await updateLeadStatus(handle.db, actor, { leadId: lead.id!, status: 'contacted' } as never, { baseUrl })
	await addLeadNote(handle.db, actor, { leadId: lead.id!, body: 'Called' }, { baseUrl })
	// docs/decisions/0123: the closed lead's funded loan.
	await updateLeadStatus(handle.db, actor, { leadId: lead.id!, status: 'closed' } as never, { baseUrl })
	const funding = new FormData()
	for (const [name, value] of Object.entries({ intent: 'funding-save', leadId: lead.id!, amount: '450,000', rate: '7.125', points: '1' }))
		funding.set(name, value)
	funding.set('fundedOn', new Date().toISOString().slice(0, 10))
	const funded = await runLeadIntent(handle.db, actor, funding, { info() {}, warn() {}, error() {} } as never, { baseUrl, timeZone: 'UTC' })
	expect(funded.status).toBe(200)
	const officer = await signedInStaff(services, ['user'])
	await assignLead(handle.db, actor, { leadId: lead.id!, assigneeId: officer.user.id }, { baseUrl, timeZone: 'America/New_York' })
	await createManualLead(handle.db, actor, createLeadSchema.parse(phoneLeadFields()), { baseUrl })
	const settings = await services.content.get('settings')
	const company = await services.content.get('company')
	await storeContactMessage(
		handle.db,
		{ name: 'Sam', email: 'sam@example.com', phone: '(949) 555-0100', message: 'Hello' },
		{ settings, company, userAgent: null, baseUrl },
	)

	const events = await handle.db.select().from(webhookEvents)
	expect(new Set(events.map((event) => event.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES))
	const emitted = new Set<string>()
	for (const event of events) paths(event.payload, '', emitted)
	// The test event, and the mark a payload cut to fit carries.
	paths(webhookBody('webhook.test', { message: 'A test event from the dashboard', endpointId: 'id' }), '', emitted)
	emitted.add('data.truncated')
	emitted.add('data.lead.answers[].truncated')

	const documented = new Set([...fs.readFileSync(DOC, 'utf8').matchAll(/`([A-Za-z0-9_.[\]]+)`/g)].map((match) => match[1]!))
	const missing = [...emitted].filter((path) => !documented.has(path)).sort()
	expect(missing).toEqual([])
})
