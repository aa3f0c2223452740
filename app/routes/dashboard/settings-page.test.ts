import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

test('the e-mail card says where mail goes, and the server folder never reaches the browser (docs/decisions/0055)', async () => {
	const { cookie } = await signedInStaff(services, ['admin'])
	const response = await handleAppRequest(services, staffRequest('http://localhost:3000/dashboard/settings', cookie))
	expect(response.status).toBe(200)
	const html = await response.text()
	expect(html).toContain('e-mails are written as files in the data folder')
	expect(html).not.toContain(services.config.mailDir)
	expect(html).not.toContain(services.config.dataDir)
})
