import { KeyRound, Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'

type Messages = {
	/** The options could not be had from the server. */
	notStarted: string
	/** The browser's dialog was closed, or no passkey answered. */
	noPasskey: string
	/** The server refused the passkey's answer. */
	refused: string
}

/**
 * docs/decisions/0093: a passkey ceremony against one of the app's passkey routes (sign-in, confirm): the options from
 * `endpoint` (intent `options`), the browser's WebAuthn dialog (its library loaded on the first press only), the answer
 * posted back (intent `verify`), and the page the server redirects to. `available` is false until the page runs in a
 * browser with WebAuthn, so a server-rendered page offers nothing to press.
 */
function usePasskeyCeremony(endpoint: string, messages: Messages) {
	const navigate = useNavigate()
	const [available, setAvailable] = useState(false)
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)
	useEffect(() => setAvailable(typeof window.PublicKeyCredential === 'function'), [])

	const post = (fields: Record<string, string>) => fetch(endpoint, { method: 'POST', body: new URLSearchParams(fields) })

	async function start() {
		setBusy(true)
		setError(null)
		try {
			const optionsResponse = await post({ intent: 'options' })
			const options = (await optionsResponse.json()) as { error?: string }
			if (!optionsResponse.ok) throw new Error(options.error ?? messages.notStarted)
			const { startAuthentication } = await import('@simplewebauthn/browser')
			let assertion: unknown
			try {
				assertion = await startAuthentication({ optionsJSON: options as never })
			} catch {
				throw new Error(messages.noPasskey)
			}
			const verified = await post({ intent: 'verify', response: JSON.stringify(assertion) })
			if (verified.redirected) {
				const url = new URL(verified.url)
				navigate(`${url.pathname}${url.search}`, { replace: true })
				return
			}
			const answer = (await verified.json().catch(() => ({}))) as { error?: string }
			throw new Error(answer.error ?? messages.refused)
		} catch (failure) {
			setError(failure instanceof Error ? failure.message : messages.refused)
		} finally {
			setBusy(false)
		}
	}

	return { available, busy, error, start }
}

/**
 * The button of a passkey ceremony (sign-in, confirm), with the reason shown when it fails; nothing where the browser
 * has no WebAuthn. While the ceremony runs the button is disabled and shows that it is working.
 */
export function PasskeyCeremonyButton({
	endpoint,
	messages,
	label,
	className,
}: {
	endpoint: string
	messages: Messages
	label: string
	className: string
}) {
	const { available, busy, error, start } = usePasskeyCeremony(endpoint, messages)
	if (!available) return null
	return (
		<div className={className}>
			{error ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
					{error}
				</p>
			) : null}
			<button
				type="button"
				onClick={start}
				disabled={busy}
				className="flex w-full items-center justify-center gap-2 rounded-md border-2 border-brand-700 px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
			>
				{busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
				{label}
			</button>
		</div>
	)
}
