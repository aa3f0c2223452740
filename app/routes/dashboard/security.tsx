import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { Form, Link, data, useNavigation, useSearchParams } from 'react-router'
import { type AppServices, servicesContext } from '#app/context.ts'
import { forwardCookies } from '#app/features/auth/forward-cookies.server.ts'
import { type StaffUser, requireStaff } from '#app/features/auth/staff-session.server.ts'
import { LOGIN_RATE_LIMIT } from '#app/features/auth/login-schema.ts'
import { acceptTotpStep } from '#app/features/auth/totp-steps.server.ts'
import { recoveryCodesLeft } from '#app/features/auth/second-factor.server.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { RecoveryCodes } from '#app/components/dashboard/security/recovery-codes.tsx'
import { Passkeys } from '#app/components/dashboard/security/passkeys.tsx'
import { listPasskeys } from '#app/features/auth/passkeys.server.ts'
import { hitRateLimit, rateLimitKey, releaseRateLimit } from '#app/features/security/rate-limit.server.ts'
import { safeText } from '#app/features/validation/safe-text.ts'
import type { Route } from './+types/security'
import { inputClass } from '#app/components/ui/styles.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const settings = await services.content.get('settings')
	return {
		enabled: user.twoFactorEnabled,
		required: settings.requireTwoFactor,
		// docs/decisions/0088: how many recovery codes are left, never the codes themselves.
		recoveryCodesLeft: user.twoFactorEnabled ? await recoveryCodesLeft(services.auth, services.db, user.id) : null,
		// docs/decisions/0093: the account's passkeys (names and dates only); they exist only next to the app.
		passkeys: user.twoFactorEnabled ? await listPasskeys(services, user.id) : [],
	}
}

/**
 * What the start step shows; the QR code is an image the server drew from the URI it got from better-auth.
 * For typing into an app by hand: the account's name and the base32 key (the URI's `secret`), never the URI itself.
 */
type Enrolment = { step: 'scan'; account: string; key: string; qrImage: string; backupCodes: string[] }

/** The parts of an otpauth:// URI an authenticator app asks for when the key is typed in. */
function manualEntry(totpURI: string) {
	const uri = new URL(totpURI)
	return { account: decodeURIComponent(uri.pathname.replace(/^\/+/, '')), key: uri.searchParams.get('secret') ?? '' }
}
type Result = { error?: string; done?: 'enabled' | 'disabled'; enrolment?: Enrolment; recoveryCodes?: string[] }

const passwordSchema = safeText().min(1, 'Enter your password')

export const PASSKEYS_FIRST = 'Remove your passkeys first: the authenticator app is their fallback.'

/** Wrong codes at the set-up's confirm step: 5 per 15 minutes per account, as better-auth allows 5 per sign-in (docs/decisions/0076). */
const SETUP_CODE_LIMIT = { limit: 5, windowSeconds: 900 } as const

/**
 * Turning two-factor on or off asks for the password, so it is limited like sign-in (10 failed
 * attempts per 15 minutes), per account: the session already says whose password is being guessed
 * (docs/decisions/0046). Every attempt is counted before the password is checked; a right one is given back.
 */
async function passwordAttempt(services: AppServices, user: StaffUser) {
	const key = rateLimitKey('two-factor-password', user.id)
	const limit = await hitRateLimit(services.db, key, LOGIN_RATE_LIMIT.limit, LOGIN_RATE_LIMIT.windowSeconds)
	if (limit.allowed) return { refused: null, succeeded: () => releaseRateLimit(services.db, key) }
	return {
		refused: data<Result>(
			{ error: `Too many wrong passwords. Please try again in ${waitInMinutes(limit.retryAfterSeconds)}.` },
			tooManyRequests(limit.retryAfterSeconds),
		),
		succeeded: async () => {},
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	if (intent === 'start') {
		const password = passwordSchema.safeParse(form.get('password'))
		if (!password.success) return data<Result>({ error: 'Enter your password' }, { status: 400 })
		const attempt = await passwordAttempt(services, user)
		if (attempt.refused) return attempt.refused
		const company = await services.content.get('company')
		const response = await services.auth.api.enableTwoFactor({
			body: { password: password.data, issuer: company.name },
			headers: request.headers,
			asResponse: true,
		})
		if (!response.ok) return data<Result>({ error: 'Your password is not correct' }, { status: 400 })
		await attempt.succeeded()
		const body = (await response.json()) as { totpURI: string; backupCodes: string[] }
		const qrImage = await QRCode.toDataURL(body.totpURI, { margin: 1, width: 192 })
		const enrolment: Enrolment = { step: 'scan', ...manualEntry(body.totpURI), qrImage, backupCodes: body.backupCodes }
		return data<Result>({ enrolment }, { headers: forwardCookies(response) })
	}
	if (intent === 'confirm') {
		const code = String(form.get('code') ?? '').replace(/\s/g, '')
		// docs/decisions/0076: wrong codes are limited per account like the sign-in's second step; a right one is given back.
		const key = rateLimitKey('two-factor-setup', user.id)
		const limit = await hitRateLimit(services.db, key, SETUP_CODE_LIMIT.limit, SETUP_CODE_LIMIT.windowSeconds)
		if (!limit.allowed) {
			return data<Result>(
				{ error: `Too many wrong codes. Please try again in ${waitInMinutes(limit.retryAfterSeconds)}.` },
				tooManyRequests(limit.retryAfterSeconds),
			)
		}
		const response = await services.auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true })
		// Nothing the browser posted is sent back: the page still shows the enrolment it got from the start step.
		if (!response.ok) return data<Result>({ error: 'That code is not valid. Check the time on your phone and try again.' }, { status: 400 })
		await releaseRateLimit(services.db, key)
		// docs/decisions/0076: the code that turned two-factor on cannot then be used to sign in.
		await acceptTotpStep(services.auth, services.db, user.id, code)
		return data<Result>({ done: 'enabled' }, { headers: forwardCookies(response) })
	}
	if (intent === 'disable') {
		const settings = await services.content.get('settings')
		if (settings.requireTwoFactor)
			return data<Result>({ error: 'Two-factor sign-in is required by the settings and cannot be turned off' }, { status: 400 })
		// docs/decisions/0093: the app is the passkeys' fallback; it goes only once they are gone.
		if ((await listPasskeys(services, user.id)).length > 0) return data<Result>({ error: PASSKEYS_FIRST }, { status: 400 })
		const password = passwordSchema.safeParse(form.get('password'))
		if (!password.success) return data<Result>({ error: 'Enter your password' }, { status: 400 })
		const attempt = await passwordAttempt(services, user)
		if (attempt.refused) return attempt.refused
		const response = await services.auth.api.disableTwoFactor({
			body: { password: password.data },
			headers: request.headers,
			asResponse: true,
		})
		if (!response.ok) return data<Result>({ error: 'Your password is not correct' }, { status: 400 })
		await attempt.succeeded()
		services.log.info({ userId: user.id }, 'two-factor sign-in turned off')
		return data<Result>({ done: 'disabled' }, { headers: forwardCookies(response) })
	}
	if (intent === 'regenerate') {
		// docs/decisions/0088: new recovery codes replace every old one, after the password; shown once.
		const password = passwordSchema.safeParse(form.get('password'))
		if (!password.success) return data<Result>({ error: 'Enter your password' }, { status: 400 })
		if (!user.twoFactorEnabled) return data<Result>({ error: 'Set up an authenticator app first' }, { status: 400 })
		const attempt = await passwordAttempt(services, user)
		if (attempt.refused) return attempt.refused
		const response = await services.auth.api.generateBackupCodes({
			body: { password: password.data },
			headers: request.headers,
			asResponse: true,
		})
		if (!response.ok) return data<Result>({ error: 'Your password is not correct' }, { status: 400 })
		await attempt.succeeded()
		const { backupCodes } = (await response.json()) as { backupCodes: string[] }
		await recordActivity(
			services.db,
			activityActor(user, requestFactsOf(context)),
			{
				type: 'auth.recovery_codes_regenerated',
				details: { count: backupCodes.length },
			},
			{ kind: 'user', id: user.id },
		)
		return data<Result>({ recoveryCodes: backupCodes })
	}
	return data<Result>({ error: 'Unknown action' }, { status: 400 })
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const submitting = useNavigation().state === 'submitting'
	const enabled = actionData?.done === 'enabled' || (loaderData.enabled && actionData?.done !== 'disabled')
	// The enrolment of the start step stays on screen while the code is retried.
	const [startedEnrolment, setStartedEnrolment] = useState(actionData?.enrolment)
	useEffect(() => {
		if (actionData?.enrolment) setStartedEnrolment(actionData.enrolment)
	}, [actionData])
	const enrolment = actionData?.enrolment ?? startedEnrolment
	return (
		<div className="max-w-2xl space-y-6">
			<h1 className="text-2xl font-bold text-brand-900">Two-factor sign-in</h1>
			{/* docs/decisions/0111: the account's other screen, how one hears of assigned leads. */}
			<p className="text-slate-700">
				How you hear of a lead assigned to you (e-mail or text):{' '}
				<Link to="/dashboard/notifications" className="font-medium text-brand-800 underline underline-offset-2">
					Notifications
				</Link>
			</p>
			{searchParams.get('required') && !enabled ? (
				<p role="status" className="rounded-md bg-amber-50 p-3 text-amber-900">
					Every staff account needs a second factor. Set it up to continue to the dashboard.
				</p>
			) : null}
			{actionData?.error ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
					{actionData.error}
				</p>
			) : null}
			<section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
				{enabled ? (
					<>
						<p className="font-semibold text-green-800" data-testid="two-factor-status">
							Two-factor sign-in is on.
						</p>
						<p className="mt-1 text-slate-700">You enter a code from your authenticator app each time you sign in with your password.</p>
						<RecoveryCodes left={loaderData.recoveryCodesLeft} fresh={actionData?.recoveryCodes ?? null} submitting={submitting} />
						{loaderData.enabled ? <Passkeys passkeys={loaderData.passkeys} /> : null}
						{loaderData.required ? null : (
							<Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
								<input type="hidden" name="intent" value="disable" />
								<div>
									<label htmlFor="disable-password" className="mb-1 block font-medium text-slate-800">
										Password
									</label>
									<input id="disable-password" name="password" type="password" autoComplete="current-password" className={inputClass} />
								</div>
								<button type="submit" className="rounded-md border-2 border-red-700 px-4 py-2 font-semibold text-red-800">
									Turn off
								</button>
							</Form>
						)}
					</>
				) : enrolment ? (
					<div className="space-y-4">
						<p className="text-slate-700">
							Scan this code with an authenticator app (1Password, Google Authenticator, Authy...), or enter the key by hand.
						</p>
						<img src={enrolment.qrImage} alt="QR code for your authenticator app" width={192} height={192} className="h-48 w-48" />
						<ManualKey account={enrolment.account} secret={enrolment.key} />
						<div>
							<p className="font-medium text-slate-900">
								Recovery codes: keep them somewhere safe. Each works once if you lose your phone.
							</p>
							<ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-slate-800" data-testid="setup-recovery-codes">
								{enrolment.backupCodes.map((code) => (
									<li key={code}>{code}</li>
								))}
							</ul>
						</div>
						<Form method="post" className="flex flex-wrap items-end gap-3">
							<input type="hidden" name="intent" value="confirm" />
							<div>
								<label htmlFor="confirm-code" className="mb-1 block font-medium text-slate-800">
									Code from the app
								</label>
								<input id="confirm-code" name="code" inputMode="numeric" autoComplete="one-time-code" required className={inputClass} />
							</div>
							<button
								type="submit"
								disabled={submitting}
								className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-70"
							>
								Turn on
							</button>
						</Form>
					</div>
				) : (
					<Form method="post" className="space-y-4">
						<p className="text-slate-700">Protect your account with a code from an authenticator app in addition to your password.</p>
						<input type="hidden" name="intent" value="start" />
						<div>
							<label htmlFor="start-password" className="mb-1 block font-medium text-slate-800">
								Confirm your password
							</label>
							<input id="start-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
						</div>
						<button
							type="submit"
							disabled={submitting}
							className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-70"
						>
							Set up two-factor sign-in
						</button>
					</Form>
				)}
			</section>
		</div>
	)
}

/** The key in groups of four, as authenticator apps show and accept it, with a button that copies it without the spaces. */
function ManualKey({ account, secret }: { account: string; secret: string }) {
	const [copied, setCopied] = useState(false)
	const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? ''
	return (
		<div className="space-y-1 text-sm text-slate-700">
			<p className="break-words">
				Account: <span className="font-medium text-slate-900">{account}</span>
			</p>
			<p>Key (time-based):</p>
			<div className="flex flex-wrap items-center gap-2">
				<code
					data-testid="totp-key"
					className="break-words rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wide text-slate-900 select-all"
				>
					{grouped}
				</code>
				<button
					type="button"
					onClick={() => {
						void navigator.clipboard?.writeText(secret).then(() => setCopied(true))
					}}
					className="rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100"
				>
					{copied ? 'Copied' : 'Copy key'}
				</button>
				<span role="status" className="sr-only">
					{copied ? 'Key copied' : ''}
				</span>
			</div>
		</div>
	)
}
