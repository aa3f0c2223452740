import os from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { vi } from 'vitest'
import { type AppServices, type RequestInfo, requestInfoContext, servicesContext } from '#app/context.ts'
import { createContentStore, seedContent } from '#app/features/content/content.server.ts'
import { createOfflinePlacesProvider } from '#app/features/places/offline-places.server.ts'
import { createAuth } from '#app/features/auth/auth.server.ts'
import { leadTokenKeyFrom } from '#app/features/leads/intake/completion-token.server.ts'
import { webhookKeyFrom } from '#app/features/webhooks/signing.server.ts'
import { createAddressPolicy } from '#app/features/webhooks/address-guard.server.ts'
import { deliverTestEventNow } from '#app/features/webhooks/webhook-delivery.server.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createDatabaseHealth } from '#db/health.ts'
import { loadConfig } from '#server/config.ts'
import { signedInStaff } from './staff-session.ts'
import { createTestDatabase } from './test-database.ts'

export function createTestServices(handle: DatabaseHandle, env: Record<string, string> = {}) {
	const config = loadConfig({
		NODE_ENV: 'test',
		DATA_DIR: path.join(os.tmpdir(), `lender-test-${process.pid}`),
		BASE_URL: 'http://localhost:3000',
		...env,
	})
	const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
	const services: AppServices = {
		config,
		db: handle.db,
		dbKind: handle.kind,
		dbHealth: createDatabaseHealth((timeoutMs) => handle.ping(timeoutMs)),
		content: createContentStore(handle.db),
		places: createOfflinePlacesProvider(),
		auth: createAuth({
			db: handle.db,
			baseUrl: config.baseUrl,
			secret: 'test-secret-test-secret-test-secret-0123',
			adminEmails: config.ADMIN_EMAILS,
			log,
		}),
		leadTokenKey: leadTokenKeyFrom('test-secret-test-secret-test-secret-0123'),
		log,
		wakeOutbox: vi.fn(),
		webhookKey: webhookKeyFrom('test-secret-test-secret-test-secret-0123'),
		webhooksChanged: vi.fn(),
		// docs/decisions/0079: a test event is really posted (WEBHOOK_ALLOWED_HOSTS lets a test reach its own receiver).
		testWebhook: (endpointId) =>
			deliverTestEventNow(
				{
					db: handle.db,
					key: webhookKeyFrom('test-secret-test-secret-test-secret-0123'),
					policy: createAddressPolicy(config.WEBHOOK_ALLOWED_HOSTS),
					baseUrl: config.baseUrl,
					timeoutMs: 5_000,
				},
				endpointId,
			),
	}
	return services
}

export async function seededServices(handle: DatabaseHandle, env: Record<string, string> = {}) {
	await seedContent(handle.db)
	return createTestServices(handle, env)
}

/** The router context a loader or action receives, as the server entry builds it. */
export function routeContext(services: AppServices, info: Partial<RequestInfo> = {}) {
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	context.set(requestInfoContext, {
		requestId: 'test-request',
		nonce: 'test-nonce',
		clientIp: '203.0.113.10',
		socketIp: '127.0.0.1',
		userAgent: 'vitest',
		outcome: { databaseUnavailable: false },
		...info,
	})
	return context
}

/** A form POST as the browser sends it. */
export function formRequest(url: string, fields: Record<string, string>) {
	return new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(url).origin },
		body: new URLSearchParams(fields),
	})
}

export type SeededApp = {
	handle: DatabaseHandle
	services: AppServices
	/** An admin signed in, when asked for. */
	admin: Awaited<ReturnType<typeof signedInStaff>>
}

/**
 * The set-up most route tests share: a fresh database for the file, default content seeded, the app's services and,
 * with `admin: true`, a signed-in admin. The file closes `handle` in its afterAll.
 */
export async function openSeededApp({ admin = false, env = {} }: { admin?: boolean; env?: Record<string, string> } = {}) {
	const handle = await createTestDatabase()
	const services = await seededServices(handle, env)
	return { handle, services, admin: admin ? await signedInStaff(services, ['admin']) : undefined } as SeededApp
}
