import { stringify } from 'csv-stringify/sync'
import { type SQL, and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { activityLog, users } from '#db/schema.ts'
import type { SubjectKind } from './activity-entry.ts'
import { type ActivityQuery, dayStartIn, nextDay } from './activity-query.ts'

export const ACTIVITY_PAGE_SIZE = 50
/** An export holds at most this many entries (the newest): narrow the filters for more. */
export const ACTIVITY_EXPORT_MAX = 100_000

export type ActivityRow = typeof activityLog.$inferSelect

function conditions(query: ActivityQuery, timeZone: string): SQL | undefined {
	return and(
		query.person ? eq(activityLog.actorId, query.person) : undefined,
		query.action ? eq(activityLog.action, query.action) : undefined,
		query.lead ? and(eq(activityLog.subjectKind, 'lead'), eq(activityLog.subjectId, query.lead)) : undefined,
		query.from ? gte(activityLog.at, dayStartIn(query.from, timeZone)) : undefined,
		query.to ? lt(activityLog.at, dayStartIn(nextDay(query.to), timeZone)) : undefined,
	)
}

const olderThan = (before: { at: string; id: number }) =>
	sql`(${activityLog.at}, ${activityLog.id}) < (${before.at}::timestamptz, ${before.id})`

/** One page of the log, newest first, and the cursor of the next (older) page when there is one. */
export async function listActivity(db: Database, query: ActivityQuery, timeZone: string, pageSize = ACTIVITY_PAGE_SIZE) {
	const rows = await db
		.select()
		.from(activityLog)
		.where(and(conditions(query, timeZone), query.before ? olderThan(query.before) : undefined))
		.orderBy(desc(activityLog.at), desc(activityLog.id))
		.limit(pageSize + 1)
	const entries = rows.slice(0, pageSize)
	const last = entries.at(-1)
	return { entries, older: rows.length > pageSize && last ? { at: last.at.toISOString(), id: last.id } : null }
}

/** The newest entries about one subject (a lead's own, beside its history). */
export async function activityOfSubject(db: Database, kind: SubjectKind, id: string, limit = 20) {
	return db
		.select()
		.from(activityLog)
		.where(and(eq(activityLog.subjectKind, kind), eq(activityLog.subjectId, id)))
		.orderBy(desc(activityLog.at), desc(activityLog.id))
		.limit(limit)
}

/** The people the screen can filter by: every staff account. */
export async function activityPeople(db: Database) {
	return db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.email))
}

/** As the leads export writes CSV: a cell that a spreadsheet would run as a formula is escaped. */
const CSV_OPTIONS = { escape_formulas: true, record_delimiter: 'windows' } as const

const CSV_HEADER = [
	'Time (UTC)',
	'Person',
	'Roles',
	'IP address',
	'User agent',
	'Action',
	'Subject',
	'Subject id',
	'Details',
	'Entry',
	'Hash',
]

/** The filtered entries as CSV, newest first (at most ACTIVITY_EXPORT_MAX), and how many rows it holds. */
export async function activityCsv(db: Database, query: ActivityQuery, timeZone: string, batchSize = 2_000) {
	const lines: string[] = [stringify([CSV_HEADER], { ...CSV_OPTIONS, bom: true })]
	let rows = 0
	let before = query.before
	while (rows < ACTIVITY_EXPORT_MAX) {
		const { entries, older } = await listActivity(db, { ...query, before }, timeZone, Math.min(batchSize, ACTIVITY_EXPORT_MAX - rows))
		lines.push(
			stringify(
				entries.map((entry) => [
					entry.at.toISOString(),
					entry.actorEmail ?? '',
					entry.actorRoles ?? '',
					entry.ip ?? '',
					entry.userAgent ?? '',
					entry.action,
					entry.subjectKind ?? '',
					entry.subjectId ?? '',
					JSON.stringify(entry.details),
					entry.id,
					entry.hash,
				]),
				CSV_OPTIONS,
			),
		)
		rows += entries.length
		if (!older) break
		before = older
	}
	return { csv: lines.join(''), rows }
}
