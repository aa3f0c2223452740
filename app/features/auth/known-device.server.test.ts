import { describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { knownDeviceCookie, knownDeviceKey } from './known-device.server.ts'

/** docs/decisions/0076: the cookie that marks a browser an account signed in from, and the slowdown key it earns. */
const servicesAt = (baseUrl: string) =>
	({ auth: { $context: Promise.resolve({ secret: 'a-test-secret-of-enough-length-000' }) }, config: { baseUrl } }) as unknown as AppServices

const requestWith = (cookie: string) => new Request('http://localhost:3000/login', { headers: { Cookie: cookie } })
const pair = (setCookie: string) => setCookie.split(';')[0]!

describe('the known-device cookie', () => {
	test('over https it is a __Host- cookie, Secure, HttpOnly, SameSite=Lax, for a year; over http it keeps its name', async () => {
		const secure = await knownDeviceCookie(servicesAt('https://lender.example'), 'jane@example.com')
		expect(secure).toMatch(/^__Host-known-device=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax; Secure$/)
		const plain = await knownDeviceCookie(servicesAt('http://localhost:3000'), 'jane@example.com')
		expect(plain).toMatch(/^known-device=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
	})

	test('makes the browser known to that account only, however the e-mail is typed; a forged or foreign cookie is no one’s', async () => {
		const services = servicesAt('http://localhost:3000')
		const cookie = pair(await knownDeviceCookie(services, 'jane@example.com'))
		const key = await knownDeviceKey(services, requestWith(`theme=dark; ${cookie}`), 'Jane@Example.com')
		expect(key).toMatch(/^login-device:/)
		expect(await knownDeviceKey(services, requestWith(cookie), 'bob@example.com')).toBeNull()
		const [name, value] = cookie.split('=') as [string, string]
		const [nonce, signed] = value.split('.') as [string, string]
		const forged = `${name}=${nonce}.${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`
		expect(await knownDeviceKey(services, requestWith(forged), 'jane@example.com')).toBeNull()
		// Over https the cookie goes by its __Host- name: the plain name is not read there.
		expect(await knownDeviceKey(servicesAt('https://lender.example'), requestWith(cookie), 'jane@example.com')).toBeNull()
	})

	test('each known browser has a slowdown of its own: two browsers of one account are two keys', async () => {
		const services = servicesAt('http://localhost:3000')
		const first = pair(await knownDeviceCookie(services, 'jane@example.com'))
		const second = pair(await knownDeviceCookie(services, 'jane@example.com'))
		const keys = [
			await knownDeviceKey(services, requestWith(first), 'jane@example.com'),
			await knownDeviceKey(services, requestWith(second), 'jane@example.com'),
		]
		expect(keys[0]).not.toBeNull()
		expect(keys[0]).not.toBe(keys[1])
	})
})
