import fs from 'node:fs'
import type { AppServices } from '#app/context.ts'
import { openDatabase } from '#db/client.ts'
import { createContentStore, seedContent } from '#app/features/content/content.server.ts'
import { startOutboxWorker } from '#app/features/mail/outbox-worker.server.ts'
import { createMailTransport } from '#app/features/mail/transport.server.ts'
import { createPlacesProvider } from '#app/features/places/places.server.ts'
import { createAuth, resolveAuthSecret } from '#app/features/auth/auth.server.ts'
import { ensureAdminAccount } from '#app/features/auth/staff-accounts.server.ts'
import type { AppConfig } from './config.ts'
import { createLogger } from './logger.ts'

export type Runtime = { services: AppServices; close: () => Promise<void> }

/** Opens the database, brings its schema up to date, seeds missing content and starts the outbox worker. */
export async function startRuntime(config: AppConfig): Promise<Runtime> {
	const log = createLogger(config.LOG_LEVEL)
	fs.mkdirSync(config.dataDir, { recursive: true })
	const database = await openDatabase(
		config.DATABASE_URL
			? { url: config.DATABASE_URL, onIdleClientError: (error) => log.warn({ err: error.message }, 'database connection closed') }
			: { dataDir: config.dataDir },
	)
	try {
		await database.migrate()
		await seedContent(database.db, config)
	} catch (error) {
		await database.close()
		throw error
	}
	const worker = startOutboxWorker({
		db: database.db,
		transport: createMailTransport(config),
		from: config.MAIL_FROM,
		log,
	})
	const auth = createAuth({
		db: database.db,
		baseUrl: config.baseUrl,
		secret: await resolveAuthSecret(database.db, config.AUTH_SECRET),
		adminEmails: config.ADMIN_EMAILS,
		onMailQueued: () => worker.wake(),
	})
	if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
		await ensureAdminAccount(auth, database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)
		log.info({}, 'admin account from ADMIN_EMAIL is ready')
	}
	const services: AppServices = {
		config,
		db: database.db,
		dbKind: database.kind,
		content: createContentStore(database.db),
		places: createPlacesProvider(config),
		auth,
		log,
		wakeOutbox: worker.wake,
	}
	return {
		services,
		async close() {
			await worker.stop()
			await database.close()
		},
	}
}
