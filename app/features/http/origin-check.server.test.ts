import { describe, expect, test, vi } from 'vitest'
import { originVerdict, requireSameOrigin } from './origin-check.server.ts'

// docs/decisions/0078: the one Origin check, tried on its own (app/routes/origin-check.test.ts walks every route with it).
const baseUrl = 'https://lender.example.com'
const post = (path: string, headers: Record<string, string>, method = 'POST') =>
	new Request(`http://127.0.0.1:3000${path}`, { method, headers })

describe('originVerdict', () => {
	test('a method written in lower case is checked like its upper-case self', () => {
		expect(originVerdict(post('/contact', { Origin: 'https://evil.example' }, 'patch'), baseUrl)).toMatchObject({ ok: false })
	})

	test('a browser that sends no Origin but says the post is cross-site is refused, with what it said', () => {
		expect(originVerdict(post('/contact', { 'Sec-Fetch-Site': 'cross-site' }), baseUrl)).toEqual({
			ok: false,
			origin: '(none; Sec-Fetch-Site: cross-site)',
			expected: baseUrl,
		})
	})
})

describe('requireSameOrigin', () => {
	const refusal = (path: string) => {
		const log = { warn: vi.fn() }
		try {
			requireSameOrigin(post(path, { Origin: 'https://evil.example' }), baseUrl, log, 'req-1')
		} catch (thrown) {
			return { thrown, log }
		}
		throw new Error('not refused')
	}

	test('the API gets a 403 in JSON that is never cached, saying where to send it from', async () => {
		const { thrown, log } = refusal('/api/leads')
		const response = thrown as Response
		expect(response.status).toBe(403)
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(await response.json()).toEqual({
			error:
				'This form was sent from a page that is not part of https://lender.example.com, so nothing was saved. Open https://lender.example.com in your browser and send it again from there.',
		})
		expect(log.warn).toHaveBeenCalledWith(
			expect.objectContaining({ origin: 'https://evil.example', expected: baseUrl, path: '/api/leads', requestId: 'req-1' }),
			'cross-origin request refused',
		)
	})

	test('a page gets the refusal notice as data, 403 and never cached', () => {
		const { thrown } = refusal('/contact')
		const notice = thrown as { data: unknown; init: ResponseInit }
		expect(notice.init.status).toBe(403)
		expect(new Headers(notice.init.headers).get('Cache-Control')).toBe('no-store')
		expect(notice.data).toMatchObject({ crossOrigin: true, origin: 'https://evil.example', expected: baseUrl })
	})
})
