import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { describe, expect, test } from 'vitest'
import { createAddressPolicy, guardedLookup, refusedAtOnce } from './address-guard.server.ts'
import { parseRetryAfter } from './post-webhook.server.ts'
import { decryptSecret, encryptSecret, newWebhookEventId, newWebhookSecret, webhookHeaders, webhookKeyFrom } from './signing.server.ts'
import {
	type ClaimedDelivery,
	failureText,
	nextDelaySeconds,
	outboundRequest,
	UNREADABLE_TOKEN,
	WEBHOOK_MAX_ATTEMPTS,
} from './webhook-delivery.server.ts'
import { signingSecrets, UNREADABLE_SECRET } from './webhooks.server.ts'
import { leadData, PAYLOAD_MAX_BYTES, webhookBody } from './webhook-payloads.ts'
import { WEBHOOK_EVENT_TYPES, replaySinceSchema, webhookEndpointSchema } from './webhook-schema.ts'
import { payloadConsent, payloadLead } from '../../../tests/payload-fixtures.ts'

const lead = payloadLead
const consent = payloadConsent

describe('Standard Webhooks signatures, checked by the standardwebhooks package', () => {
	test('a secret is whsec_ + base64 of 32 random bytes, and an event id is msg_...', () => {
		const secret = newWebhookSecret()
		expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
		expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
		expect(newWebhookEventId()).toMatch(/^msg_[0-9a-f]{32}$/)
	})

	test.each(WEBHOOK_EVENT_TYPES)('%s verifies with the endpoint secret', (type) => {
		const secret = newWebhookSecret()
		const body = JSON.stringify(webhookBody(type, { lead: leadData(lead, consent, null, 'https://lender.example') }))
		const id = newWebhookEventId()
		const headers = webhookHeaders({ id, timestampSeconds: Math.floor(Date.now() / 1000), body, secrets: [secret] })
		expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
		expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type, data: { lead: { id: lead.id } } })
		// A changed body or another secret fails.
		expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError)
		expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError)
	})

	test.each(WEBHOOK_EVENT_TYPES)('%s during a rotation carries two signatures, each verifying with its secret', (type) => {
		const [previous, current] = [newWebhookSecret(), newWebhookSecret()]
		const body = JSON.stringify(webhookBody(type, { lead: leadData(lead, consent, null, 'https://lender.example') }))
		const headers = webhookHeaders({
			id: newWebhookEventId(),
			timestampSeconds: Math.floor(Date.now() / 1000),
			body,
			secrets: [current, previous],
		})
		expect(headers['webhook-signature'].split(' ')).toHaveLength(2)
		expect(new Webhook(current).verify(body, headers)).toMatchObject({ type })
		expect(new Webhook(previous).verify(body, headers)).toMatchObject({ type })
	})

	test('our signature equals the package signing the same id, time and body', () => {
		const secret = newWebhookSecret()
		const at = new Date('2026-11-26T10:00:00Z')
		const body = '{"type":"lead.created"}'
		const headers = webhookHeaders({ id: 'msg_1', timestampSeconds: at.getTime() / 1000, body, secrets: [secret] })
		expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, body))
	})

	test('a secret that is not whsec_ signs nothing; a sealed secret in another format is not opened', () => {
		expect(() => webhookHeaders({ id: 'msg_1', timestampSeconds: 1, body: '{}', secrets: ['c2VjcmV0'] })).toThrow(
			'A webhook secret starts with whsec_',
		)
		const key = webhookKeyFrom('a'.repeat(32))
		const sealed = encryptSecret(key, newWebhookSecret())
		expect(() => decryptSecret(key, `v2.${sealed.slice(3)}`)).toThrow('Unknown webhook secret format')
	})

	test('secrets at rest: encrypted under a key derived from the auth secret, unreadable with another', () => {
		const key = webhookKeyFrom('a'.repeat(32))
		const secret = newWebhookSecret()
		const stored = encryptSecret(key, secret)
		expect(stored).not.toContain(secret.slice(6, 20))
		expect(decryptSecret(key, stored)).toBe(secret)
		expect(() => decryptSecret(webhookKeyFrom('b'.repeat(32)), stored)).toThrow()
	})
})

describe('payloads', () => {
	test('{type, timestamp, data} with labelled answers, consent evidence, both touches, status, owner and link', () => {
		const owner = { id: 'u1', name: 'Olivia Officer', email: 'olivia@example.com' }
		const body = webhookBody('lead.created', { lead: leadData(lead, consent, owner, 'https://lender.example') })
		expect(body).toMatchObject({ type: 'lead.created', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
		expect(body.data.lead).toMatchObject({
			url: `https://lender.example/dashboard/leads?lead=${lead.id}`,
			status: 'new',
			consent: { text: consent.consentText, version: '2026-01', hash: 'abc', ipAddress: '198.51.100.20', userAgent: 'Mozilla/5.0' },
			attribution: { firstTouch: { utm_source: 'google' }, lastTouch: { utm_source: 'newsletter' } },
			owner: { id: 'u1', name: 'Olivia Officer' },
		})
		const answers = (body.data.lead as { answers: Array<{ key: string; label: string; value: string }> }).answers
		expect(answers).toContainEqual(expect.objectContaining({ key: 'loanProgram', value: expect.stringMatching(/DSCR/) }))
		expect(answers.every((answer) => answer.label.length > 0)).toBe(true)
	})

	test('a huge lead is cut under 20 KB and marked truncated', () => {
		// docs/decisions/0068: 20 KB, written out (a larger limit would still pass the checks below).
		expect(PAYLOAD_MAX_BYTES).toBe(20 * 1024)
		const answers = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`extra_${index}`, 'x'.repeat(900)]))
		const big = { ...lead, message: JSON.stringify(answers) }
		const body = webhookBody('lead.created', { lead: leadData(big, consent, null, 'https://lender.example') })
		expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(20 * 1024)
		expect(body.data.truncated).toBe(true)
	})

	test('a lead over 20 KB with fewer answers keeps them, cut to 200 characters, each cut one marked', () => {
		const answers = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`extra_${index}`, 'x'.repeat(900)]))
		const big = { ...lead, message: JSON.stringify({ ...JSON.parse(lead.message!), ...answers }) }
		const body = webhookBody('lead.created', { lead: leadData(big, consent, null, 'https://lender.example') })
		expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(20 * 1024)
		expect(body.data.truncated).toBe(true)
		const cut = (body.data.lead as { answers: Array<{ key: string; value: string; truncated?: true }> }).answers
		expect(cut.find((answer) => answer.key === 'extra_0')).toEqual(
			expect.objectContaining({ value: `${'x'.repeat(199)}…`, truncated: true }),
		)
		expect(cut.find((answer) => answer.key === 'loanProgram')).not.toHaveProperty('truncated')
	})

	test('an answer longer than 1,000 characters is cut in every payload and marked; a shorter one is whole', () => {
		// docs/decisions/0068: over 1,000 characters is cut (999 and the ellipsis); exactly 1,000 is whole.
		const long = {
			...lead,
			message: JSON.stringify({ ...JSON.parse(lead.message!), extra_long: 'y'.repeat(1500), extra_full: 'z'.repeat(1000) }),
		}
		const answers = leadData(long, consent, null, 'https://lender.example').answers
		const cut = answers.find((answer) => answer.key === 'extra_long')!
		expect(cut).toMatchObject({ value: `${'y'.repeat(999)}…`, truncated: true })
		expect(answers.find((answer) => answer.key === 'extra_full')).toEqual(expect.objectContaining({ value: 'z'.repeat(1000) }))
		expect(answers.length).toBeGreaterThan(1)
		expect(answers.filter((answer) => answer !== cut).every((answer) => !('truncated' in answer))).toBe(true)
	})
})

describe('delivery rules', () => {
	test('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then none; Retry-After wins', () => {
		expect(Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, index) => nextDelaySeconds(index + 1, null))).toEqual([
			5,
			300,
			1800,
			7200,
			18000,
			36000,
			36000,
			null,
		])
		expect(nextDelaySeconds(1, 120)).toBe(120)
		expect(nextDelaySeconds(1, 10 ** 9)).toBe(24 * 3600)
		expect(parseRetryAfter('30')).toBe(30)
		expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThanOrEqual(58)
		expect(parseRetryAfter('soon')).toBeNull()
	})

	test('a Retry-After of 0 still waits 1 second', () => {
		expect(nextDelaySeconds(1, 0)).toBe(1)
		expect(nextDelaySeconds(3, 1)).toBe(1)
	})

	test('a failure reads as the error and the receiver’s first words on one line, at most 500 characters', () => {
		const outcome = { status: 400, retryAfterSeconds: null }
		expect(failureText({ ...outcome, error: 'HTTP 400', excerpt: '  {"status":"error",\n\t"message": "Bad form"}  ' })).toBe(
			'HTTP 400: {"status":"error", "message": "Bad form"}',
		)
		expect(failureText({ ...outcome, error: null, excerpt: '' })).toBe('failed')
		expect(failureText({ ...outcome, error: 'HTTP 400', excerpt: 'x'.repeat(600) })).toBe(`HTTP 400: ${'x'.repeat(490)}`)
	})

	test('private, loopback, link-local and mapped addresses are refused unless allowed', () => {
		const strict = createAddressPolicy([])
		for (const address of [
			'127.0.0.1',
			'10.1.2.3',
			'172.16.0.1',
			'192.168.1.1',
			'169.254.169.254',
			'::1',
			'fe80::1',
			'fd00::1',
			'::ffff:127.0.0.1',
			// The IPv4-mapped form written in hex: ::ffff:7f00:1 is 127.0.0.1, ::ffff:a00:1 is 10.0.0.1.
			'::ffff:7f00:1',
			'::ffff:a00:1',
			'0.0.0.0',
			'100.64.0.1',
			// IPv4 inside IPv6 other than mapped: IPv4-compatible, IPv4-translated and 6to4 forms of 127.0.0.1.
			'::7f00:1',
			'::ffff:0:7f00:1',
			'2002:7f00:1::',
		])
			expect(strict.allows('receiver.example', address), address).toBe(false)
		expect(strict.allows('receiver.example', '93.184.215.14')).toBe(true)
		expect(strict.allows('receiver.example', '2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true)
		const allowed = createAddressPolicy(['127.0.0.1', '10.0.0.0/8', 'crm.internal'])
		expect(allowed.allows('x', '127.0.0.1')).toBe(true)
		expect(allowed.allows('x', '10.200.0.1')).toBe(true)
		expect(allowed.allows('crm.internal', '192.168.5.5')).toBe(true)
		expect(allowed.allows('x', '192.168.5.5')).toBe(false)
	})

	test('Teredo addresses (2001::/32) are refused: the last 32 bits are a client IPv4 address, inverted (docs/decisions/0083)', () => {
		const strict = createAddressPolicy([])
		// Server 65.54.227.120, client 192.168.1.1 (0xc0a80101 inverted is 0x3f57fefe), and client 127.0.0.1.
		expect(strict.allows('receiver.example', '2001:0:4136:e378:8000:63bf:3f57:fefe')).toBe(false)
		expect(strict.allows('receiver.example', '2001::80ff:fffe')).toBe(false)
		// Around it, public IPv6 stays reachable (2001:4860:: is a global unicast range) and an allowed range still opens it.
		expect(strict.allows('receiver.example', '2001:4860:4860::8888')).toBe(true)
		expect(createAddressPolicy(['2001::/32']).allows('x', '2001:0:4136:e378:8000:63bf:3f57:fefe')).toBe(true)
	})

	test('an IPv4 address is allowed by its IPv4-mapped range, and a mapped address by its IPv4 range', () => {
		expect(createAddressPolicy(['::ffff:10.0.0.0/104']).allows('x', '10.1.2.3')).toBe(true)
		expect(createAddressPolicy(['10.0.0.0/8']).allows('x', '::ffff:10.1.2.3')).toBe(true)
		expect(createAddressPolicy(['::1']).allows('x', '127.0.0.1')).toBe(false)
		expect(createAddressPolicy([]).allows('x', 'not an address')).toBe(false)
		expect(createAddressPolicy([]).allows('x', '0x7f.1')).toBe(false)
	})

	test('an IP address in an endpoint URL is refused when saved, in its IPv4-mapped forms too', () => {
		const strict = createAddressPolicy([])
		for (const url of ['https://[::ffff:127.0.0.1]/hook', 'https://[::ffff:7f00:1]/hook', 'https://[::ffff:a9fe:a9fe]/hook'])
			expect(refusedAtOnce(strict, url), url).toMatch(/private, loopback or link-local/)
		expect(refusedAtOnce(strict, 'https://[::ffff:5db8:d70e]/hook')).toBeNull()
	})

	test('localhost, its subdomains and a trailing dot are refused when saved, unless the policy allows them', () => {
		const strict = createAddressPolicy([])
		for (const url of ['https://localhost/hook', 'https://crm.localhost/hook', 'https://localhost./hook', 'https://[::1]/hook'])
			expect(refusedAtOnce(strict, url), url).toMatch(/private, loopback or link-local/)
		expect(refusedAtOnce(strict, 'https://crm.example/hook')).toBeNull()
		expect(refusedAtOnce(createAddressPolicy(['127.0.0.1']), 'https://crm.localhost/hook')).toBeNull()
	})

	test('an allowed host name matches whatever its case and a trailing dot', () => {
		const allowed = createAddressPolicy(['CRM.Internal'])
		for (const hostname of ['crm.internal', 'CRM.INTERNAL', 'crm.internal.'])
			expect(allowed.allows(hostname, '192.168.5.5'), hostname).toBe(true)
		expect(allowed.allows('other.internal', '192.168.5.5')).toBe(false)
	})

	test('a name that resolves to no address is refused; asked for every address, the lookup gives them all', async () => {
		const strict = createAddressPolicy([])
		const lookupThrough = (addresses: string[], all: boolean) =>
			new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
				const lookup = guardedLookup(strict, (_hostname, _options, callback) =>
					callback(
						null,
						addresses.map((address) => ({ address, family: 4 })),
					),
				)
				lookup('crm.example', { all }, (error, address) => resolve({ error, address }))
			})
		expect((await lookupThrough([], false)).error).toMatchObject({ code: 'EBLOCKED', name: 'BlockedAddressError' })
		expect(await lookupThrough(['93.184.215.14', '93.184.215.15'], true)).toEqual({
			error: null,
			address: [
				{ address: '93.184.215.14', family: 4 },
				{ address: '93.184.215.15', family: 4 },
			],
		})
	})

	test('a name is refused when any address it resolves to is private, though another is public', async () => {
		const strict = createAddressPolicy([])
		const lookupThrough = (addresses: string[]) =>
			new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
				const lookup = guardedLookup(strict, (_hostname, _options, callback) =>
					callback(
						null,
						addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
					),
				)
				lookup('crm.example', {}, (error, address) => resolve({ error, address }))
			})
		for (const addresses of [
			['93.184.215.14', '10.0.0.5'],
			['10.0.0.5', '93.184.215.14'],
			['93.184.215.14', '::ffff:7f00:1'],
			['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'fd00::1'],
		]) {
			const { error } = await lookupThrough(addresses)
			expect(error, addresses.join(' ')).toMatchObject({ code: 'EBLOCKED', name: 'BlockedAddressError' })
		}
		expect(await lookupThrough(['93.184.215.14', '93.184.215.15'])).toEqual({ error: null, address: '93.184.215.14' })
	})

	test('the form schema: https only unless WEBHOOK_ALLOW_HTTP, at least one known event', () => {
		const strict = webhookEndpointSchema({ allowHttp: false })
		const standard = (url: string, eventTypes: string[] = ['lead.created']) => ({ kind: 'standard', url, eventTypes })
		expect(strict.safeParse(standard('https://crm.example/hook')).success).toBe(true)
		expect(strict.safeParse(standard('http://crm.example/hook')).success).toBe(false)
		expect(strict.safeParse(standard('https://user:pw@crm.example/hook')).success).toBe(false)
		// Port 0 is no port (a request to it went to 443 instead).
		expect(strict.safeParse(standard('https://crm.example:0/hook')).success).toBe(false)
		expect(strict.safeParse(standard('https://crm.example:8443/hook')).success).toBe(true)
		expect(strict.safeParse(standard('https://crm.example/hook', [])).success).toBe(false)
		expect(strict.safeParse(standard('https://crm.example/hook', ['lead.deleted'])).success).toBe(false)
		expect(webhookEndpointSchema({ allowHttp: true }).safeParse(standard('http://127.0.0.1:9/x', ['quote.chosen'])).success).toBe(true)
		expect(
			strict.safeParse({ kind: 'zapier', url: 'https://crm.example/hook', eventTypes: ['lead.created'] }).error?.issues[0],
		).toMatchObject({
			path: ['kind'],
		})
	})

	test('the form schema’s limits: a description of 200 characters, the events in the screen’s order, once each', () => {
		const strict = webhookEndpointSchema({ allowHttp: false })
		const standard = (fields: Record<string, unknown>) =>
			strict.safeParse({ kind: 'standard', url: 'https://crm.example/hook', eventTypes: ['lead.created'], ...fields })
		expect(standard({ url: `https://crm.example/${'a'.repeat(1980)}` }).success).toBe(true)
		expect(standard({ url: `https://crm.example/${'a'.repeat(1981)}` }).error?.issues[0]?.message).toBe('The address is too long')
		expect(standard({ description: 'd'.repeat(200) }).success).toBe(true)
		expect(standard({ description: 'd'.repeat(201) }).error?.issues[0]?.message).toBe('Keep the description under 200 characters')
		expect(standard({ eventTypes: ['quote.chosen', 'lead.created', 'quote.chosen'] }).data?.eventTypes).toEqual([
			'lead.created',
			'quote.chosen',
		])
	})

	test('the HubSpot account ID has at most 12 digits and the access token at most 500 characters', () => {
		const schema = webhookEndpointSchema({ allowHttp: false })
		const hubspot = (fields: Record<string, string>) =>
			schema.safeParse({
				kind: 'hubspot',
				portalId: '62515',
				formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
				eventTypes: ['lead.created'],
				...fields,
			})
		expect(hubspot({ portalId: '1'.repeat(12) }).success).toBe(true)
		expect(hubspot({ portalId: '1'.repeat(13) }).success).toBe(false)
		expect(hubspot({ accessToken: 't'.repeat(500) }).success).toBe(true)
		expect(hubspot({ accessToken: 't'.repeat(501) }).error?.issues[0]?.message).toBe('The access token is too long')
	})

	test('"Replay failed since": a time with its own zone is read in it; an offset beyond 14 hours is refused', () => {
		expect(replaySinceSchema.parse({ since: '2026-01-15T08:30+02:00', offsetMinutes: '' }).since.toISOString()).toBe(
			'2026-01-15T06:30:00.000Z',
		)
		expect(replaySinceSchema.parse({ since: '2026-01-15T08:30', offsetMinutes: '-840' }).since.toISOString()).toBe(
			'2026-01-14T18:30:00.000Z',
		)
		expect(replaySinceSchema.parse({ since: '2026-01-15T08:30', offsetMinutes: '840' }).since.toISOString()).toBe(
			'2026-01-15T22:30:00.000Z',
		)
		expect(replaySinceSchema.safeParse({ since: '2026-01-15T08:30', offsetMinutes: '841' }).success).toBe(false)
		expect(replaySinceSchema.safeParse({ since: '2026-01-15T08:30', offsetMinutes: '-841' }).success).toBe(false)
	})

	test('the form schema of a HubSpot endpoint: an account number, a form ID, an optional subscription and token', () => {
		const schema = webhookEndpointSchema({ allowHttp: false })
		const hubspot = (fields: Record<string, string>) =>
			schema.safeParse({
				kind: 'hubspot',
				portalId: '62515',
				formGuid: '78C2891F-EBDD-44C0-BD94-15C012BBBFBF',
				eventTypes: ['lead.created'],
				...fields,
			})
		expect(hubspot({}).data).toMatchObject({
			kind: 'hubspot',
			portalId: '62515',
			formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
			subscriptionTypeId: null,
			accessToken: null,
			removeAccessToken: false,
		})
		expect(hubspot({ subscriptionTypeId: ' 999 ', accessToken: ' pat-na1-abc ' }).data).toMatchObject({
			subscriptionTypeId: '999',
			accessToken: 'pat-na1-abc',
		})
		const messageOf = (fields: Record<string, string>) =>
			hubspot(fields).error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)[0]
		expect(messageOf({ portalId: 'acme' })).toMatch(/^portalId: Enter your HubSpot account ID/)
		expect(messageOf({ formGuid: 'contact-us' })).toMatch(/^formGuid: Enter the form's ID/)
		expect(messageOf({ subscriptionTypeId: 'marketing' })).toMatch(/^subscriptionTypeId: The subscription type ID is a number/)
		expect(messageOf({ accessToken: 'pat with spaces' })).toMatch(/^accessToken: /)
	})
})

describe('after AUTH_SECRET changed (decision 0068: rotate the secret)', () => {
	const oldKey = webhookKeyFrom('an-old-auth-secret-0123456789abcdefghij')
	const newKey = webhookKeyFrom('a-new-auth-secret-0123456789abcdefghijk')
	const later = new Date(Date.now() + 3600_000)

	test('a current secret sealed under the old key stops the attempt with a plain way out', () => {
		const endpoint = {
			secretEncrypted: encryptSecret(oldKey, newWebhookSecret()),
			previousSecretEncrypted: null,
			previousSecretExpiresAt: null,
		}
		expect(() => signingSecrets(newKey, endpoint)).toThrow(UNREADABLE_SECRET)
	})

	test('after a rotation the unreadable previous secret is left out: the new one signs alone, at once', () => {
		const fresh = newWebhookSecret()
		const endpoint = {
			secretEncrypted: encryptSecret(newKey, fresh),
			previousSecretEncrypted: encryptSecret(oldKey, newWebhookSecret()),
			previousSecretExpiresAt: later,
		}
		expect(signingSecrets(newKey, endpoint)).toEqual([fresh])
	})

	test('a HubSpot token sealed under the old key says to enter it again', () => {
		const delivery = {
			id: 1,
			attempts: 1,
			eventId: newWebhookEventId(),
			body: JSON.stringify(webhookBody('webhook.test', {})),
			endpoint: {
				kind: 'hubspot',
				hubspot: { portalId: '1', formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf', subscriptionTypeId: null },
				accessTokenEncrypted: encryptSecret(oldKey, 'pat-na1-x'),
				secretEncrypted: encryptSecret(newKey, newWebhookSecret()),
				previousSecretEncrypted: null,
				previousSecretExpiresAt: null,
			},
		} as unknown as ClaimedDelivery
		expect(() => outboundRequest(newKey, delivery, new Date())).toThrow(UNREADABLE_TOKEN)
		// Read with the key it was sealed under, it goes to HubSpot's authenticated address on the configured host.
		expect(outboundRequest(oldKey, delivery, new Date(), 'https://proxy.example.com')).toMatchObject({
			url: 'https://proxy.example.com/submissions/v3/integration/secure/submit/1/78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
			headers: { authorization: 'Bearer pat-na1-x' },
		})
	})
})
