import { leadBody } from './load.ts'

export type FuzzCase = {
	label: string
	path: string
	headers: Record<string, string>
	body: string
	/** The only answers allowed besides "not a 5xx", when the case has a definite one. */
	expectStatus?: number[]
}

/** mulberry32: a small seeded generator, so a failing case can be reproduced (also used by app/routes/api/fuzz.test.ts). */
export function random(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

const nasty: [string, () => unknown][] = [
	['NUL', () => 'Jane\u0000Doe'],
	['lone high surrogate', () => 'Jane\uD800'],
	['lone low surrogate', () => '\uDC00Doe'],
	['control characters', () => 'a\u0001\u0007\u001b[31m'],
	['100 kB string', () => 'x'.repeat(100_000)],
	['negative number', () => -5],
	['huge number', () => 1e308],
	['fraction', () => 0.0000001],
	['number as string', () => '-5'],
	['money with junk', () => '$-5,000,000,000,000'],
	['null', () => null],
	['boolean', () => true],
	['array', () => ['a', 'b']],
	['object', () => ({ nested: { deeper: 'x' } })],
	['__proto__ object', () => JSON.parse('{"__proto__": {"polluted": true}}')],
	['deep nesting', () => Array.from({ length: 200 }).reduce<unknown>((inner) => ({ inner }), 'x')],
	['empty string', () => ''],
	['SQL', () => "'; drop table leads; --"],
	['HTML', () => '<script>alert(1)</script>'],
	['emoji and RTL', () => '🏠\u202Eevil'],
	['unknown option', () => 'definitely-not-an-option'],
]

/** Every page with an action (app/routes/form-bodies.test.ts checks this list against routes.ts). */
export const FORM_ROUTES = [
	'/contact',
	'/login',
	'/login/two-factor',
	'/login/passkey',
	'/logout',
	'/forgot-password',
	'/reset-password',
	'/dashboard/leads',
	'/dashboard/leads/columns',
	'/dashboard/hero',
	'/dashboard/loans',
	'/dashboard/testimonials',
	'/dashboard/company',
	'/dashboard/settings',
	'/dashboard/users',
	'/dashboard/pricing',
	'/dashboard/messages',
	'/dashboard/security',
	'/dashboard/security/passkeys',
	'/dashboard/confirm',
	'/dashboard/confirm/passkey',
	'/dashboard/sessions',
	'/dashboard/notifications',
	'/dashboard/retention',
	'/dashboard/data-requests',
	'/dashboard/data-requests/export',
	'/dashboard/routing',
	'/dashboard/webhooks',
]

/** Bodies that claim to be a form and are not one, or are not a form at all: each must get a 400 or 415. */
const brokenForms: Array<[string, Record<string, string>, string, number[]?]> = [
	['multipart without a boundary', { 'Content-Type': 'multipart/form-data' }, 'email=jane%40example.com&password=x', [400]],
	['multipart whose body is not multipart', { 'Content-Type': 'multipart/form-data; boundary=----x' }, 'email=jane%40example.com', [400]],
	[
		'multipart with the wrong boundary',
		{ 'Content-Type': 'multipart/form-data; boundary=other' },
		'------x\r\nContent-Disposition: form-data; name="email"\r\n\r\njane\r\n------x--\r\n',
		[400],
	],
	[
		'multipart cut short',
		{ 'Content-Type': 'multipart/form-data; boundary=x' },
		'--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nja',
		[400],
	],
	['an empty boundary', { 'Content-Type': 'multipart/form-data; boundary=' }, '--\r\n', [400]],
	['JSON to a form', { 'Content-Type': 'application/json' }, '{"email":"jane@example.com"}', [415]],
	['plain text to a form', { 'Content-Type': 'text/plain' }, 'email=jane@example.com', [415]],
	['broken percent-encoding', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'email=%zz%E0%A4%A&password=%&intent=%ff'],
]

/**
 * `count` malformed requests: mutated lead bodies, broken JSON, wrong types, junk long forms and contact
 * posts, and every kind of broken form body to every page with an action (page and `.data` request).
 */
export function fuzzBodies(count: number, seed: number): FuzzCase[] {
	const next = random(seed)
	const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
	const json = { 'Content-Type': 'application/json' }
	const forms: FuzzCase[] = FORM_ROUTES.flatMap((route) =>
		brokenForms.map(([label, headers, body, expectStatus]) => ({
			label: `${label} to ${route}`,
			path: next() < 0.5 ? route : `${route}.data`,
			headers,
			body,
			expectStatus,
		})),
	)
	const cases: FuzzCase[] = []
	for (let index = 0; cases.length < count - forms.length; index++) {
		const roll = next()
		const base = leadBody(index, 'fuzz') as unknown as Record<string, unknown> & { formData: Record<string, unknown> }
		const fields = Object.keys(base.formData)
		if (roll < 0.55) {
			// One to three fields of a valid body replaced by something hostile, or removed.
			const labels: string[] = []
			for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
				const field = pick(fields)
				if (next() < 0.15) {
					delete base.formData[field]
					labels.push(`${field} removed`)
				} else {
					const [label, make] = pick(nasty)
					base.formData[field] = make()
					labels.push(`${field}=${label}`)
				}
			}
			cases.push({ label: `lead with ${labels.join(', ')}`, path: '/api/leads', headers: json, body: JSON.stringify(base) })
		} else if (roll < 0.65) {
			const [label, make] = pick(nasty)
			const top = pick(['formData', 'sourcePage', 'consentVersion', 'attribution', 'website', 'constructor'])
			;(base as Record<string, unknown>)[top] = make()
			cases.push({ label: `lead with ${top}=${label}`, path: '/api/leads', headers: json, body: JSON.stringify(base) })
		} else if (roll < 0.75) {
			const text = JSON.stringify(base)
			const broken = pick([
				['truncated JSON', text.slice(0, Math.floor(next() * text.length))],
				['top-level array', '[1,2,3]'],
				['top-level string', '"lead"'],
				['top-level null', 'null'],
				['empty body', ''],
				['trailing garbage', `${text}}}}`],
				['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1')],
			] as const)
			cases.push({ label: broken[0], path: '/api/leads', headers: json, body: broken[1] })
		} else if (roll < 0.8) {
			cases.push({
				label: 'lead as form data',
				path: '/api/leads',
				headers: pick<Record<string, string>>([
					{ 'Content-Type': 'application/x-www-form-urlencoded' },
					{ 'Content-Type': 'text/plain' },
					{},
				]),
				body: 'firstName=Jane',
			})
		} else if (roll < 0.9) {
			const id = pick(['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%00', '1; select 1', crypto.randomUUID()])
			const [label, make] = pick(nasty)
			cases.push({
				label: `long form for ${id} with ${label}`,
				path: `/api/leads/${encodeURIComponent(id)}/long-form`,
				headers: { ...json, Authorization: pick(['Bearer junk', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(5000)}`]) },
				body: JSON.stringify({ formData: { ...base.formData, formMode: 'long', exitStrategy: make() } }),
			})
		} else {
			const [label, make] = pick(nasty)
			const value = make()
			const field = pick(['name', 'email', 'phone', 'message', 'website'])
			const form = new URLSearchParams({
				name: 'Jane Doe',
				email: 'jane@example.com',
				phone: '(949) 555-0123',
				message: 'Hello there, a question.',
			})
			form.set(field, typeof value === 'string' ? value : JSON.stringify(value))
			cases.push({
				label: `contact form with ${field}=${label}`,
				path: '/contact',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: form.toString(),
			})
		}
	}
	// Bodies over the limit: a 413, read to a bound first so the client gets the answer instead of a reset.
	for (const size of [70_000, 500_000, 1_000_000]) {
		cases[Math.floor(next() * cases.length)] = {
			label: `${size}-byte body`,
			path: '/api/leads',
			headers: json,
			body: `{"formData":"${'x'.repeat(size)}"}`,
		}
	}
	return [...cases, ...forms]
}
