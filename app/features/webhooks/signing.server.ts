import crypto from 'node:crypto'

/**
 * docs/decisions/0068: Standard Webhooks signing (https://www.standardwebhooks.com). A secret is `whsec_` + base64 of
 * 32 random bytes; the signature is `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under those bytes, one per
 * secret in use, separated by spaces (during a rotation the old secret signs beside the new one).
 */
const SECRET_PREFIX = 'whsec_'
export const SECRET_BYTES = 32

export function newWebhookSecret() {
	return `${SECRET_PREFIX}${crypto.randomBytes(SECRET_BYTES).toString('base64')}`
}

/**
 * The HMAC key of a secret, made once per secret: a key object signs in a third of the time a key given as bytes takes
 * (Node checks and copies those on every call), and a burst of leads signs thousands of deliveries with a few secrets.
 * Bounded: past SIGNING_KEYS_KEPT secrets (endpoints, rotations) it starts again.
 */
const SIGNING_KEYS_KEPT = 256
const signingKeys = new Map<string, crypto.KeyObject>()
function secretKey(secret: string) {
	let key = signingKeys.get(secret)
	if (key) return key
	if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_')
	key = crypto.createSecretKey(Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64'))
	if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.clear()
	signingKeys.set(secret, key)
	return key
}

/** The event's id (`msg_` + 32 hex characters): the receivers' idempotency key, the same on every attempt. */
export const newWebhookEventId = () => `msg_${crypto.randomBytes(16).toString('hex')}`

export function signature(secret: string, id: string, timestampSeconds: number, body: string) {
	const mac = crypto.createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
	return `v1,${mac}`
}

/** The headers of one attempt; the timestamp is the attempt's, the id the event's. */
export function webhookHeaders(input: { id: string; timestampSeconds: number; body: string; secrets: readonly string[] }) {
	return {
		'content-type': 'application/json',
		'webhook-id': input.id,
		'webhook-timestamp': String(input.timestampSeconds),
		'webhook-signature': input.secrets.map((secret) => signature(secret, input.id, input.timestampSeconds, input.body)).join(' '),
	}
}

/**
 * Secrets at rest (docs/decisions/0068): AES-256-GCM under a key derived from the auth secret with HKDF and a label of
 * its own, so a copy of the database alone signs nothing. Stored as `v1.` + base64url(iv | ciphertext | tag).
 */
export const webhookKeyFrom = (authSecret: string) =>
	Buffer.from(crypto.hkdfSync('sha256', authSecret, Buffer.alloc(0), 'webhook-endpoint-secrets v1', 32))

/** The key object of the sealing key, made once per key (as the signing keys above). */
const sealingKeys = new WeakMap<Buffer, crypto.KeyObject>()
function sealingKey(key: Buffer) {
	let keyObject = sealingKeys.get(key)
	if (!keyObject) {
		keyObject = crypto.createSecretKey(key)
		sealingKeys.set(key, keyObject)
	}
	return keyObject
}

export function encryptSecret(key: Buffer, secret: string) {
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(key), iv)
	const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
	return `v1.${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')}`
}

export function decryptSecret(key: Buffer, stored: string) {
	if (!stored.startsWith('v1.')) throw new Error('Unknown webhook secret format')
	const raw = Buffer.from(stored.slice(3), 'base64url')
	const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(key), raw.subarray(0, 12))
	decipher.setAuthTag(raw.subarray(raw.length - 16))
	return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8')
}
