import { describe, expect, test } from 'vitest'
import { longFormSuccessNotice } from './booking.ts'
import { postJson, submissionFailureMessage } from './submit.ts'

const phone = '(949) 555-0142'
const answering = (status: number, body: unknown) => (async () => Response.json(body, { status })) as unknown as typeof fetch

describe('postJson', () => {
	test('a refusal keeps the server’s status and message', async () => {
		const result = await postJson(
			'/api/leads',
			{},
			{ idempotencyKey: 'key-12345678', fetchImpl: answering(429, { error: 'Please try again in 60 minutes' }), delays: [] },
		)
		// The whole answer comes back too: a 409 of the terms panel carries the statement already made (docs/decisions/0066).
		expect(result).toEqual({
			ok: false,
			status: 429,
			message: 'Please try again in 60 minutes',
			fieldErrors: undefined,
			body: { error: 'Please try again in 60 minutes' },
		})
	})

	test('a server failure is retried and reported with its status; a network failure without one', async () => {
		let calls = 0
		const failing = (async () => {
			calls++
			return Response.json({}, { status: 503 })
		}) as unknown as typeof fetch
		expect(await postJson('/api/leads', {}, { idempotencyKey: 'key-12345678', fetchImpl: failing, delays: [0, 0] })).toMatchObject({
			ok: false,
			status: 503,
		})
		expect(calls).toBe(3)
		const offline = (async () => {
			throw new TypeError('Failed to fetch')
		}) as unknown as typeof fetch
		expect(await postJson('/api/leads', {}, { idempotencyKey: 'key-12345678', fetchImpl: offline, delays: [] })).toMatchObject({
			ok: false,
			status: undefined,
		})
	})
})

describe('submissionFailureMessage', () => {
	test('a rate limit or another refusal shows the server’s own words', () => {
		const message =
			'We received several quote requests from your connection in a short time. Please try again in 60 minutes, or call us at (949) 555-0142.'
		expect(submissionFailureMessage({ status: 429, message }, phone)).toBe(message)
		expect(
			submissionFailureMessage({ status: 422, message: 'x', fieldErrors: { email: 'Please enter a valid email address' } }, phone),
		).toBe('Please enter a valid email address')
	})

	test('an outage, a server error and a lost connection say what happened and what to do, never a database reason', () => {
		const outage = submissionFailureMessage({ status: 503, message: 'the server answered 503' }, phone)
		const broken = submissionFailureMessage({ status: 500, message: 'duplicate key value violates unique constraint' }, phone)
		const offline = submissionFailureMessage({ message: 'Failed to fetch' }, phone)
		expect(outage).toMatch(/briefly unavailable.*try again in a few minutes, or call us at \(949\) 555-0142/)
		expect(broken).toMatch(/went wrong on our side.*not saved.*call us at \(949\) 555-0142/)
		expect(offline).toMatch(/could not reach our server.*connection.*call us at \(949\) 555-0142/)
		for (const text of [outage, broken, offline]) expect(text).not.toMatch(/database|insert|constraint|Failed to fetch|503|500/i)
	})
})

describe('longFormSuccessNotice (spec 1 §8)', () => {
	test('promises the scheduler only when there is one', () => {
		expect(longFormSuccessNotice('https://calendly.example/loan')).toEqual({
			title: 'Application submitted successfully!',
			description: 'Redirecting to schedule your appointment...',
		})
		expect(longFormSuccessNotice(null).description).not.toMatch(/schedul|redirect/i)
		expect(longFormSuccessNotice(null).description).toMatch(/loan officer will call you/)
	})
})
