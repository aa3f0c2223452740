import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createSmsTransport, createTwilioTransport } from './sms-transport.server.ts'

/** docs/decisions/0111: Twilio's Messages API, against a local server standing in for Twilio. */
type Received = { method: string; url: string; authorization: string | undefined; contentType: string | undefined; form: URLSearchParams }
let server: http.Server
let apiUrl: string
const received: Received[] = []
let answer = { status: 201, body: '{"sid":"SM123"}' }

beforeAll(async () => {
	server = http.createServer((request, response) => {
		let body = ''
		request.on('data', (chunk) => (body += chunk))
		request.on('end', () => {
			received.push({
				method: request.method ?? '',
				url: request.url ?? '',
				authorization: request.headers.authorization,
				contentType: request.headers['content-type'],
				form: new URLSearchParams(body),
			})
			response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const SID = `AC${'a1'.repeat(16)}`
const TOKEN = 'twilio-auth-token-0123456789abcd'

describe('the Twilio transport', () => {
	test('posts To, From and Body, form-encoded, with basic auth, to the account’s Messages.json', async () => {
		received.length = 0
		answer = { status: 201, body: '{"sid":"SM123"}' }
		const transport = createTwilioTransport({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiUrl })
		await transport.send({ to: '+19495550101', body: 'New lead assigned to you: Jane, DSCR, Florida.', id: '<outbox-1@x>' })
		expect(received).toHaveLength(1)
		const [request] = received
		expect(request!.method).toBe('POST')
		expect(request!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
		expect(request!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
		expect(request!.contentType).toContain('application/x-www-form-urlencoded')
		expect(Object.fromEntries(request!.form)).toEqual({
			To: '+19495550101',
			From: '+15005550006',
			Body: 'New lead assigned to you: Jane, DSCR, Florida.',
		})
	})

	test('a Messaging Service SID is sent as MessagingServiceSid, not From', async () => {
		received.length = 0
		const service = `MG${'b2'.repeat(16)}`
		await createTwilioTransport({ accountSid: SID, authToken: TOKEN, from: service, apiUrl }).send({
			to: '+19495550101',
			body: 'Hi',
			id: '1',
		})
		expect(received[0]!.form.get('MessagingServiceSid')).toBe(service)
		expect(received[0]!.form.has('From')).toBe(false)
	})

	test('an answer other than 2xx fails the send (the outbox retries it) with Twilio’s own message, never the token', async () => {
		answer = { status: 400, body: '{"code":21211,"message":"The \'To\' number is not a valid phone number."}' }
		const send = createTwilioTransport({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiUrl }).send({
			to: '+19495550101',
			body: 'Hi',
			id: '1',
		})
		await expect(send).rejects.toThrow(/Twilio answered 400: 21211 The 'To' number is not a valid phone number/)
		await send.catch((error: Error) => expect(error.message).not.toContain(TOKEN))
	})

	test('the configuration picks Twilio only when its three variables are set together, and checks them at start', () => {
		const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/sms-config' }
		expect(createSmsTransport(loadConfig(base)).name).toBe('file')
		const twilio = { ...base, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006' }
		expect(createSmsTransport(loadConfig(twilio)).name).toBe('twilio')
		expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: SID })).toThrow(/TWILIO_AUTH_TOKEN, TWILIO_FROM/)
		expect(() => loadConfig({ ...twilio, TWILIO_FROM: '949-555-0101' })).toThrow(/TWILIO_FROM must be a phone number in E.164 form/)
		expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'not-a-sid' })).toThrow(/TWILIO_ACCOUNT_SID must be the Account SID/)
	})
})
