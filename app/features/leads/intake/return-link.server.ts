import crypto from 'node:crypto'
import { RETURN_LINK_FRAGMENT, RETURN_LINK_PATH } from '#app/features/quote-wizard/return-link.ts'

/**
 * docs/decisions/0096: the borrower's link back to their quote. A signed, single-purpose capability: the lead's id and
 * the second it was issued, signed with a key of its own (derived from the completion tokens' key with a label, so it
 * signs nothing else). Nothing is stored for it: it opens its lead for RETURN_LINK_DAYS, unless staff revoked the
 * lead's links after it was issued, or retention anonymised the lead.
 */
export const RETURN_LINK_DAYS = 30
const RETURN_LINK_SECONDS = RETURN_LINK_DAYS * 24 * 60 * 60
/** The signature's length: 128 bits, as much as a guess would ever need to beat. */
const SIGNATURE_BYTES = 16

export const returnLinkKeyFrom = (leadTokenKey: Buffer) => crypto.createHmac('sha256', leadTokenKey).update('lead-return-link').digest()

const sign = (key: Buffer, payload: Buffer) => crypto.createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES)

/** A new link's token for the lead, issued now (whole seconds). */
export function issueReturnToken(key: Buffer, leadId: string, now = new Date()) {
	const payload = Buffer.alloc(20)
	Buffer.from(leadId.replaceAll('-', ''), 'hex').copy(payload, 0)
	payload.writeUInt32BE(Math.floor(now.getTime() / 1000), 16)
	return `${payload.toString('base64url')}.${sign(key, payload).toString('base64url')}`
}

/** The link's address, and the moment it stops opening the lead. */
export function returnLink(key: Buffer, baseUrl: string, leadId: string, now = new Date()) {
	const token = issueReturnToken(key, leadId, now)
	const issuedAt = Math.floor(now.getTime() / 1000)
	return {
		token,
		url: `${baseUrl}${RETURN_LINK_PATH}#${RETURN_LINK_FRAGMENT}${token}`,
		expiresAt: new Date((issuedAt + RETURN_LINK_SECONDS) * 1000),
	}
}

/** The lead and issue time a token names, when its signature is this server's; null for anything else. */
export function readReturnToken(key: Buffer, token: string): { leadId: string; issuedAt: number } | null {
	const match = /^([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{22})$/.exec(token)
	if (!match) return null
	const payload = Buffer.from(match[1]!, 'base64url')
	const signature = Buffer.from(match[2]!, 'base64url')
	if (payload.length !== 20 || signature.length !== SIGNATURE_BYTES) return null
	if (!crypto.timingSafeEqual(signature, sign(key, payload))) return null
	const hex = payload.subarray(0, 16).toString('hex')
	const leadId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
	return { leadId, issuedAt: payload.readUInt32BE(16) }
}

type LinkedLead = { id: string; returnLinksRevokedAt: Date | null; anonymizedAt: Date | null }
export type ReadReturnToken = NonNullable<ReturnType<typeof readReturnToken>>

/**
 * Does a link, read and signed by this server, open this lead now? Its own lead, issued at most RETURN_LINK_DAYS ago
 * (and not in the future), after the last revocation (a link issued in the very second of a revocation counts as
 * revoked), and the lead not anonymised.
 */
export function returnLinkOpens(read: ReadReturnToken, lead: LinkedLead, now = new Date()) {
	if (read.leadId !== lead.id || lead.anonymizedAt) return false
	const nowSeconds = Math.floor(now.getTime() / 1000)
	if (read.issuedAt > nowSeconds || nowSeconds >= read.issuedAt + RETURN_LINK_SECONDS) return false
	const revokedAt = lead.returnLinksRevokedAt ? Math.floor(lead.returnLinksRevokedAt.getTime() / 1000) : null
	return revokedAt === null || read.issuedAt > revokedAt
}

/** Does the token open this lead now: this server's signature, and returnLinkOpens. */
export function returnTokenOpens(key: Buffer, token: string, lead: LinkedLead, now = new Date()) {
	const read = readReturnToken(key, token)
	return read !== null && returnLinkOpens(read, lead, now)
}
