import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { contactMessages, outbox, rateLimits } from '#db/schema.ts'
import { createTestServices, formRequest, routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { UNSAFE_TEXT_MESSAGE } from '#app/features/validation/safe-text.ts'
import { nameMessages } from '#app/features/validation/form-fields.ts'
import { action } from './contact.tsx'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(contactMessages)
	await handle.db.delete(outbox)
	await handle.db.delete(rateLimits)
})

const valid = {
	name: 'Jane Investor',
	email: 'jane@example.com',
	phone: '(949) 555-0123',
	message: 'I would like a DSCR quote for a duplex.',
}

async function submit(fields: Record<string, string>, clientIp = '198.51.100.7', through = services) {
	const result = await action({
		request: formRequest('http://localhost:3000/contact', fields),
		context: routeContext(through, { clientIp }),
		params: {},
	} as never)
	const { data, init } = result as unknown as { data: Record<string, unknown>; init: ResponseInit | null }
	return { body: data, status: init?.status ?? 200, headers: new Headers(init?.headers) }
}

const storedMessages = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n

describe('contact form action', () => {
	test('a valid message is stored and a notification to the admin e-mail is queued', async () => {
		const { body, status } = await submit(valid)
		expect(status).toBe(200)
		expect(body).toEqual({ ok: true })
		const [stored] = await handle.db.select().from(contactMessages)
		// docs/decisions/0077: the phone is stored in E.164.
		expect(stored).toMatchObject({ ...valid, phone: '+19495550123', userAgent: 'vitest', readAt: null })
		const [queued] = await handle.db.select().from(outbox)
		const settings = await services.content.get('settings')
		expect(queued).toMatchObject({ kind: 'contact-message', status: 'pending', attempts: 0 })
		expect(queued!.payload).toMatchObject({
			to: [settings.adminEmail],
			replyTo: valid.email,
			subject: 'New contact message from Jane Investor',
		})
		expect((queued!.payload as { text: string }).text).toContain(valid.message)
		// The seeded name ends in a period: the sentence must not end in "Co..".
		expect((queued!.payload as { text: string }).text).toContain('the contact page of Example Lending Co.\n')
		expect((queued!.payload as { text: string }).text).not.toContain('..')
		expect(services.wakeOutbox).toHaveBeenCalled()
	})

	test.each([
		['name', 'J', 'Name must be at least 2 characters'],
		['email', 'jane@', 'Please enter a valid email address'],
		['phone', '555-0123', 'Please enter a valid phone number'],
		['message', 'Call me', 'Message must be at least 10 characters'],
	] as const)('an invalid %s is refused with "%s"', async (field, value, message) => {
		const { body, status } = await submit({ ...valid, [field]: value })
		expect(status).toBe(400)
		expect(body).toMatchObject({ ok: false, errors: { [field]: message } })
		expect(Object.keys(body.errors as object)).toEqual([field])
		expect(await storedMessages()).toBe(0)
	})

	test('a name of 120 characters is taken; one of 121 is refused', async () => {
		const long = (length: number) => `Jane ${'a'.repeat(length - 5)}`
		const refused = await submit({ ...valid, name: long(121) }, '198.51.100.51')
		expect(refused.status).toBe(400)
		expect(Object.keys(refused.body.errors as object)).toEqual(['name'])
		expect(await storedMessages()).toBe(0)
		expect((await submit({ ...valid, name: long(120) }, '198.51.100.51')).status).toBe(200)
		expect(await storedMessages()).toBe(1)
	})

	test('the notification gives the phone as people write it, the time, the reference and the site', async () => {
		await submit(valid)
		const [stored] = await handle.db.select().from(contactMessages)
		const [queued] = await handle.db.select().from(outbox)
		const lines = (queued!.payload as { text: string }).text.split('\n')
		expect(lines).toContain('Phone: (949) 555-0123')
		expect(lines).toContain(`Reference: ${stored!.id}`)
		expect(lines).toContain('Site: http://localhost:3000')
		expect(lines.some((line) => /^Received: .+/.test(line))).toBe(true)
	})

	test('a user agent is stored up to 500 characters', async () => {
		await action({
			request: formRequest('http://localhost:3000/contact', valid),
			context: routeContext(services, { clientIp: '198.51.100.52', userAgent: 'u'.repeat(600) }),
			params: {},
		} as never)
		const [stored] = await handle.db.select().from(contactMessages)
		expect(stored!.userAgent).toBe('u'.repeat(500))
	})

	test('a message of 5000 characters is taken; one of 5001 is refused', async () => {
		const refused = await submit({ ...valid, message: 'x'.repeat(5001) }, '198.51.100.50')
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({ ok: false, errors: { message: 'Message must be at most 5000 characters' } })
		expect(await storedMessages()).toBe(0)
		expect((await submit({ ...valid, message: 'x'.repeat(5000) }, '198.51.100.50')).status).toBe(200)
		expect(await storedMessages()).toBe(1)
	})

	test('every empty field gets its message at once, and the typed values come back', async () => {
		const { body } = await submit({ name: '', email: '', phone: '', message: 'short' })
		expect(body.errors).toEqual({
			name: 'Name must be at least 2 characters',
			email: 'Please enter a valid email address',
			phone: 'Please enter a valid phone number',
			message: 'Message must be at least 10 characters',
		})
		expect(body.values).toMatchObject({ message: 'short' })
	})

	test.each([
		['name', 'Jane\u0000Investor'],
		['email', 'jane@example.com\u0007'],
		['message', 'I would like a quote\u0000 for a duplex.'],
	] as const)(
		'%s with NUL or a control character is refused with the field message, nothing stored (docs/decisions/0023)',
		async (field, value) => {
			const { body, status } = await submit({ ...valid, [field]: value })
			expect(status).toBe(400)
			expect(body).toMatchObject({ ok: false, errors: { [field]: UNSAFE_TEXT_MESSAGE } })
			expect(await storedMessages()).toBe(0)
		},
	)

	test('a body that is not a form answers 415, not a server error', async () => {
		const request = new Request('http://localhost:3000/contact', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
			body: JSON.stringify(valid),
		})
		const result = (await action({ request, context: routeContext(services), params: {} } as never)) as unknown as {
			init: ResponseInit | null
		}
		expect(result.init?.status).toBe(415)
		expect(await storedMessages()).toBe(0)
	})

	test('hostile text is stored verbatim, not interpreted; a name takes only what names are made of', async () => {
		// docs/decisions/0077: markup in a name is refused with the reason; in the message it is kept as typed.
		const markup = await submit({ ...valid, name: `<script>alert("x")</script>` })
		expect(markup.status).toBe(400)
		expect(markup.body.errors).toEqual({ name: nameMessages('Name').characters })
		const hostile = {
			...valid,
			name: `Robert O'Brien`,
			message: `Robert'); DROP TABLE contact_messages;-- <b>hi</b> <script>alert("x")</script>`,
		}
		expect((await submit(hostile)).status).toBe(200)
		const [stored] = await handle.db.select().from(contactMessages)
		expect(stored).toMatchObject({ name: hostile.name, message: hostile.message })
	})

	test('the honeypot refuses bots with a message a person can act on', async () => {
		const { body, status } = await submit({ ...valid, website: 'http://spam.example' })
		expect(status).toBe(400)
		expect(body.formError).toMatch(/We could not send your message\. Please call us at \(949\) 555-0142/)
		expect(await storedMessages()).toBe(0)
	})

	test('more than 5 messages in 10 minutes from one address are refused with 429 and Retry-After', async () => {
		for (let i = 0; i < 5; i++) expect((await submit(valid)).status).toBe(200)
		const refused = await submit(valid)
		expect(refused.status).toBe(429)
		expect(refused.body.formError).toMatch(/^You have sent several messages in a short time\. Please try again in 10 minutes/)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500)
		expect(await storedMessages()).toBe(5)
		// Another visitor is not affected.
		expect((await submit(valid, '198.51.100.8')).status).toBe(200)
	})

	test('CONTACT_RATE_LIMIT_PER_10_MINUTES sets how many messages one address may send in 10 minutes', async () => {
		const raised = createTestServices(handle, { CONTACT_RATE_LIMIT_PER_10_MINUTES: '7' })
		for (let i = 0; i < 7; i++) expect((await submit(valid, '198.51.100.9', raised)).status).toBe(200)
		expect((await submit(valid, '198.51.100.9', raised)).status).toBe(429)
		expect(() => createTestServices(handle, { CONTACT_RATE_LIMIT_PER_10_MINUTES: '0' })).toThrow(
			/CONTACT_RATE_LIMIT_PER_10_MINUTES must be 1 or more/,
		)
	})

	test('a message with a mistake does not count against the limit: the form checks happen before it', async () => {
		// The page has no script of its own to check the fields (docs/decisions/0037): its messages are the action's answer.
		for (let i = 0; i < 8; i++) expect((await submit({ ...valid, email: 'jane-at-example.com' })).status).toBe(400)
		for (let i = 0; i < 5; i++) expect((await submit(valid)).status).toBe(200)
		expect((await submit(valid)).status).toBe(429)
	})

	test('the window resets after 10 minutes', async () => {
		for (let i = 0; i < 6; i++) await submit(valid)
		await handle.db.update(rateLimits).set({ windowStartedAt: sql`now() - interval '601 seconds'` })
		expect((await submit(valid)).status).toBe(200)
	})

	test('message and notification are one transaction: if queuing fails, the message is not stored either', async () => {
		await handle.db.execute(sql`alter table outbox add constraint reject_contact check (kind <> 'contact-message')`)
		try {
			await expect(submit(valid)).rejects.toThrow()
			expect(await storedMessages()).toBe(0)
		} finally {
			await handle.db.execute(sql`alter table outbox drop constraint reject_contact`)
		}
	})

	test('with notifications switched off the message is stored and nothing is queued', async () => {
		const settings = await services.content.get('settings')
		await services.content.save('settings', { ...settings, enableNotifications: false }, 'test')
		try {
			expect((await submit(valid)).status).toBe(200)
			expect(await storedMessages()).toBe(1)
			expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'contact-message'))).toHaveLength(0)
		} finally {
			await services.content.save('settings', settings, 'test')
		}
	})
})
