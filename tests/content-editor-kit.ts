// Test helpers shared by the content editors' route tests (app/routes/dashboard/*.test.ts).
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { ContentKey } from '#app/features/content/content-schemas.ts'
import { contentVersions } from '#db/schema.ts'
import { routeContext } from './test-services.ts'
import { signedInStaff, staffRequest } from './staff-session.ts'

type RouteFunction = (args: never) => unknown
export type Outcome<T = any> = { status: number; location: string | null; body: T }

/** Runs a loader or action as React Router would and says what the browser would get. */
export async function settle<T = any>(run: () => unknown): Promise<Outcome<T>> {
	try {
		const result = (await run()) as any
		if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), body: null as T }
		if (result && typeof result === 'object' && 'data' in result && 'init' in result)
			return { status: result.init?.status ?? 200, location: null, body: result.data }
		return { status: 200, location: null, body: result }
	} catch (thrown) {
		if (thrown instanceof Response)
			return { status: thrown.status, location: thrown.headers.get('Location'), body: (await thrown.text()) as T }
		throw thrown
	}
}

export function editorClient(services: AppServices, path: string, routeModule: { loader: RouteFunction; action: RouteFunction }) {
	const url = `http://localhost:3000${path}`
	return {
		load<T = any>(cookie: string | null) {
			return settle<T>(() =>
				routeModule.loader({ request: staffRequest(url, cookie), context: routeContext(services), params: {} } as never),
			)
		},
		post<T = any>(cookie: string | null, body: Record<string, string> | FormData) {
			const form = body instanceof FormData ? body : new URLSearchParams(body)
			return settle<T>(() =>
				routeModule.action({
					request: staffRequest(url, cookie, { method: 'POST', body: form }),
					context: routeContext(services),
					params: {},
				} as never),
			)
		},
		save<T = any>(cookie: string | null, document: unknown) {
			return this.post<T>(cookie, { intent: 'save', payload: JSON.stringify(document) })
		},
		restore<T = any>(cookie: string | null, version: number) {
			return this.post<T>(cookie, { intent: 'restore', version: String(version) })
		},
	}
}

export async function storedVersions(services: AppServices, key: ContentKey) {
	return services.db.select().from(contentVersions).where(eq(contentVersions.key, key)).orderBy(contentVersions.version)
}

/** spec 2 §6 for one editor: anonymous callers go to /login, signed-in non-admins get 403, for the loader and every intent. */
export function accessControlTests(
	getServices: () => AppServices,
	path: string,
	routeModule: { loader: RouteFunction; action: RouteFunction },
	key: ContentKey,
	validDocument: () => unknown,
) {
	test('a signed-out visitor is sent to /login from the loader and the action, and nothing is saved', async () => {
		const services = getServices()
		const client = editorClient(services, path, routeModule)
		const before = await storedVersions(services, key)
		const load = await client.load(null)
		expect(load.status).toBe(302)
		expect(load.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
		for (const outcome of [await client.save(null, validDocument()), await client.restore(null, 1)]) {
			expect(outcome.status).toBe(302)
			expect(outcome.location).toMatch(/^\/login\?redirectTo=/)
		}
		expect(await storedVersions(services, key)).toHaveLength(before.length)
	})

	test.each([['user'], ['moderator']] as const)('a signed-in %s is refused with 403 by the loader and the action', async (role) => {
		const services = getServices()
		const client = editorClient(services, path, routeModule)
		const { cookie } = await signedInStaff(services, [role])
		const before = await storedVersions(services, key)
		expect((await client.load(cookie)).status).toBe(403)
		expect((await client.save(cookie, validDocument())).status).toBe(403)
		expect((await client.restore(cookie, 1)).status).toBe(403)
		expect(await storedVersions(services, key)).toHaveLength(before.length)
	})
}
