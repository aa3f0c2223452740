import type { PostOutcome } from '#app/features/webhooks/post-webhook.server.ts'
import { createContext } from 'react-router'
import type { Database, DatabaseKind } from '#db/client.ts'
import type { DatabaseHealth } from '#db/health.ts'
import type { AppConfig } from '#server/config.ts'
import type { ContentStore } from '#app/features/content/content.server.ts'
import type { PlacesProvider } from '#app/features/places/places-provider.server.ts'
import type { Auth } from '#app/features/auth/auth.server.ts'
import type { Island } from '#app/features/hydration/page-scripts.tsx'

export type Logger = {
	info: (object: object, message?: string) => void
	warn: (object: object, message?: string) => void
	error: (object: object, message?: string) => void
}

/** Long-lived services, created once per process by the server entry. */
export type AppServices = {
	config: AppConfig
	db: Database
	dbKind: DatabaseKind
	/** Whether the database is known to be unreachable right now (a reported outage, until a ping succeeds). */
	dbHealth: DatabaseHealth
	content: ContentStore
	places: PlacesProvider
	auth: Auth
	/** Derives the lead completion tokens of creates with an Idempotency-Key (docs/decisions/0048). */
	leadTokenKey: Buffer
	log: Logger
	/** The build's islands by name (docs/decisions/0064); absent on the development server, whose pages hydrate as before. */
	islands?: Readonly<Record<string, Island>>
	/** Asks the outbox worker to send queued mail (and the webhook worker its deliveries) now instead of at its next poll. */
	wakeOutbox: () => void
	/** docs/decisions/0068: the key webhook secrets are encrypted with (derived from the auth secret). */
	webhookKey: Buffer
	/** The dashboard changed a webhook endpoint: the worker reads again whether any is on. */
	webhooksChanged: () => void
	/**
	 * docs/decisions/0079, "Send test event": posts a webhook.test event to the endpoint now and answers its outcome
	 * (null when the endpoint is gone).
	 */
	testWebhook: (endpointId: string) => Promise<PostOutcome | null>
}

/** Facts about the current request that the server established (never taken from the browser as-is). */
export type RequestInfo = {
	requestId: string
	/** The visitor's address: the one the trusted proxies forwarded when it is a valid IP, else the socket's (docs/decisions/0077). */
	clientIp: string
	/** The peer of the connection itself (a proxy's address behind one), kept beside the forwarded one as consent evidence. */
	socketIp: string
	userAgent: string | null
	nonce: string
	/** Filled in while the request is handled: the database failed it (answered 503, not 500). */
	outcome: { databaseUnavailable: boolean }
}

export const servicesContext = createContext<AppServices>()
export const requestInfoContext = createContext<RequestInfo>()
