import { afterAll, beforeAll } from 'vitest'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { routeContext, openSeededApp, type SeededApp } from './test-services.ts'
import { staffRequest } from './staff-session.ts'
import { action, loader } from '#app/routes/dashboard/leads.tsx'

/** The leads screen's tests' shared set-up: a seeded app with an admin, and calls to the screen's action and loader. */

export let { handle, services, admin } = {} as SeededApp

/** The seeded app with an admin for the calling test file. */
export function setUpLeadsScreen() {
	beforeAll(async () => {
		;({ handle, services, admin } = await openSeededApp({ admin: true }))
	})
	afterAll(() => handle.close())
}

export const base = 'http://localhost:3000/dashboard/leads'

export async function post(fields: Array<[string, string]>) {
	const body = new URLSearchParams(fields)
	const request = staffRequest(base, admin.cookie, {
		method: 'POST',
		body,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})
	const result = await action({ request, context: routeContext(services), params: {} } as never)
	const { data, init } = result as unknown as { data: LeadActionResult; init: ResponseInit | null }
	return { status: init?.status ?? 200, body: data }
}

export const open = async (search = '') =>
	(await loader({
		request: staffRequest(`${base}${search}`, admin.cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof loader>>

export const contact = (overrides: Record<string, string> = {}): Array<[string, string]> =>
	Object.entries({
		intent: 'create',
		firstName: 'Phone',
		lastName: 'Caller',
		email: 'caller@example.com',
		phone: '(949) 555-0100',
		// docs/decisions/0109: Add Lead asks the wizard's program, property type and the property's state.
		loanProgram: 'dscr',
		propertyType: 'single-family',
		transactionType: 'purchase',
		propertyState: 'TX',
		...overrides,
	})
