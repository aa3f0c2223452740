import { PasskeyCeremonyButton } from './passkey-ceremony.tsx'

/**
 * docs/decisions/0093: "Sign in with a passkey" on the login page. Shown only once the page runs in a browser with
 * WebAuthn (server-rendered, it is absent: nothing to press without JavaScript). The browser offers the passkeys it
 * holds for this site, so no e-mail is typed; the WebAuthn library is loaded on the first press only.
 */
export function PasskeySignIn({ redirectQuery }: { redirectQuery: string }) {
	return (
		<PasskeyCeremonyButton
			endpoint={`/login/passkey${redirectQuery}`}
			messages={{
				notStarted: 'Passkey sign-in could not be started.',
				noPasskey: 'No passkey was used. Try again, or sign in with your password.',
				refused: 'That passkey did not sign you in.',
			}}
			label="Sign in with a passkey"
			className="mt-4 space-y-3 border-t border-slate-200 pt-4"
		/>
	)
}
