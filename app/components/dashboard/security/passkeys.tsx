import { KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useOfficeTimeZone } from '#app/components/dashboard/office-time-zone.tsx'
import { inputClass } from '#app/components/ui/styles.ts'
import { deviceName } from '#app/features/auth/device-name.ts'
import { passkeyNameSchema } from '#app/features/auth/passkey-schema.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'

export type PasskeyRow = { id: string; name: string; createdAt: string | null; lastUsedAt: string | null; synced: boolean }

const ENDPOINT = '/dashboard/security/passkeys'

/** Posts to the passkeys' resource route; a redirect (step-up, sign-in) is followed as a navigation. */
function usePasskeyPost() {
	const navigate = useNavigate()
	return async (fields: Record<string, string>): Promise<{ error?: string; [key: string]: unknown } | null> => {
		const response = await fetch(ENDPOINT, { method: 'POST', body: new URLSearchParams(fields) })
		if (response.redirected) {
			const url = new URL(response.url)
			navigate(`${url.pathname}${url.search}`)
			return null
		}
		return (await response.json().catch(() => ({ error: 'Something went wrong. Please try again.' }))) as { error?: string }
	}
}

/** The browser's WebAuthn, where it has one (an old browser, or a page not served from the configured host, has none). */
function useWebAuthnAvailable() {
	const [available, setAvailable] = useState<boolean | null>(null)
	useEffect(() => setAvailable(typeof window.PublicKeyCredential === 'function'), [])
	return available
}

/**
 * docs/decisions/0093: the account's passkeys on the Security screen, with their names, when they were added and last
 * used; add one (the browser's own dialog), rename one, remove one. Adding and removing may first ask the person to
 * confirm who they are (step-up). The WebAuthn library is loaded only when a passkey is added.
 */
export function Passkeys({ passkeys }: { passkeys: PasskeyRow[] }) {
	const timeZone = useOfficeTimeZone()
	const when = (iso: string | null) => (iso ? formatInTimeZone(new Date(iso), timeZone, 'details') : 'Never')
	const post = usePasskeyPost()
	const navigate = useNavigate()
	const available = useWebAuthnAvailable()
	const [name, setName] = useState('')
	const [busy, setBusy] = useState(false)
	const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
	useEffect(() => setName((current) => current || deviceName(navigator.userAgent)), [])

	async function run(work: () => Promise<string | null>) {
		setBusy(true)
		setMessage(null)
		try {
			// null: the answer was a redirect (to confirm it is you), already followed.
			const done = await work()
			if (!done) return
			setMessage({ error: false, text: done })
			// The screen's loader again (the same address), so the list shows the change.
			await navigate('.', { replace: true, preventScrollReset: true })
		} catch (error) {
			setMessage({ error: true, text: error instanceof Error ? error.message : 'Something went wrong. Please try again.' })
		} finally {
			setBusy(false)
		}
	}

	const add = () =>
		run(async () => {
			const label = passkeyNameSchema.safeParse(name)
			if (!label.success) throw new Error(label.error.issues[0]!.message)
			const options = await post({ intent: 'options', name: label.data })
			if (!options) return null
			if (options.error) throw new Error(options.error)
			const { startRegistration } = await import('@simplewebauthn/browser')
			let response: unknown
			try {
				response = await startRegistration({ optionsJSON: options as never })
			} catch {
				throw new Error('The passkey was not created (the dialog was closed, or this device already has one for your account).')
			}
			const added = await post({ intent: 'add', name: label.data, response: JSON.stringify(response) })
			if (!added) return null
			if (added.error) throw new Error(added.error)
			return `Passkey “${label.data}” added. You can now sign in with it.`
		})

	return (
		<div className="mt-6 border-t border-slate-200 pt-4">
			<h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
				<KeyRound className="h-5 w-5 text-brand-700" aria-hidden="true" />
				Passkeys
			</h2>
			<p className="mt-1 text-slate-700">
				A passkey signs you in with this device’s screen lock (fingerprint, face or PIN) instead of your password and code. Your
				authenticator app stays your way in on any other device.
			</p>
			{message ? (
				<p
					role={message.error ? 'alert' : 'status'}
					className={`mt-3 rounded-md p-3 ${message.error ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}
				>
					{message.text}
				</p>
			) : null}
			{passkeys.length > 0 ? (
				<ul className="mt-3 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" data-testid="passkey-list">
					{passkeys.map((passkey) => (
						<PasskeyItem key={passkey.id} passkey={passkey} when={when} busy={busy} run={run} post={post} />
					))}
				</ul>
			) : (
				<p className="mt-3 text-slate-700">No passkeys yet.</p>
			)}
			<div className="mt-4 flex flex-wrap items-end gap-3">
				<div>
					<label htmlFor="passkey-name" className="mb-1 block font-medium text-slate-800">
						Name of the new passkey
					</label>
					<input id="passkey-name" value={name} onChange={(event) => setName(event.target.value)} maxLength={60} className={inputClass} />
				</div>
				<button
					type="button"
					onClick={add}
					disabled={busy || !available}
					className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-70"
				>
					Add a passkey
				</button>
			</div>
			{available === false ? <p className="mt-2 text-sm text-slate-700">This browser cannot create passkeys.</p> : null}
		</div>
	)
}

function PasskeyItem({
	passkey,
	when,
	busy,
	run,
	post,
}: {
	passkey: PasskeyRow
	when: (iso: string | null) => string
	busy: boolean
	run: (work: () => Promise<string | null>) => Promise<void>
	post: ReturnType<typeof usePasskeyPost>
}) {
	const [renaming, setRenaming] = useState(false)
	const [name, setName] = useState(passkey.name)
	const inputId = `passkey-rename-${passkey.id}`
	return (
		<li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="passkey">
			{renaming ? (
				<form
					className="flex flex-wrap items-end gap-2"
					onSubmit={(event) => {
						event.preventDefault()
						void run(async () => {
							const label = passkeyNameSchema.safeParse(name)
							if (!label.success) throw new Error(label.error.issues[0]!.message)
							const answer = await post({ intent: 'rename', id: passkey.id, name: label.data })
							if (answer?.error) throw new Error(answer.error)
							setRenaming(false)
							return answer ? 'Passkey renamed.' : null
						})
					}}
				>
					<div>
						<label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
							New name
						</label>
						<input id={inputId} value={name} onChange={(event) => setName(event.target.value)} maxLength={60} className={inputClass} />
					</div>
					<button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white">
						Save
					</button>
					<button type="button" onClick={() => setRenaming(false)} className="px-3 py-2 text-sm font-semibold text-slate-800">
						Cancel
					</button>
				</form>
			) : (
				<div>
					<p className="font-medium text-slate-900" data-testid="passkey-name">
						{passkey.name}
					</p>
					<p className="text-sm text-slate-700">
						Added {when(passkey.createdAt)} · Last used {when(passkey.lastUsedAt)}
						{passkey.synced ? ' · Synced to your other devices' : ''}
					</p>
				</div>
			)}
			{renaming ? null : (
				<div className="flex gap-2">
					<button
						type="button"
						onClick={() => setRenaming(true)}
						disabled={busy}
						aria-label={`Rename ${passkey.name}`}
						className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800"
					>
						Rename
					</button>
					<button
						type="button"
						disabled={busy}
						aria-label={`Remove ${passkey.name}`}
						onClick={() =>
							run(async () => {
								const answer = await post({ intent: 'remove', id: passkey.id })
								if (answer?.error) throw new Error(answer.error)
								return answer ? `Passkey “${passkey.name}” removed.` : null
							})
						}
						className="rounded-md border-2 border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800"
					>
						Remove
					</button>
				</div>
			)}
		</li>
	)
}
