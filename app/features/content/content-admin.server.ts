import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppServices } from '#app/context.ts'
import { contentVersions } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { UNSAFE_TEXT_MESSAGE, findUnsafeText } from '#app/features/validation/safe-text.ts'
import type { ContentKey, ContentMap } from './content-schemas.ts'
import { type SaveOptions, StaleContentError } from './content.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { type ActivityAction, fieldChanges } from '#app/features/activity/activity-entry.ts'
import { actorOfStaff, recordActivity } from '#app/features/activity/activity-log.server.ts'

/** How many earlier versions an editor lists. */
export const VERSION_HISTORY_LENGTH = 20

/** One saved version as an editor lists it; `note` is the change note saved with it, if any (docs/decisions/0073). */
export type ContentVersionSummary = { version: number; createdAt: string; createdBy: string | null; note: string | null }

export async function listContentVersions(services: AppServices, key: ContentKey): Promise<ContentVersionSummary[]> {
	const rows = await services.db
		.select({
			version: contentVersions.version,
			createdAt: contentVersions.createdAt,
			createdBy: contentVersions.createdBy,
			note: contentVersions.note,
		})
		.from(contentVersions)
		.where(eq(contentVersions.key, key))
		.orderBy(desc(contentVersions.version))
		.limit(VERSION_HISTORY_LENGTH)
	return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

/** `{ 'dscr.minRate': message }`: the first message per field path. */
export const contentFieldErrors = (error: z.ZodError) => fieldErrors(error)

export type SaveResult<K extends ContentKey> =
	| { ok: true; data: ContentMap[K]; version: number }
	/** `staleVersion`: nothing saved because the record is at this version, not the one expected (SaveOptions.expectedVersion). */
	| { ok: false; errors: Record<string, string>; staleVersion?: number }

/** Validates with the record's schema and saves it as a new version, recording who saved it (and why, when a note is given). */
export async function saveContent<K extends ContentKey>(
	services: AppServices,
	key: K,
	data: unknown,
	user: StaffUser,
	options: SaveOptions = {},
): Promise<SaveResult<K>> {
	// Even under a key the schema would drop: jsonb cannot hold NUL (docs/decisions/0023).
	const unsafe = findUnsafeText(data)
	if (unsafe) return { ok: false, errors: { [unsafe.join('.') || 'form']: UNSAFE_TEXT_MESSAGE } }
	try {
		const before = key === 'settings' ? await services.content.get(key) : null
		const saved = await services.content.saveVersion(key, data, user.email, options)
		await recordActivity(services.db, actorOfStaff(user), savedAction(key, saved.version, before, saved.data, options.note), {
			kind: 'document',
			id: key,
		})
		return { ok: true, ...saved }
	} catch (error) {
		if (error instanceof z.ZodError) return { ok: false, errors: contentFieldErrors(error) }
		if (error instanceof StaleContentError)
			return { ok: false, errors: { form: `Version ${error.currentVersion} was saved meanwhile` }, staleVersion: error.currentVersion }
		throw error
	}
}

/** docs/decisions/0087: what the activity log says of a saved document; for the settings, each field old → new. */
function savedAction(key: ContentKey, version: number, before: unknown, after: unknown, note: string | null | undefined): ActivityAction {
	if (key === 'rateSheet') return { type: 'rate_sheet.published', details: { version, note: note ?? null } }
	if (key !== 'settings') return { type: 'content.published', details: { key, version, restoredFrom: null } }
	return { type: 'settings.saved', details: { changes: fieldChanges(before, after) } }
}

/** Reads the JSON document an editor posts in its `payload` field. */
export function readPayload(form: FormData): unknown {
	try {
		return JSON.parse(String(form.get('payload') ?? 'null'))
	} catch {
		return null
	}
}

/** Saves an earlier version again as the newest one; nothing is overwritten. */
export async function restoreContentVersion<K extends ContentKey>(
	services: AppServices,
	key: K,
	version: number,
	user: StaffUser,
): Promise<SaveResult<K>> {
	const [row] = await services.db
		.select({ data: contentVersions.data })
		.from(contentVersions)
		.where(and(eq(contentVersions.key, key), eq(contentVersions.version, version)))
	if (!row) return { ok: false, errors: { version: `Version ${version} does not exist` } }
	return saveContent(services, key, row.data, user)
}
