import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { staffPreferences } from '#db/schema.ts'
import { type LeadColumn, leadColumnsSchema, visibleLeadColumns } from './lead-columns.ts'

/** docs/decisions/0052: the leads table columns this staff member chose, or the spec's default set. */
export async function getLeadColumns(db: Database, userId: string): Promise<LeadColumn[]> {
	const [row] = await db
		.select({ leadColumns: staffPreferences.leadColumns })
		.from(staffPreferences)
		.where(eq(staffPreferences.userId, userId))
	return visibleLeadColumns(row?.leadColumns)
}

export type SaveLeadColumnsResult = { ok: true; columns: LeadColumn[] } | { ok: false; error: string }

/** Validates and stores the visible columns, in order, for this user only. */
export async function saveLeadColumns(db: Database, userId: string, input: { columns: unknown }): Promise<SaveLeadColumnsResult> {
	const parsed = leadColumnsSchema.safeParse(input)
	if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message }
	const { columns } = parsed.data
	await db
		.insert(staffPreferences)
		.values({ userId, leadColumns: columns })
		.onConflictDoUpdate({ target: staffPreferences.userId, set: { leadColumns: columns, updatedAt: sql`now()` } })
	return { ok: true, columns }
}
