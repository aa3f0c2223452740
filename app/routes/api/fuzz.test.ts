import { FORM_ROUTES, fuzzBodies, random } from '../../../tests/faults/fuzz.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { contactMessages, leads } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { createTestServices, routeContext } from '../../../tests/test-services.ts'
import { seedContent } from '#app/features/content/content.server.ts'
import { action as contactAction } from '../site/contact.tsx'
import { action as createLead } from './leads.ts'
import { janeContact, refinanceAnswers } from '../../../tests/lead-fixtures.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	await seedContent(handle.db)
	// The rate limit would answer 429 long before the bodies run out; it has its own tests.
	services = createTestServices(handle, { LEAD_RATE_LIMIT_PER_HOUR: '0' })
})
afterAll(() => handle.close())

const validLead = () =>
	({
		formData: {
			...refinanceAnswers,
			...janeContact,
		} as Record<string, unknown>,
		sourcePage: '/fast-quote',
		consentVersion: CONSENT_VERSION,
	}) as Record<string, unknown>

type Case = { body: string; contentType: string; kind: string; surelyInvalid: boolean }

function leadCases(seed: number, total: number): Case[] {
	const next = random(seed)
	const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
	const junkValues: unknown[] = [
		null,
		true,
		0,
		-1,
		1e308,
		'',
		' ',
		'\u0000',
		'\uD800',
		'\uDFFF',
		'x'.repeat(10_000),
		[],
		[1, 2],
		{},
		{ a: { b: { c: [] } } },
		'500000',
		'-5',
		'NaN',
		{ toString: 'x' },
		['Jane'],
		Number.MAX_SAFE_INTEGER,
		'$1e9',
	]
	const formFields = Object.keys(validLead().formData as object)
	const mutations: Array<[string, boolean, () => Case['body']]> = [
		['whole body of the wrong type', true, () => JSON.stringify(pick([null, 42, 'text', [], [validLead()], true]))],
		[
			'formData of the wrong type',
			true,
			() => JSON.stringify({ ...validLead(), formData: pick([null, 'x', 42, [], [validLead().formData]]) }),
		],
		[
			'a field of the wrong type',
			true,
			() => {
				const body = validLead()
				;(body.formData as Record<string, unknown>)[pick(formFields)] = pick([null, 42, true, [], {}, ['x']])
				return JSON.stringify(body)
			},
		],
		[
			'NUL or a lone surrogate in a field',
			true,
			() => {
				const body = validLead()
				const field = pick(formFields)
				;(body.formData as Record<string, unknown>)[field] =
					`${String((body.formData as Record<string, unknown>)[field])}${pick(['\u0000', '\uD800', '\uDC00'])}`
				return JSON.stringify(body)
			},
		],
		['NUL under an unknown key', true, () => JSON.stringify({ ...validLead(), [`k${Math.floor(next() * 1e6)}`]: { deep: ['\u0000'] } })],
		[
			'a huge string',
			true,
			() => {
				const body = validLead()
				;(body.formData as Record<string, unknown>)[pick(formFields)] = 'A'.repeat(5_000 + Math.floor(next() * 80_000))
				return JSON.stringify(body)
			},
		],
		[
			'a missing required field',
			true,
			() => {
				const body = validLead()
				delete (body.formData as Record<string, unknown>)[
					pick(['loanProgram', 'firstName', 'lastName', 'email', 'phone', 'transactionType', 'quotePreference'])
				]
				return JSON.stringify(body)
			},
		],
		[
			'an amount out of range or not a number',
			true,
			() => {
				const body = validLead()
				;(body.formData as Record<string, unknown>)[pick(['estimatedPropertyValue', 'currentBalance'])] = pick([
					'-5',
					'1e9',
					'lots',
					'$999,999,999',
					'12.345',
				])
				return JSON.stringify(body)
			},
		],
		[
			'prototype-pollution keys',
			false,
			() => {
				const key = pick(['__proto__', 'constructor', 'prototype'])
				const payload = pick(['{"polluted":"yes"}', '{"prototype":{"polluted":"yes"}}', '"x"', '[1]'])
				const where = next() < 0.5 ? 'top' : 'formData'
				const body = JSON.stringify(validLead())
				return where === 'top'
					? body.replace(/^\{/, `{"${key}":${payload},`)
					: body.replace('"formData":{', `"formData":{"${key}":${payload},`)
			},
		],
		[
			'extra fields of any type',
			false,
			() => {
				const body = validLead()
				;(body.formData as Record<string, unknown>)[`extra${Math.floor(next() * 1000)}`] = pick(
					junkValues.filter((value) => typeof value !== 'string' || !/[\u0000\uD800-\uDFFF]/.test(value)),
				)
				body[`top${Math.floor(next() * 1000)}`] = pick([1, 'x', [], {}])
				return JSON.stringify(body)
			},
		],
		[
			'numbers as strings and strings as numbers',
			false,
			() => {
				const body = validLead()
				const form = body.formData as Record<string, unknown>
				form.estimatedPropertyValue = pick(['750000', 750000, '750000.00', ' 750,000 '])
				form.phone = pick(['9495550123', 9495550123])
				return JSON.stringify(body)
			},
		],
		['broken JSON', true, () => pick(['{', '{"formData":', '[1,2', 'undefined', "{'a':1}", '{"a":1}}', '\u0000', ''])],
		['deep nesting', true, () => `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
	]
	return Array.from({ length: total }, (_, index) => {
		const [kind, surelyInvalid, make] = mutations[index % mutations.length]!
		const contentType =
			kind === 'broken JSON' && next() < 0.3 ? pick(['text/plain', 'application/x-www-form-urlencoded', '']) : 'application/json'
		return { body: make(), contentType, kind, surelyInvalid }
	})
}

const leadCount = async () => (await handle.db.select({ n: count() }).from(leads))[0]!.n
const messageCount = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n

describe('fuzzing the public endpoints with malformed bodies', () => {
	test('500 bodies to POST /api/leads: always an answer below 500, and a lead only for an accepted body', async () => {
		const cases = leadCases(20261123, 500)
		let accepted = 0
		for (const [index, entry] of cases.entries()) {
			const before = await leadCount()
			const request = new Request('http://localhost:3000/api/leads', {
				method: 'POST',
				headers: { 'Content-Type': entry.contentType, Origin: 'http://localhost:3000' },
				body: entry.body,
			})
			const response = (await createLead({
				request,
				context: routeContext(services, { clientIp: `10.0.${index >> 8}.${index & 255}` }),
				params: {},
			} as never)) as Response
			const label = `#${index} ${entry.kind}: ${entry.body.slice(0, 160)}`
			expect(response.status, label).toBeGreaterThanOrEqual(entry.surelyInvalid ? 400 : 200)
			expect(response.status, label).toBeLessThan(500)
			await response.json()
			const grew = (await leadCount()) - before
			expect(grew, label).toBe(response.status === 201 ? 1 : 0)
			if (response.status === 201) accepted++
		}
		// The generator is not all junk: bodies that are valid beneath the noise are accepted.
		expect(accepted).toBeGreaterThan(0)
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
	}, 240_000)

	test('500 bodies to the contact form action: always 4xx (or 200 when valid), a message stored only when accepted', async () => {
		const next = random(42)
		const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
		const valid = {
			name: 'Jane Investor',
			email: 'jane@example.com',
			phone: '(949) 555-0123',
			message: 'I would like a DSCR quote for a duplex.',
		}
		const junk = [
			'',
			'\u0000',
			'a\u0000b',
			'\u0007',
			'x'.repeat(20_000),
			'😀',
			'\uD800',
			' ',
			'-5',
			'[object Object]',
			'__proto__',
			'{"a":1}',
		]
		for (let index = 0; index < 500; index++) {
			const fields = new URLSearchParams()
			const mode = index % 5
			for (const [name, value] of Object.entries(valid)) {
				if (mode === 0 && next() < 0.3) continue // missing fields
				fields.append(name, mode === 1 && next() < 0.5 ? `${value}${pick(junk)}` : value)
				if (mode === 2 && next() < 0.3) fields.append(name, pick(junk)) // repeated fields
			}
			if (mode === 3) fields.append(pick(['__proto__', 'constructor', 'extra', 'website', 'name[]']), pick(junk))
			const asJson = mode === 4 && next() < 0.5
			const request = new Request('http://localhost:3000/contact', {
				method: 'POST',
				headers: { 'Content-Type': asJson ? 'application/json' : 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
				body: asJson ? JSON.stringify(valid) : fields,
			})
			const before = await messageCount()
			const result = await contactAction({
				request,
				context: routeContext(services, { clientIp: `10.1.${index >> 8}.${index & 255}` }),
				params: {},
			} as never)
			const status = (result as unknown as { init: ResponseInit | null }).init?.status ?? 200
			const label = `#${index} mode ${mode}: ${asJson ? 'json' : fields.toString().slice(0, 160)}`
			expect(status === 200 || (status >= 400 && status < 500), label).toBe(true)
			expect((await messageCount()) - before, label).toBe(status === 200 ? 1 : 0)
		}
	}, 240_000)

	test('broken form bodies to every page with an action, through the whole app: a 400 or 415, never a 500', async () => {
		const cases = fuzzBodies(200, 7).filter((entry) => entry.expectStatus)
		expect(new Set(cases.map((entry) => entry.path.replace(/\.data$/, '')))).toEqual(new Set(FORM_ROUTES))
		for (const [index, entry] of cases.entries()) {
			const response = await handleAppRequest(
				services,
				new Request(`http://localhost:3000${entry.path}`, {
					method: 'POST',
					headers: { ...entry.headers, Origin: 'http://localhost:3000' },
					body: entry.body,
				}),
				{ clientIp: `10.2.${index >> 8}.${index & 255}` },
			)
			expect(entry.expectStatus, `${entry.label} (${entry.path})`).toContain(response.status)
		}
	}, 240_000)
})
