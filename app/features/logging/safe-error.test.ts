import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { contactMessages, users } from '#db/schema.ts'
import { handleError } from '#app/entry.server.tsx'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { createTestServices, routeContext } from '../../../tests/test-services.ts'
import { errorForLog, safeErrorMessage } from './safe-error.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = createTestServices(handle)
})
afterAll(() => handle.close())

const person = { name: 'Jane Secret-Investor', email: 'jane.secret@example.com', phone: '(949) 555-0199' }
const PERSONAL = [person.name, person.email, '555-0199', 'Secret']

/** The error a real query throws when a value PostgreSQL cannot store reaches it (NUL in the message). */
async function failedInsert() {
	try {
		await handle.db.insert(contactMessages).values({ ...person, message: 'Please call me\u0000 about a duplex' })
	} catch (error) {
		return error
	}
	throw new Error('the insert was expected to fail')
}

async function duplicateUser() {
	const row = { id: crypto.randomUUID(), ...person }
	await handle.db.insert(users).values({ id: row.id, name: row.name, email: row.email })
	try {
		await handle.db.insert(users).values({ id: crypto.randomUUID(), name: row.name, email: row.email })
	} catch (error) {
		return error
	}
	throw new Error('the second insert was expected to fail')
}

/** A pino logger like the server's, writing JSON lines into an array. */
function capturingLogger() {
	const lines: string[] = []
	const log = pino({ base: undefined }, { write: (line: string) => void lines.push(line) })
	return { log, lines }
}

describe('errorForLog', () => {
	test('a failed query keeps its code, never its query text, parameters or values', async () => {
		const error = await failedInsert()
		// The raw error does carry the personal data: this is what must not reach the logs.
		expect(String((error as Error).message)).toContain(person.email)
		const logged = errorForLog(error)
		const text = JSON.stringify(logged)
		for (const value of PERSONAL) expect(text).not.toContain(value)
		expect(text).not.toMatch(/params|insert into/i)
		expect(logged.message).toBe('Failed query')
		expect(logged.code).toMatch(/^[0-9A-Z]{5}$/)
	})

	test('a unique violation keeps the constraint name, never the detail that repeats the value', async () => {
		const error = await duplicateUser()
		const logged = errorForLog(error)
		expect(logged).toMatchObject({ code: '23505', constraint: 'users_email_unique' })
		const text = JSON.stringify(logged)
		for (const value of PERSONAL) expect(text).not.toContain(value)
	})

	test('any message loses e-mail addresses, long numbers and quoted database values', () => {
		expect(safeErrorMessage('could not notify jane@example.com at +1 (949) 555-0199')).toBe('could not notify [email] at [number]')
		expect(safeErrorMessage('invalid input syntax for type uuid: "jane"', true)).toBe('invalid input syntax for type uuid: "…"')
		expect(safeErrorMessage('boom params: jane,555')).toBe('boom')
		expect(errorForLog('a thrown string with jane@example.com')).toEqual({
			name: 'string',
			message: 'a value that is not an Error was thrown',
		})
	})
})

describe('handleError (entry.server)', () => {
	const requestTo = (signal?: AbortSignal) => new Request('http://localhost:3000/dashboard/leads', { method: 'POST', signal })

	test('logs a failed query through the app logger without its parameters', async () => {
		const { log, lines } = capturingLogger()
		const error = await failedInsert()
		handleError(error, { request: requestTo(), context: routeContext({ ...services, log }), params: {} } as never)
		expect(lines).toHaveLength(1)
		for (const value of PERSONAL) expect(lines[0]).not.toContain(value)
		const entry = JSON.parse(lines[0]!)
		expect(entry).toMatchObject({ level: 50, msg: 'request failed', requestId: 'test-request', err: { message: 'Failed query' } })
		expect(entry.err.code).toMatch(/^[0-9A-Z]{5}$/)
	})

	test("React Router's refusal of a cross-site action is a warning without a stack, not a failure", async () => {
		const { log, lines } = capturingLogger()
		const refusal = new Error(
			'The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.',
		)
		handleError(refusal, { request: requestTo(), context: routeContext({ ...services, log }), params: {} } as never)
		expect(lines).toHaveLength(1)
		const entry = JSON.parse(lines[0]!)
		expect(entry).toMatchObject({ level: 40, msg: 'cross-site action refused', requestId: 'test-request' })
		expect(entry.err).toBeUndefined()
		// Any other error still fails loudly.
		handleError(new Error('Aborting the action.'), {
			request: requestTo(),
			context: routeContext({ ...services, log }),
			params: {},
		} as never)
		expect(JSON.parse(lines[1]!)).toMatchObject({ level: 50, msg: 'request failed' })
	})

	test('an aborted request is not logged', async () => {
		const { log, lines } = capturingLogger()
		const controller = new AbortController()
		controller.abort()
		handleError(new Error('aborted'), {
			request: requestTo(controller.signal),
			context: routeContext({ ...services, log }),
			params: {},
		} as never)
		expect(lines).toHaveLength(0)
	})
})
