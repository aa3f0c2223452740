import crypto from 'node:crypto'

/**
 * A software WebAuthn authenticator for server tests (docs/decisions/0093): real ES256 keys (node:crypto), real
 * attestation objects ("none" format) and real signed assertions, as a platform authenticator makes them, so the
 * server's verification (@simplewebauthn/server through better-auth's plugin) runs unchanged. Only what it
 * asserts about its user (present, verified) is the test's to choose.
 */

// --- A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps. ---
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

function head(major: number, length: number) {
	if (length < 24) return Buffer.from([(major << 5) | length])
	if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
	if (length < 0x10000) {
		const out = Buffer.alloc(3)
		out[0] = (major << 5) | 25
		out.writeUInt16BE(length, 1)
		return out
	}
	const out = Buffer.alloc(5)
	out[0] = (major << 5) | 26
	out.writeUInt32BE(length, 1)
	return out
}

function cbor(value: Cbor): Buffer {
	if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
	if (typeof value === 'string') {
		const bytes = Buffer.from(value, 'utf8')
		return Buffer.concat([head(3, bytes.length), bytes])
	}
	if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
	return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])])
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

/** Flags of authenticator data (WebAuthn §6.1): user present, user verified, backup eligible/state, attested data. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export type Credential = {
	id: Buffer
	privateKey: crypto.KeyObject
	userHandle: string
	counter: number
}

export type CeremonyOptions = {
	/** The page's origin, as the browser puts it in the client data. */
	origin?: string
	/** Whether the authenticator says it verified its user (PIN, biometric). */
	userVerified?: boolean
}

export class SoftwareAuthenticator {
	readonly credentials: Credential[] = []

	/** navigator.credentials.create(): a new ES256 credential for the options the server gave, answered as JSON. */
	register(
		options: { challenge: string; rp: { id?: string }; user: { id: string } },
		{ origin = 'http://localhost:3000', userVerified = true }: CeremonyOptions = {},
	) {
		const rpId = options.rp.id ?? new URL(origin).hostname
		const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
		const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
		const coseKey = cbor(
			new Map<Cbor, Cbor>([
				[1, 2], // kty: EC2
				[3, -7], // alg: ES256
				[-1, 1], // crv: P-256
				[-2, Buffer.from(jwk.x, 'base64url')],
				[-3, Buffer.from(jwk.y, 'base64url')],
			]),
		)
		const id = crypto.randomBytes(32)
		const credentialLength = Buffer.alloc(2)
		credentialLength.writeUInt16BE(id.length)
		const authData = Buffer.concat([
			sha256(rpId),
			Buffer.from([UP | (userVerified ? UV : 0) | AT]),
			Buffer.alloc(4), // signature counter 0
			Buffer.alloc(16), // AAGUID: none
			credentialLength,
			id,
			coseKey,
		])
		const attestationObject = cbor(
			new Map<Cbor, Cbor>([
				['fmt', 'none'],
				['attStmt', new Map()],
				['authData', authData],
			]),
		)
		const clientDataJSON = Buffer.from(
			JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
		)
		this.credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 })
		return {
			id: b64url(id),
			rawId: b64url(id),
			type: 'public-key',
			response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
			clientExtensionResults: {},
			authenticatorAttachment: 'platform',
		}
	}

	/** navigator.credentials.get(): an assertion of a credential it holds (the latest one unless told), signed with its key. */
	authenticate(
		options: { challenge: string; rpId?: string },
		{
			origin = 'http://localhost:3000',
			userVerified = true,
			credential = this.credentials.at(-1),
		}: CeremonyOptions & { credential?: Credential } = {},
	) {
		if (!credential) throw new Error('this authenticator holds no passkey')
		const rpId = options.rpId ?? new URL(origin).hostname
		credential.counter++
		const counter = Buffer.alloc(4)
		counter.writeUInt32BE(credential.counter)
		const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([UP | (userVerified ? UV : 0)]), counter])
		const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }))
		const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey)
		return {
			id: b64url(credential.id),
			rawId: b64url(credential.id),
			type: 'public-key',
			response: {
				clientDataJSON: b64url(clientDataJSON),
				authenticatorData: b64url(authenticatorData),
				signature: b64url(signature),
				userHandle: credential.userHandle,
			},
			clientExtensionResults: {},
			authenticatorAttachment: 'platform',
		}
	}
}
