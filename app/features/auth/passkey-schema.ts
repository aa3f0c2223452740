import { z } from 'zod'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/** docs/decisions/0093: what staff call a passkey ("Chrome on macOS", "YubiKey"), shown on Security and in the log. */
export const passkeyNameSchema = singleLineText().trim().min(1, 'Name the passkey').max(60, 'At most 60 characters')

/** A WebAuthn response as the browser library gives it (JSON), checked by better-auth's plugin; bounded here. */
const ceremonyResponse = z
	.string()
	.max(20_000, 'The passkey answer is too long')
	// JSON of base64url values and ASCII names: printable ASCII only (docs/decisions/0077: no invisible characters).
	.regex(/^[\x20-\x7e]*$/, 'The passkey answer is not valid')
	.transform((text, ctx) => {
		try {
			const value = JSON.parse(text) as unknown
			if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
		} catch {}
		ctx.addIssue({ code: 'custom', message: 'The passkey answer is not valid' })
		return z.NEVER
	})

/** better-auth's ids: letters, digits, - and _ (docs/decisions/0077: nothing invisible reaches a lookup). */
const passkeyId = z
	.string()
	.trim()
	.min(1)
	.max(200)
	.regex(/^[A-Za-z0-9_-]+$/, 'No such passkey')

/** The Security screen's passkey forms and the ceremony's posts (one schema each, in the form and on the server). */
export const passkeyOptionsSchema = z.object({ name: passkeyNameSchema })
export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: ceremonyResponse })
export const renamePasskeySchema = z.object({ id: passkeyId, name: passkeyNameSchema })
export const removePasskeySchema = z.object({ id: passkeyId })
/** "Sign in with a passkey": the assertion the authenticator signed. */
export const passkeySignInSchema = z.object({ response: ceremonyResponse })
