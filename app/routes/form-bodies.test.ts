import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { FORM_NOT_READABLE, FORM_WRONG_CONTENT_TYPE } from '#app/features/http/form-body.server.ts'
import { openSeededApp, type SeededApp } from '../../tests/test-services.ts'
import { staffRequest } from '../../tests/staff-session.ts'
import { handleAppRequest } from '../../tests/request-handler.ts'
import { FORM_ROUTES } from '../../tests/faults/fuzz.ts'

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }
const modules = import.meta.glob<Record<string, unknown>>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'])

/** Every page of routes.ts whose module has an action, outside the JSON API (which has its own body rules). */
async function formRoutes() {
	const found: string[] = []
	async function visit(entries: RouteEntry[]) {
		for (const entry of entries) {
			const module = await modules[`./${entry.file.replace(/^routes\//, '')}`]!()
			if (entry.path && !entry.path.startsWith('api/') && 'action' in module) found.push(`/${entry.path}`)
			await visit(entry.children ?? [])
		}
	}
	await visit(routes as RouteEntry[])
	return found
}

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const origin = 'http://localhost:3000'
const post = (path: string, contentType: string | null, body: string) =>
	handleAppRequest(
		services,
		staffRequest(`${origin}${path}`, admin.cookie, { method: 'POST', headers: contentType ? { 'Content-Type': contentType } : {}, body }),
		{ clientIp: `198.51.100.${Math.floor(Math.random() * 250)}` },
	)

const malformed: Array<[string, string | null, string, number, string]> = [
	['multipart without a boundary', 'multipart/form-data', 'email=jane%40example.com', 400, FORM_NOT_READABLE],
	[
		'multipart with a body that is not multipart',
		'multipart/form-data; boundary=----abc',
		'email=jane%40example.com',
		400,
		FORM_NOT_READABLE,
	],
	[
		'multipart with the wrong boundary',
		'multipart/form-data; boundary=xyz',
		'------abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n------abc--\r\n',
		400,
		FORM_NOT_READABLE,
	],
	[
		'multipart cut short',
		'multipart/form-data; boundary=abc',
		'--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx',
		400,
		FORM_NOT_READABLE,
	],
	['plain text', 'text/plain', 'email=jane@example.com', 415, FORM_WRONG_CONTENT_TYPE],
	['JSON', 'application/json', '{"email":"jane@example.com"}', 415, FORM_WRONG_CONTENT_TYPE],
	['no Content-Type', null, 'email=jane', 415, FORM_WRONG_CONTENT_TYPE],
]

describe('a post whose body is not a readable form', () => {
	test('the fault suite fuzzes every page with an action (its list matches routes.ts)', async () => {
		expect((await formRoutes()).sort()).toEqual([...FORM_ROUTES].sort())
	})

	test('every form route answers malformed multipart, plain text and JSON with a 400 or 415 and a clear message, never a 500', async () => {
		const paths = await formRoutes()
		for (const path of paths) {
			for (const target of [path, `${path}.data`]) {
				for (const [label, contentType, body, status, message] of malformed) {
					const response = await post(target, contentType, body)
					expect(response.status, `${target}: ${label}`).toBe(status)
					expect(await response.text(), `${target}: ${label}`).toContain(message)
				}
			}
		}
	}, 240_000)

	test('a form with broken percent-encoding is read as it comes, never a 500', async () => {
		for (const path of await formRoutes()) {
			const response = await post(path, 'application/x-www-form-urlencoded', 'email=%zz%E0%A4%A&password=%&intent=%ff%fe')
			expect(response.status, path).toBeLessThan(500)
		}
	}, 240_000)
})
