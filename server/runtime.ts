import fs from 'node:fs'
import type { AppServices } from '#app/context.ts'
import { openDatabase } from '#db/client.ts'
import { createDatabaseHealth } from '#db/health.ts'
import { createContentStore, seedContent } from '#app/features/content/content.server.ts'
import { escalateOverdueTasks, escalateUntouchedLeads } from '#app/features/leads/routing/lead-escalation.server.ts'
import { remindDueTasks } from '#app/features/leads/routing/task-reminders.server.ts'
import { leadTokenKeyFrom } from '#app/features/leads/intake/completion-token.server.ts'
import { startOutboxWorker } from '#app/features/mail/outbox-worker.server.ts'
import { borrowerConfirmationRenderer } from '#app/features/leads/terms/confirmation-mail.server.ts'
import { retentionJob } from '#app/features/retention/retention.server.ts'
import { disposalJob } from '#app/features/retention/disposal.server.ts'
import { dataRequestReminderJob } from '#app/features/data-requests/deadline-reminders.server.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { startPgliteMaintenance } from '#db/pglite-maintenance.ts'
import { createMailTransport, removeStalePartials } from '#app/features/mail/transport.server.ts'
import { createPlacesProvider } from '#app/features/places/places.server.ts'
import { createAuth, resolveAuthSecret } from '#app/features/auth/auth.server.ts'
import { ensureAdminAccount } from '#app/features/users/staff-accounts.server.ts'
import type { AppConfig } from './config.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { createLogger } from './logger.ts'
import { startupNotices } from './startup-notices.ts'
import { createAddressPolicy } from '#app/features/webhooks/address-guard.server.ts'
import { webhookKeyFrom } from '#app/features/webhooks/signing.server.ts'
import { startWebhookWorker } from '#app/features/webhooks/webhook-worker.server.ts'
import { startSmsWorker } from '#app/features/sms/assignment-text.server.ts'
import { createSmsTransport } from '#app/features/sms/sms-transport.server.ts'
import { deliverTestEventNow } from '#app/features/webhooks/webhook-delivery.server.ts'

/** Requests being answered now: the webhook deliveries give way while visitors keep the server busy. */
export type Traffic = { inFlight: number }

export type Runtime = { services: AppServices; traffic: Traffic; close: () => Promise<void> }

/** From this many requests in flight the server counts as busy, and webhook deliveries wait a moment (decision 0068). */
export const BUSY_REQUESTS = 4

/** Opens the database, brings its schema up to date, seeds missing content and starts the outbox worker. */
export async function startRuntime(config: AppConfig): Promise<Runtime> {
	const log = createLogger(config.LOG_LEVEL)
	fs.mkdirSync(config.dataDir, { recursive: true })
	const database = await openDatabase(
		config.DATABASE_URL
			? {
					url: config.DATABASE_URL,
					timeouts: { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, queryMs: config.DATABASE_STATEMENT_TIMEOUT_MS + 2_000 },
					onConnectionError: (error) => log.warn({ err: errorForLog(error) }, 'database connection lost'),
				}
			: { dataDir: config.dataDir },
	)
	let authSecret: string
	try {
		// Migrations, seeding and the first admin run under one database-wide lock: processes started together take turns.
		authSecret = await database.startup(async () => {
			await seedContent(database.db, config)
			return resolveAuthSecret(database.db, config.AUTH_SECRET)
		})
	} catch (error) {
		await database.close()
		throw error
	}
	// docs/decisions/0071: the embedded database has no autovacuum of its own; this process analyzes and vacuums it.
	const maintenance = database.kind === 'pglite' ? startPgliteMaintenance({ db: database.db, log }) : null
	const health = createDatabaseHealth((timeoutMs) => database.ping(timeoutMs))
	const content = createContentStore(database.db, {
		health,
		onInvalidStored: (key, version, problems) =>
			log.error(
				{ key, version, problems },
				'stored content no longer passes its schema: the seeded default is served until it is saved again',
			),
	})
	// Rows that only grow (rate limits, idempotency keys, old mail) are deleted once an hour (docs/decisions/0057).
	const pruneExpiredRows = retentionJob(database.db, { onPruned: (deleted) => log.info(deleted, 'expired rows deleted') })
	// Personal data past its keep time is disposed of once a day, by one process (docs/decisions/0090).
	const disposePersonalData = disposalJob(database.db, () => content.get('retention'), {
		onRun: ({ day, result }) =>
			log.info(
				{ day, leads: result.leadIds.length, contactMessages: result.contactMessageIds.length, consentRecords: result.consentRecords },
				'retention run: personal data past its keep time disposed of',
			),
	})
	// docs/decisions/0091: admins are e-mailed 2 business days before a data request's deadline, once per deadline.
	const remindDataRequests = dataRequestReminderJob(database.db, {
		baseUrl: config.baseUrl,
		today: async () => dayInTimeZone(new Date(), (await content.get('settings')).timeZone),
		fallbackEmail: async () => (await content.get('settings')).adminEmail,
		onSent: (count) => log.info({ count }, 'data request deadline reminders queued'),
	})
	// docs/decisions/0078: a process killed while writing a message left its hidden `.partial` file; the message itself
	// is still in the outbox and is written again.
	if (!config.SMTP_URL) {
		const removed = await removeStalePartials(config.mailDir)
		if (removed > 0) log.info({ removed }, 'half-written mail files of a stopped process removed')
	}
	const worker = startOutboxWorker({
		db: database.db,
		transport: createMailTransport(config),
		from: config.MAIL_FROM,
		log,
		releaseClaimsAtStart: database.kind === 'pglite',
		// docs/decisions/0097: the borrower's confirmation is composed when it is sent.
		render: borrowerConfirmationRenderer({
			db: database.db,
			leadTokenKey: leadTokenKeyFrom(authSecret),
			baseUrl: config.baseUrl,
			company: () => content.get('company'),
		}),
		// New leads nobody contacted in time are escalated to managers (docs/decisions/0036), at every poll of the outbox.
		beforeDrain: async () => {
			const mailOptions = {
				baseUrl: config.baseUrl,
				fallbackEmail: async () => (await content.get('settings')).adminEmail,
				timeZone: async () => (await content.get('settings')).timeZone,
				detail: async () => (await content.get('settings')).staffMail.detail,
			}
			await escalateUntouchedLeads(database.db, mailOptions)
			// docs/decisions/0105: a follow-up task's owner is reminded when it falls due; one overdue for the escalation
			// minutes is escalated like an untouched lead. Both once, whichever process gets there first.
			await remindDueTasks(database.db, mailOptions)
			await escalateOverdueTasks(database.db, mailOptions)
			await pruneExpiredRows()
			await disposePersonalData()
			await remindDataRequests()
		},
	})
	// docs/decisions/0111: texts (assignment alerts) are the outbox's sms channel, sent by a worker of their own.
	const texts = startSmsWorker({
		db: database.db,
		transport: createSmsTransport(config),
		baseUrl: config.baseUrl,
		log,
		releaseClaimsAtStart: database.kind === 'pglite',
	})
	// docs/decisions/0068: webhook deliveries have slots of their own; a hanging receiver never holds the mail.
	const webhookKey = webhookKeyFrom(authSecret)
	const traffic: Traffic = { inFlight: 0 }
	const webhookPolicy = createAddressPolicy(config.WEBHOOK_ALLOWED_HOSTS)
	const webhooks = startWebhookWorker({
		busy: () => traffic.inFlight >= BUSY_REQUESTS,
		db: database.db,
		key: webhookKey,
		policy: webhookPolicy,
		baseUrl: config.baseUrl,
		log,
		concurrency: config.WEBHOOK_CONCURRENCY,
		hubspotApiUrl: config.HUBSPOT_FORMS_API_URL,
		releaseClaimsAtStart: database.kind === 'pglite',
		onMailQueued: () => worker.wake(),
	})
	const auth = createAuth({
		db: database.db,
		baseUrl: config.baseUrl,
		secret: authSecret,
		adminEmails: config.ADMIN_EMAILS,
		onMailQueued: () => worker.wake(),
		log,
	})
	if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
		const { ADMIN_EMAIL, ADMIN_PASSWORD } = config
		await database.startup(() => ensureAdminAccount(auth, database.db, ADMIN_EMAIL, ADMIN_PASSWORD))
		log.info({}, 'admin account from ADMIN_EMAIL is ready')
	}
	for (const notice of await startupNotices(config, database.db)) log[notice.level]({}, notice.message)
	const services: AppServices = {
		config,
		db: database.db,
		dbKind: database.kind,
		dbHealth: health,
		content,
		places: createPlacesProvider(config),
		auth,
		leadTokenKey: leadTokenKeyFrom(authSecret),
		log,
		wakeOutbox: () => {
			worker.wake()
			texts.wake()
			webhooks.wake()
		},
		webhookKey,
		webhooksChanged: () => {
			webhooks.endpointsChanged().catch((error: unknown) => log.error({ err: errorForLog(error) }, 'webhook endpoints not re-read'))
		},
		testWebhook: (endpointId) =>
			deliverTestEventNow(
				{
					db: database.db,
					key: webhookKey,
					policy: webhookPolicy,
					baseUrl: config.baseUrl,
					hubspotApiUrl: config.HUBSPOT_FORMS_API_URL,
					onMailQueued: () => worker.wake(),
					onBacklogDue: () => webhooks.wake(),
				},
				endpointId,
			),
	}
	return {
		services,
		traffic,
		async close() {
			await webhooks.stop()
			await worker.stop()
			await texts.stop()
			await maintenance?.stop()
			health.stop()
			await database.close()
		},
	}
}
