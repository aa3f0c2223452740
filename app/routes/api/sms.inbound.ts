import { servicesContext, requestInfoContext } from '#app/context.ts'
import { tooManyRequests } from '#app/features/http/too-many-requests.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { applyReply, inboundReplySchema, validTwilioSignature } from '#app/features/sms/sms-inbound.server.ts'
import type { Route } from './+types/sms.inbound'

/** Replies accepted per 10 minutes from one address: Twilio posts from many; far above what staff replies need. */
export const SMS_INBOUND_RATE_LIMIT = { limit: 300, windowSeconds: 600 } as const

const plain = (status: number, message: string, headers: Record<string, string> = {}) =>
	new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })

export const loader = () => plain(405, 'Post a reply here (Twilio inbound message webhook).', { Allow: 'POST' })

/**
 * POST /api/sms/inbound (docs/decisions/0111, README "Texts"): Twilio's webhook for replies to our texts. STOP and the
 * other opt-out words stop every text to the number; START or UNSTOP lets them go again. With Twilio configured a
 * post must carry a valid X-Twilio-Signature (403 otherwise); the answer is an empty TwiML document (Twilio itself
 * confirms an opt-out to the person).
 */
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return plain(405, 'Only POST', { Allow: 'POST' })
	const services = context.get(servicesContext)
	const info = context.get(requestInfoContext)
	const limit = await hitRateLimit(
		services.db,
		rateLimitKey('sms-inbound', info.clientIp),
		SMS_INBOUND_RATE_LIMIT.limit,
		SMS_INBOUND_RATE_LIMIT.windowSeconds,
	)
	if (!limit.allowed) return plain(429, 'Too many requests', tooManyRequests(limit.retryAfterSeconds).headers)
	const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
	if (contentType !== 'application/x-www-form-urlencoded') return plain(415, 'Send the reply as application/x-www-form-urlencoded.')
	const params = new URLSearchParams(await request.text())
	const { TWILIO_AUTH_TOKEN: authToken } = services.config
	if (services.config.TWILIO_ACCOUNT_SID && authToken) {
		// Twilio signs the address it called: the site's public one (BASE_URL), whatever a proxy did to the request.
		const url = new URL(request.url)
		const signed = `${services.config.baseUrl}${url.pathname}${url.search}`
		if (!validTwilioSignature(authToken, signed, params, request.headers.get('x-twilio-signature')))
			return plain(403, 'The X-Twilio-Signature header is missing or does not match.')
	}
	const reply = inboundReplySchema.safeParse({ From: params.get('From') ?? undefined, Body: params.get('Body') ?? '' })
	if (!reply.success) return plain(400, reply.error.issues.map((issue) => issue.message).join('; '))
	const done = await applyReply(services.db, reply.data.From, reply.data.Body)
	if (done) services.log.info({ keyword: done }, 'text reply applied')
	return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
		status: 200,
		headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
