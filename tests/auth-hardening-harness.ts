import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { outbox, rateLimits } from '#db/schema.ts'
import { passwordResetsSettled } from '#app/features/auth/password-reset-request.server.ts'
import { formRequest, routeContext, openSeededApp, type SeededApp } from './test-services.ts'
import { action as forgotAction } from '#app/routes/auth/forgot-password.tsx'
import { action as resetAction } from '#app/routes/auth/reset-password.tsx'

/** The staff sign-in hardening tests' shared set-up (docs/decisions/0076): a seeded app and calls to the auth routes. */

export let { handle, services } = {} as SeededApp

/** The seeded app for the calling test file; each test starts with no rate-limit count and no mail. */
export function setUpAuthApp() {
	beforeAll(async () => {
		;({ handle, services } = await openSeededApp())
	})
	afterAll(async () => {
		await passwordResetsSettled()
		await handle.close()
	})
	beforeEach(async () => {
		await handle.db.delete(rateLimits)
		await handle.db.delete(outbox)
	})
}

export const origin = 'http://localhost:3000'
export const call = <T>(run: (args: never) => Promise<T>, request: Request, context = routeContext(services)) =>
	run({ request, context, params: {} } as never)
export const dataOf = (result: unknown) => result as { data: Record<string, any>; init: ResponseInit | null }

/** Asks for a reset link and returns the token of the e-mail it queued. */
export async function resetTokenFor(email: string) {
	await handle.db.delete(outbox)
	await call(forgotAction, formRequest(`${origin}/forgot-password`, { email }))
	await passwordResetsSettled()
	const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'password-reset'))
	return decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec((mail!.payload as { text: string }).text)![1]!)
}

export const resetWith = async (token: string, password: string) =>
	dataOf(await call(resetAction, formRequest(`${origin}/reset-password`, { token, password, confirm: password }))).data
