import crypto from 'node:crypto'
import type { AppServices } from '#app/context.ts'
import { rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { LOGIN_ACCOUNT_SCOPE } from './login-schema.ts'

/** A year: the browser an account signed in from stays known that long after its last sign-in. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60
const NAME = 'known-device'

const cookieName = (baseUrl: string) => (baseUrl.startsWith('https://') ? `__Host-${NAME}` : NAME)

async function signature(services: AppServices, email: string, nonce: string) {
	const { secret } = await services.auth.$context
	// The account is named by the same hash as its slowdown counter: the cookie itself does not carry the e-mail.
	const account = rateLimitKey(LOGIN_ACCOUNT_SCOPE, email.toLowerCase())
	return crypto.createHmac('sha256', secret).update(`${NAME}:${account}:${nonce}`).digest('base64url')
}

/**
 * docs/decisions/0076 (OWASP's device cookies): a browser that signed in to an account with its password
 * before is known to that account, and is not held back by the account's slowdown, which strangers
 * guessing from elsewhere cause; it has a slowdown of its own instead. So the owner's usual browser
 * signs in while an attack on the account goes on. Answers the Set-Cookie header that marks this browser.
 */
export async function knownDeviceCookie(services: AppServices, email: string) {
	const nonce = crypto.randomBytes(16).toString('base64url')
	const value = `${nonce}.${await signature(services, email, nonce)}`
	const secure = services.config.baseUrl.startsWith('https://') ? '; Secure' : ''
	return `${cookieName(services.config.baseUrl)}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`
}

/** The key of this browser's own slowdown when it is known to the account typed in; null for any other browser. */
export async function knownDeviceKey(services: AppServices, request: Request, email: string) {
	const name = cookieName(services.config.baseUrl)
	const value = (request.headers.get('cookie') ?? '')
		.split(';')
		.map((part) => part.trim())
		.find((part) => part.startsWith(`${name}=`))
		?.slice(name.length + 1)
	const [nonce, signed] = value?.split('.') ?? []
	if (!nonce || !signed) return null
	const expected = Buffer.from(await signature(services, email, nonce))
	const given = Buffer.from(signed)
	if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
	return rateLimitKey('login-device', nonce)
}
