import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One row per editable content document (company, hero, loan products, ...), validated by its zod schema. */
export const contentEntries = pgTable('content_entries', {
	key: text('key').primaryKey(),
	data: jsonb('data').notNull(),
	version: integer('version').notNull().default(1),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	updatedBy: text('updated_by'),
})

/** Every saved version of a content document, so a previous one can be restored. */
export const contentVersions = pgTable(
	'content_versions',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		key: text('key').notNull(),
		version: integer('version').notNull(),
		data: jsonb('data').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		createdBy: text('created_by'),
	},
	(table) => [index('content_versions_key_idx').on(table.key, table.version)],
)

export const contactMessages = pgTable(
	'contact_messages',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		name: text('name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		message: text('message').notNull(),
		userAgent: text('user_agent'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		readAt: timestamp('read_at', { withTimezone: true }),
	},
	(table) => [index('contact_messages_created_idx').on(table.createdAt)],
)

/** Durable queue of outgoing messages, written in the same transaction as the data that caused them. */
export const outbox = pgTable(
	'outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').notNull(),
		status: text('status', { enum: ['pending', 'sent', 'dead'] }).notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		lastError: text('last_error'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(table) => [index('outbox_due_idx').on(table.status, table.nextAttemptAt)],
)

/** Fixed-window counters shared by every process (per-IP limits on public forms). */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	count: integer('count').notNull(),
	windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
})
