import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { outbox, smsOptOuts } from '#db/schema.ts'

/** docs/decisions/0111: the words that opt a number out of texts, and back in (Twilio's own opt-out keywords). */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const
export const OPT_IN_WORDS = ['START', 'UNSTOP'] as const

/** What a reply asks for: the whole message is the keyword (any case, spaces and a final full stop or "!" aside). */
export function replyKeyword(body: string): 'opt-out' | 'opt-in' | null {
	const word = body
		.trim()
		.replace(/[.!]+$/, '')
		.toUpperCase()
	if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return 'opt-out'
	if ((OPT_IN_WORDS as readonly string[]).includes(word)) return 'opt-in'
	return null
}

/** An inbound reply as Twilio posts it; other fields (MessageSid, AccountSid, To, ...) are signed but not used. */
export const inboundReplySchema = z.object({
	From: z.string().regex(/^\+[1-9]\d{6,14}$/, 'From must be a phone number in E.164 form'),
	Body: z.string().max(1600, 'Body is longer than a text message can be'),
})

/**
 * Twilio's X-Twilio-Signature: base64 of HMAC-SHA1, keyed with the Auth Token, of the full URL Twilio called followed
 * by every posted parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams) {
	const names = [...new Set(params.keys())].sort()
	let data = url
	for (const name of names) for (const value of [...new Set(params.getAll(name))].sort()) data += name + value
	return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

export function validTwilioSignature(authToken: string, url: string, params: URLSearchParams, signature: string | null) {
	if (!signature) return false
	const expected = Buffer.from(twilioSignature(authToken, url, params))
	const given = Buffer.from(signature)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

/**
 * docs/decisions/0111: applies a reply. STOP (and the other opt-out words) stores the number as opted out and drops the
 * texts queued to it that no worker holds yet (one a worker holds is dropped when it is composed); START or UNSTOP removes it.
 * Answers what was done, or null for any other message.
 */
export async function applyReply(db: Database, from: string, body: string) {
	const keyword = replyKeyword(body)
	if (keyword === 'opt-out')
		await db.transaction(async (tx) => {
			await tx.insert(smsOptOuts).values({ phone: from }).onConflictDoNothing()
			await tx
				.update(outbox)
				// sentAt: when it was settled, as the outbox's own drops record it, so retention deletes it after 30 days
				// like a sent one (docs/decisions/0057).
				.set({ status: 'dropped', sentAt: sql`now()`, lastError: 'The number replied STOP' })
				.where(
					and(eq(outbox.channel, 'sms'), eq(outbox.status, 'pending'), isNull(outbox.claimedAt), sql`${outbox.payload}->>'to' = ${from}`),
				)
		})
	else if (keyword === 'opt-in') await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, from))
	return keyword
}
