import crypto from 'node:crypto'

function base32Decode(text: string) {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
	let bits = ''
	for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
	const bytes = bits.match(/.{8}/g) ?? []
	return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)))
}

/** RFC 6238 (SHA-1, 30 s, 6 digits): what an authenticator app shows for this otpauth:// URI. */
export function totpFromUri(uri: string, now = Date.now()) {
	return totpFromKey(new URL(uri).searchParams.get('secret')!, now)
}

/** The same for a base32 key typed in by hand (spaces between its groups are ignored, as apps do). */
export function totpFromKey(key: string, now = Date.now()) {
	const secret = key.replace(/\s/g, '')
	const counter = Buffer.alloc(8)
	counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)))
	const digest = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest()
	const offset = digest[digest.length - 1]! & 0xf
	const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
	return value.toString().padStart(6, '0')
}
