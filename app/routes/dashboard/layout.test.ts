import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { type SeededApp, openSeededApp } from '../../../tests/test-services.ts'

let app: SeededApp
beforeAll(async () => {
	app = await openSeededApp({ admin: true })
})
afterAll(() => app.handle.close())

describe('the dashboard layout', () => {
	test('a dashboard request looks its session up once (middleware, layout and screen share it)', async () => {
		const getSession = vi.spyOn(app.services.auth.api, 'getSession')
		try {
			for (const path of ['/dashboard/leads', '/dashboard/leads.data', '/dashboard/settings']) {
				getSession.mockClear()
				const response = await handleAppRequest(app.services, staffRequest(`http://localhost:3000${path}`, app.admin.cookie))
				expect(response.status).toBe(200)
				expect(getSession).toHaveBeenCalledTimes(1)
			}
		} finally {
			getSession.mockRestore()
		}
	})
})
