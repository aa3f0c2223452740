import { data, redirect } from 'react-router'
import { useCompany } from '#app/components/site/use-company.ts'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { normalizeTermSheetCode } from '#app/features/leads/terms/term-sheet.ts'
import { FRESH_SECONDS, type VerifyAnswer, verifyTermSheet } from '#app/features/leads/terms/term-sheet-verify.server.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import type { Route } from './+types/verify'

/** docs/decisions/0037: nothing React must do here; the code form is a plain GET form, so the page ships no bundle. */
export const handle: PageHandle = { hydrate: false }

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(
		{
			title: 'Verify a term sheet',
			description: 'Check whether a term sheet is genuine and current.',
			keywords: '',
			path: location.pathname,
			noindex: true,
		},
		siteIdentity(matches),
	)

/**
 * docs/decisions/0095: a current sheet turns superseded (a new rate sheet) or expired (its date) at any time, so a
 * found sheet's answer is kept a minute at most, and never past its expiry (the server's render cache keeps it as long,
 * server/page-cache.ts); anything else is not kept at all.
 */
const keptFor = (seconds: number) => `public, max-age=${seconds}`
const NOT_KEPT = 'no-store'

type LoaderData = { typed: string } & (VerifyAnswer | { kind: 'form' })

export async function loader({ request, params, context }: Route.LoaderArgs) {
	// What was typed is shown back in a not-found answer: as much of it as a code could be.
	const typed = (params.code ?? new URL(request.url).searchParams.get('code') ?? '').trim().slice(0, 40)
	if (typed === '') return data<LoaderData>({ kind: 'form', typed }, { headers: { 'Cache-Control': keptFor(FRESH_SECONDS) } })
	const code = normalizeTermSheetCode(typed)
	// The form's ?code= and a code typed in another case or with its dash go to the one address of the code.
	if (code && code !== params.code) throw redirect(`/verify/${code}`)
	const answer = await verifyTermSheet(context.get(servicesContext), context.get(requestInfoContext).clientIp, code)
	if (answer.kind === 'limited') {
		const refusal = tooManyRequests(answer.retryAfterSeconds)
		return data<LoaderData>({ ...answer, typed }, { ...refusal, headers: { ...refusal.headers, 'Cache-Control': NOT_KEPT } })
	}
	if (answer.kind === 'not-found') return data<LoaderData>({ ...answer, typed }, { status: 404, headers: { 'Cache-Control': NOT_KEPT } })
	return data<LoaderData>({ ...answer, typed }, { headers: { 'Cache-Control': keptFor(answer.freshForSeconds) } })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? NOT_KEPT })

const VERDICTS = {
	current: {
		title: 'Genuine and current',
		tone: 'border-green-600 bg-green-50 text-green-900',
	},
	expired: {
		title: 'Genuine, but expired',
		tone: 'border-amber-600 bg-amber-50 text-amber-900',
	},
	superseded: {
		title: 'Genuine, but superseded by a newer rate sheet',
		tone: 'border-amber-600 bg-amber-50 text-amber-900',
	},
} as const

export default function Verify({ loaderData }: Route.ComponentProps) {
	const company = useCompany()
	const answer = loaderData
	return (
		<div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
			<h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Verify a term sheet</h1>
			<p className="mt-2 text-slate-700">
				{`Every term sheet ${company.name} issues carries a 10-character code. Type it here, or scan the QR code on the sheet.`}
			</p>
			{answer.kind === 'found' ? (
				<section
					aria-labelledby="verdict"
					className={`mt-6 rounded-lg border-l-4 p-4 ${VERDICTS[answer.state].tone}`}
					data-testid="verify-result"
				>
					<h2 id="verdict" className="text-xl font-bold" data-state={answer.state}>
						{VERDICTS[answer.state].title}
					</h2>
					<p className="mt-1">
						{answer.state === 'current'
							? `Term sheet ${answer.code} was issued by ${company.name} on ${answer.madeOn} and is valid until ${answer.expiresOn}.`
							: answer.state === 'expired'
								? `Term sheet ${answer.code} was issued by ${company.name} on ${answer.madeOn} and expired on ${answer.expiresOn}.`
								: `Term sheet ${answer.code} was issued by ${company.name} on ${answer.madeOn}, but our rates have changed since: the figures may differ now. Ask your loan officer for a new one.`}
					</p>
				</section>
			) : answer.kind === 'not-found' ? (
				<p role="alert" className="mt-6 rounded-lg border-l-4 border-red-600 bg-red-50 p-4 text-red-900" data-testid="verify-result">
					{`No term sheet has the code ${answer.typed}. Check the code on the sheet, or call us at ${company.phone}.`}
				</p>
			) : answer.kind === 'limited' ? (
				<p role="alert" className="mt-6 rounded-lg border-l-4 border-red-600 bg-red-50 p-4 text-red-900" data-testid="verify-result">
					Too many codes were checked from your connection. Please try again in {waitInMinutes(answer.retryAfterSeconds)}, or call us at{' '}
					{company.phone}.
				</p>
			) : null}

			{answer.kind === 'found' ? (
				<section aria-labelledby="figures" className="mt-6">
					<h2 id="figures" className="text-lg font-bold text-brand-900">
						The figures on this term sheet
					</h2>
					<dl className="mt-3 grid grid-cols-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:gap-y-1" data-testid="verify-figures">
						<dt className="mt-2 text-slate-700 sm:mt-0">Lender</dt>
						<dd className="font-semibold text-slate-900">{company.name}</dd>
						<dt className="mt-2 text-slate-700 sm:mt-0">Program</dt>
						<dd className="font-semibold text-slate-900">{answer.figures.program}</dd>
						<dt className="mt-2 text-slate-700 sm:mt-0">Property</dt>
						<dd className="font-semibold text-slate-900">
							{[answer.figures.propertyType, answer.figures.state].filter(Boolean).join(', ') || 'Not given'}
						</dd>
						<dt className="mt-2 text-slate-700 sm:mt-0">Scenario</dt>
						<dd className="font-semibold text-slate-900">{answer.figures.scenario}</dd>
						<dt className="mt-2 text-slate-700 sm:mt-0">Credit score</dt>
						<dd className="font-semibold text-slate-900">{answer.figures.creditBand}</dd>
						{answer.figures.rows.map(([label, value]) => (
							<div key={label} className="contents">
								<dt className="mt-2 text-slate-700 sm:mt-0">{label}</dt>
								<dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
							</div>
						))}
						<dt className="mt-2 text-slate-700 sm:mt-0">Issued</dt>
						<dd className="font-semibold text-slate-900">{answer.madeOn}</dd>
						<dt className="mt-2 text-slate-700 sm:mt-0">{answer.state === 'expired' ? 'Expired' : 'Valid until'}</dt>
						<dd className="font-semibold text-slate-900">{answer.expiresOn}</dd>
					</dl>
				</section>
			) : null}

			<form method="get" action="/verify" className="mt-8 flex flex-wrap items-end gap-3">
				<div>
					<label htmlFor="code" className="block font-medium text-slate-800">
						Verification code
					</label>
					<input
						id="code"
						name="code"
						defaultValue={answer.kind === 'found' ? '' : answer.typed}
						autoComplete="off"
						autoCapitalize="characters"
						spellCheck={false}
						maxLength={20}
						placeholder="e.g. 7KQ2M-X9D4R"
						className="mt-1 w-56 rounded-md border border-slate-400 px-3 py-2 font-mono uppercase placeholder:normal-case"
					/>
				</div>
				<button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
					Verify
				</button>
			</form>
		</div>
	)
}
