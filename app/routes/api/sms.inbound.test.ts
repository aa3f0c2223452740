import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { smsOptOuts } from '#db/schema.ts'
import { twilioSignature } from '#app/features/sms/sms-inbound.server.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { createTestServices, routeContext } from '../../../tests/test-services.ts'
import { action } from './sms.inbound.ts'

// The vectors below are Twilio's own, from its helper libraries' request-validation tests.
/** docs/decisions/0111: Twilio's replies webhook, signed with the Auth Token; STOP opts the number out, START back in. */
let handle: DatabaseHandle
let twilio: AppServices
let unconfigured: AppServices
const TOKEN = 'twilio-auth-token-0123456789abcd'
const URL_CALLED = 'https://lender.example/api/sms/inbound'
const NUMBER = '+19495550177'

beforeAll(async () => {
	handle = await createTestDatabase()
	twilio = createTestServices(handle, {
		BASE_URL: 'https://lender.example',
		TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`,
		TWILIO_AUTH_TOKEN: TOKEN,
		TWILIO_FROM: '+15005550006',
	})
	unconfigured = createTestServices(handle, { BASE_URL: 'https://lender.example' })
})
afterAll(() => handle.close())

async function post(services: AppServices, fields: Record<string, string>, signature?: string | null, ip = '198.51.100.7', query = '') {
	const params = new URLSearchParams(fields)
	const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
	const sig = signature === undefined ? twilioSignature(TOKEN, URL_CALLED + query, params) : signature
	if (sig !== null) headers['X-Twilio-Signature'] = sig
	// The request reaches the app under another address (a proxy); Twilio signed the public one.
	const request = new Request(`http://10.0.0.5:3000/api/sms/inbound${query}`, { method: 'POST', headers, body: params })
	return (await action({ request, context: routeContext(services, { clientIp: ip }), params: {} } as never)) as Response
}

const optedOut = async (phone = NUMBER) => (await handle.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).length === 1
const reply = (Body: string, From = NUMBER) => ({ MessageSid: 'SM1', AccountSid: `AC${'a1'.repeat(16)}`, From, To: '+15005550006', Body })

describe('the signature', () => {
	test('matches Twilio’s published vectors (one value per field, and a field given several times)', () => {
		const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
		const call = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' }
		expect(twilioSignature('12345', url, new URLSearchParams(call))).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=')
		const repeated = [
			['Sid', 'CA123'],
			['SidAccount', 'AC123'],
			['Digits', '5678'],
			['Digits', '1234'],
			['Digits', '1234'],
		]
		expect(twilioSignature('12345', url, new URLSearchParams(repeated))).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=')
	})
})

describe('POST /api/sms/inbound', () => {
	test('a signed STOP opts the number out; a signed START opts it back in; the answer is empty TwiML', async () => {
		const stop = await post(twilio, reply('STOP'))
		expect(stop.status).toBe(200)
		expect(stop.headers.get('content-type')).toContain('text/xml')
		expect(await stop.text()).toContain('<Response></Response>')
		expect(await optedOut()).toBe(true)
		expect((await post(twilio, reply('Start'))).status).toBe(200)
		expect(await optedOut()).toBe(false)
	})

	test('every opt-out word counts', async () => {
		for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit.']) {
			await post(twilio, reply(word))
			expect(await optedOut(), word).toBe(true)
			await post(twilio, reply('UNSTOP'))
			expect(await optedOut(), word).toBe(false)
		}
	})

	test('a wrong or missing signature is refused with 403 and changes nothing', async () => {
		const wrong = twilioSignature('another-token-0123456789abcdef', URL_CALLED, new URLSearchParams(reply('STOP')))
		expect((await post(twilio, reply('STOP'), wrong)).status).toBe(403)
		expect((await post(twilio, reply('STOP'), null)).status).toBe(403)
		// Signed for other fields: the Body was changed on the way.
		const signedStart = twilioSignature(TOKEN, URL_CALLED, new URLSearchParams(reply('START')))
		expect((await post(twilio, reply('STOP'), signedStart)).status).toBe(403)
		expect(await optedOut()).toBe(false)
	})

	test('bad input is refused with a specific error', async () => {
		const notE164 = await post(twilio, reply('STOP', '949-555-0177'))
		expect(notE164.status).toBe(400)
		expect(await notE164.text()).toBe('From must be a phone number in E.164 form')
		const json = new Request('http://10.0.0.5:3000/api/sms/inbound', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(reply('STOP')),
		})
		expect(((await action({ request: json, context: routeContext(twilio), params: {} } as never)) as Response).status).toBe(415)
	})

	test('without Twilio configured (texts go to files) an unsigned reply is accepted', async () => {
		expect((await post(unconfigured, reply('STOP', '+19495550178'), null)).status).toBe(200)
		expect(await optedOut('+19495550178')).toBe(true)
	})

	test('one address gets 300 posts per 10 minutes: the 301st is refused with Retry-After, another address is not', async () => {
		const statuses: number[] = []
		for (let i = 0; i < 300; i++) statuses.push((await post(twilio, reply('hello'), undefined, '198.51.100.99')).status)
		expect(statuses.filter((status) => status !== 200)).toEqual([])
		const refused = await post(twilio, reply('hello'), undefined, '198.51.100.99')
		expect(refused.status).toBe(429)
		// The window is 10 minutes: the wait asked for is close to 600 seconds, not a minute.
		const retryAfter = Number(refused.headers.get('retry-after'))
		expect(retryAfter).toBeGreaterThan(540)
		expect(retryAfter).toBeLessThanOrEqual(600)
		expect((await post(twilio, reply('hello'), undefined, '198.51.100.98')).status).toBe(200)
	})

	test('only a POST is taken: another method is answered 405 and changes nothing', async () => {
		const put = new Request('http://10.0.0.5:3000/api/sms/inbound', {
			method: 'PUT',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(reply('STOP', '+19495550181')),
		})
		const answer = (await action({ request: put, context: routeContext(unconfigured), params: {} } as never)) as Response
		expect(answer.status).toBe(405)
		expect(answer.headers.get('allow')).toBe('POST')
		expect(await optedOut('+19495550181')).toBe(false)
	})

	test('a body of 1,600 characters is taken; one of 1,601 is refused with 400', async () => {
		expect((await post(twilio, reply('x'.repeat(1600)))).status).toBe(200)
		const tooLong = await post(twilio, reply('x'.repeat(1601)))
		expect(tooLong.status).toBe(400)
		expect(await tooLong.text()).toBe('Body is longer than a text message can be')
	})

	test('From must start with + and a country code, never 0', async () => {
		for (const from of ['19495550177', '+09495550177']) {
			const answer = await post(twilio, reply('STOP', from))
			expect(answer.status, from).toBe(400)
			expect(await answer.text(), from).toBe('From must be a phone number in E.164 form')
		}
	})

	test('START opts back in the number that sent it only; a second STOP changes nothing', async () => {
		const other = '+19495550179'
		await post(twilio, reply('STOP'))
		expect((await post(twilio, reply('STOP'))).status).toBe(200)
		await post(twilio, reply('STOP', other))
		expect(await optedOut()).toBe(true)
		await post(twilio, reply('START'))
		expect(await optedOut()).toBe(false)
		expect(await optedOut(other)).toBe(true)
	})

	test('the signature covers the query of the address Twilio called', async () => {
		const query = '?source=twilio'
		expect((await post(twilio, reply('hello'), undefined, '198.51.100.7', query)).status).toBe(200)
		const withoutQuery = twilioSignature(TOKEN, URL_CALLED, new URLSearchParams(reply('hello')))
		expect((await post(twilio, reply('hello'), withoutQuery, '198.51.100.7', query)).status).toBe(403)
	})
})
