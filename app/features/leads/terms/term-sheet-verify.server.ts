import { LRUCache } from 'lru-cache'
import type { AppServices } from '#app/context.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { type TermSheetFigures, type TermSheetState, printedCode, termSheetState } from './term-sheet.ts'
import { termSheetByCode } from './term-sheet.server.ts'

/**
 * docs/decisions/0095: what /verify/<code> answers. A found code costs one read by the unique index (the rate sheet's
 * version and the settings come from the content cache); a code that is not found counts against its address, and an
 * address past the limit is refused without any read until its window ends, so codes cannot be enumerated.
 */
export const VERIFY_MISS_LIMIT = { perIp: 20, windowSeconds: 3600 } as const

/** docs/decisions/0095: a found sheet's answer may be kept this long (a new rate sheet supersedes it at any time). */
export const FRESH_SECONDS = 60

/** Addresses past the limit, and until when (this process's memory: each process learns it on its own next miss). */
const blocked = new LRUCache<string, number>({ max: 10_000 })

export type VerifyAnswer =
	| {
			kind: 'found'
			state: TermSheetState
			code: string
			figures: Pick<TermSheetFigures, 'program' | 'propertyType' | 'state' | 'scenario' | 'creditBand' | 'rows'>
			madeOn: string
			expiresOn: string
			/** How long this answer holds at most: a minute, and never past the sheet's expiry. */
			freshForSeconds: number
	  }
	| { kind: 'not-found' }
	| { kind: 'limited'; retryAfterSeconds: number }

export async function verifyTermSheet(
	services: Pick<AppServices, 'db' | 'content'>,
	clientIp: string,
	code: string | null,
	now = new Date(),
): Promise<VerifyAnswer> {
	const key = rateLimitKey('term-sheet-verify', clientIp)
	const until = blocked.get(key)
	if (until !== undefined && until > now.getTime()) return { kind: 'limited', retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) }
	const sheet = code ? await termSheetByCode(services.db, code) : null
	if (!sheet) {
		const limit = await hitRateLimit(services.db, key, VERIFY_MISS_LIMIT.perIp, VERIFY_MISS_LIMIT.windowSeconds)
		if (limit.allowed) return { kind: 'not-found' }
		blocked.set(key, now.getTime() + limit.retryAfterSeconds * 1000)
		return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	}
	const [{ version }, settings] = await Promise.all([services.content.getWithVersion('rateSheet'), services.content.get('settings')])
	// Figures only: the snapshot never held the borrower's name, contact or street address, and only these are shown.
	const { program, propertyType, state, scenario, creditBand, rows } = sheet.snapshot
	const status = termSheetState(sheet, version, now)
	const untilExpiry = Math.floor((sheet.expiresAt.getTime() - now.getTime()) / 1000)
	return {
		kind: 'found',
		state: status,
		freshForSeconds: status === 'expired' ? FRESH_SECONDS : Math.max(1, Math.min(FRESH_SECONDS, untilExpiry)),
		code: printedCode(sheet.code),
		figures: { program, propertyType, state, scenario, creditBand, rows },
		madeOn: formatInTimeZone(sheet.createdAt, settings.timeZone, 'day'),
		expiresOn: formatInTimeZone(sheet.expiresAt, settings.timeZone, 'day'),
	}
}
