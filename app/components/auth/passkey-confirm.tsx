import { PasskeyCeremonyButton } from './passkey-ceremony.tsx'

/**
 * docs/decisions/0093: "Confirm with a passkey" on the confirm screen, for an account that has one, in a browser with
 * WebAuthn. The session in use is confirmed (no new sign-in), then the page it came from opens again.
 */
export function PasskeyConfirm({ redirectQuery }: { redirectQuery: string }) {
	return (
		<PasskeyCeremonyButton
			endpoint={`/dashboard/confirm/passkey${redirectQuery}`}
			messages={{
				notStarted: 'The passkey could not be asked.',
				noPasskey: 'No passkey was used. Try again, or enter your password and code.',
				refused: 'That passkey did not confirm it is you.',
			}}
			label="Confirm with a passkey"
			className="space-y-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
		/>
	)
}
