import crypto from 'node:crypto'

/**
 * The key completion tokens are derived from (docs/decisions/0048): derived from the server's auth secret
 * with a label of its own, so it never signs anything else and the auth secret itself is not passed around.
 */
export const leadTokenKeyFrom = (authSecret: string) => crypto.createHmac('sha256', authSecret).update('lead-completion-token').digest()

/**
 * docs/decisions/0048: the completion token of a lead. Created with an Idempotency-Key, it is an HMAC of the lead
 * and the key, so a retry of the same request answers the same token (which the first caller may already hold)
 * and nothing is revoked; without a key, it is random. Either way only its hash is stored.
 */
export function completionTokenFor(key: Buffer, leadId: string, idempotencyKey: string | null) {
	if (idempotencyKey === null) return crypto.randomBytes(32).toString('base64url')
	return crypto.createHmac('sha256', key).update(`${leadId}\n${idempotencyKey}`).digest('base64url')
}
