import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, test } from 'vitest'
import { requestAddresses } from './client-address.server.ts'

describe('the addresses of a request (docs/decisions/0077)', () => {
	test('a forwarded address is kept only when it is a valid IP; else the socket’s, never the text sent', () => {
		expect(requestAddresses({ forwarded: '198.51.100.7', socket: '10.0.0.2' })).toEqual({ clientIp: '198.51.100.7', socketIp: '10.0.0.2' })
		expect(requestAddresses({ forwarded: '2001:db8::1', socket: '::1' })).toEqual({ clientIp: '2001:db8::1', socketIp: '::1' })
		for (const forged of ['10.9.3600.118', 'not-an-ip', '1.2.3', '<script>', '', undefined])
			expect(requestAddresses({ forwarded: forged, socket: '10.0.0.2' }), String(forged)).toEqual({
				clientIp: '10.0.0.2',
				socketIp: '10.0.0.2',
			})
		expect(requestAddresses({ forwarded: undefined, socket: undefined })).toEqual({ clientIp: 'unknown', socketIp: 'unknown' })
		// A socket address that is not an IP is not kept either.
		expect(requestAddresses({ forwarded: undefined, socket: 'not-an-ip' })).toEqual({ clientIp: 'unknown', socketIp: 'unknown' })
	})

	test('behind Express with TRUST_PROXY, a forged X-Forwarded-For is dropped for the socket’s address', async () => {
		const app = express()
		app.set('trust proxy', 1)
		app.get('/', (req, res) => {
			res.json({ express: req.ip, ...requestAddresses({ forwarded: req.ip, socket: req.socket.remoteAddress }) })
		})
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
			const ask = async (forwarded: string) => (await fetch(url, { headers: { 'X-Forwarded-For': forwarded } })).json()
			// Express hands on whatever the header said; the request's address does not.
			expect(await ask('10.9.3600.118')).toEqual({ express: '10.9.3600.118', clientIp: '127.0.0.1', socketIp: '127.0.0.1' })
			expect(await ask('203.0.113.9')).toEqual({ express: '203.0.113.9', clientIp: '203.0.113.9', socketIp: '127.0.0.1' })
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})
})
