import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { activityLog } from '#db/schema.ts'

/** The activity log's entries of one action (about one subject, when given), newest first. */
export async function activityEntries(db: Database, action: string, subjectId?: string) {
	return db
		.select()
		.from(activityLog)
		.where(and(eq(activityLog.action, action), subjectId === undefined ? undefined : eq(activityLog.subjectId, subjectId)))
		.orderBy(desc(activityLog.id))
}

/** The newest entry of one action (about one subject, when given); undefined when there is none. */
export const lastActivity = async (db: Database, action: string, subjectId?: string) => (await activityEntries(db, action, subjectId))[0]
