import type { AppServices } from '#app/context.ts'
import { action as loginPasskeyAction } from '#app/routes/auth/login-passkey.ts'
import { action as passkeysAction } from '#app/routes/dashboard/security.passkeys.ts'
import { routeContext } from './test-services.ts'
import type { CeremonyOptions, Credential, SoftwareAuthenticator } from './webauthn-authenticator.ts'

export const ORIGIN = 'http://localhost:3000'

/** The Cookie header a browser would send: the ones it had, and those a response set (a later one wins). */
export function withCookies(cookie: string, response: Response) {
	const jar = new Map(
		cookie
			.split(';')
			.map((part) => part.trim())
			.filter(Boolean)
			.map((part) => [part.slice(0, part.indexOf('=')), part] as const),
	)
	for (const set of response.headers.getSetCookie()) {
		const pair = set.split(';')[0]!
		jar.set(pair.slice(0, pair.indexOf('=')), pair)
	}
	return [...jar.values()].join('; ')
}

/** What a route answered or threw, as a Response. */
async function answer(run: () => Promise<unknown>) {
	try {
		return (await run()) as Response
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		throw thrown
	}
}

const post = (url: string, cookie: string, fields: Record<string, string>) =>
	new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
		body: new URLSearchParams(fields),
	})

/** A post to the Security screen's passkeys route (app/routes/dashboard/security.passkeys.ts). */
export const postPasskeys = (services: AppServices, cookie: string, fields: Record<string, string>) =>
	answer(() =>
		passkeysAction({
			request: post(`${ORIGIN}/dashboard/security/passkeys`, cookie, fields),
			context: routeContext(services),
			params: {},
		} as never),
	)

/** The whole registration ceremony through the app's route: options, the authenticator's credential, then `add`. */
export async function registerPasskey(
	services: AppServices,
	cookie: string,
	authenticator: SoftwareAuthenticator,
	name = 'Test laptop',
	ceremony: CeremonyOptions = {},
) {
	const options = await postPasskeys(services, cookie, { intent: 'options', name })
	if (options.status !== 200) return options
	const credential = authenticator.register(await options.json(), ceremony)
	return postPasskeys(services, withCookies(cookie, options), { intent: 'add', name, response: JSON.stringify(credential) })
}

/** A post to "Sign in with a passkey" (app/routes/auth/login-passkey.ts), from one address. */
export const postPasskeySignIn = (services: AppServices, cookie: string, fields: Record<string, string>, clientIp = '198.51.100.90') =>
	answer(() =>
		loginPasskeyAction({
			request: post(`${ORIGIN}/login/passkey`, cookie, fields),
			context: routeContext(services, { clientIp }),
			params: {},
		} as never),
	)

/** The whole sign-in ceremony: options without an account, the authenticator's assertion, then `verify`. */
export async function signInWithPasskey(
	services: AppServices,
	authenticator: SoftwareAuthenticator,
	ceremony: CeremonyOptions & { credential?: Credential; clientIp?: string } = {},
) {
	const options = await postPasskeySignIn(services, '', { intent: 'options' }, ceremony.clientIp)
	const assertion = authenticator.authenticate(await options.json(), ceremony)
	return postPasskeySignIn(services, withCookies('', options), { intent: 'verify', response: JSON.stringify(assertion) }, ceremony.clientIp)
}
