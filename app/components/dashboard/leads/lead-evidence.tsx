import { Link, useLocation } from 'react-router'
import { NOT_PROVIDED } from '#app/features/leads/model/lead-application.ts'
import type { LeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { PURPOSE_STATEMENT_LABELS, type PurposeStatement as StatementKind } from '#app/features/pricing/borrower-terms.ts'
import { formatBuildUpPercent } from '#app/features/pricing/rate-format.ts'
import { FormStatusBadge } from './lead-badges.tsx'
import { VERBAL_CONSENT_METHOD } from '#app/features/leads/model/verbal-consent.ts'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'

const sectionClass = 'rounded-lg border border-slate-200 p-4'
const listClass = 'mt-2 grid grid-cols-[minmax(7rem,40%)_1fr] gap-x-4 gap-y-1 text-sm'

function Pair({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="contents">
			<dt className="text-slate-700">{label}</dt>
			<dd className="wrap-anywhere text-slate-900">{children}</dd>
		</div>
	)
}

const when = (date: Date | null, missing = NOT_PROVIDED) => (date ? <LeadDate value={date} pattern={DETAILS_DATE} /> : missing)

/** Beyond the spec: how far the visitor got in the wizard (short form, then long form). */
export function FormProgress({
	lead,
}: {
	lead: Pick<LeadDetails, 'formCompletionStatus' | 'shortFormCompletedAt' | 'longFormCompletedAt' | 'ficoScoreDetailed'>
}) {
	return (
		<section className={sectionClass}>
			<h3 className="font-semibold text-slate-900">Application Progress</h3>
			<dl className={listClass}>
				<Pair label="Form Status">
					<FormStatusBadge formStatus={lead.formCompletionStatus} />
				</Pair>
				<Pair label="Short form">{when(lead.shortFormCompletedAt)}</Pair>
				<Pair label="Long form">{when(lead.longFormCompletedAt, 'Not completed')}</Pair>
			</dl>
		</section>
	)
}

/**
 * Beyond the spec: the earlier lead with the same e-mail or phone (spec 1 repeat detection), linked when the viewer
 * may open it; otherwise only the fact (docs/decisions/0049).
 */
export function RepeatInquiry({ repeatOf }: { repeatOf: LeadDetails['repeatOf'] }) {
	const location = useLocation()
	if (!repeatOf) return null
	if (!repeatOf.visible) {
		return (
			<p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="repeat-inquiry">
				<strong>Repeat inquiry.</strong> This visitor asked before.
			</p>
		)
	}
	const params = new URLSearchParams(location.search)
	params.set('lead', repeatOf.id)
	return (
		<p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="repeat-inquiry">
			<strong>Repeat inquiry.</strong> This visitor asked before:{' '}
			<Link to={`${location.pathname}?${params}`} preventScrollReset className="font-semibold underline">
				{repeatOf.firstName} {repeatOf.lastName}, {when(repeatOf.createdAt)}
			</Link>
		</p>
	)
}

type Touch = Record<string, unknown>
const TOUCH_FIELDS = [
	['utm_source', 'Source'],
	['utm_medium', 'Medium'],
	['utm_campaign', 'Campaign'],
	['utm_term', 'Term'],
	['utm_content', 'Content'],
	['gclid', 'Google click ID'],
	['fbclid', 'Facebook click ID'],
	['msclkid', 'Microsoft Ads click ID'],
	['gbraid', 'Google click ID (app)'],
	['wbraid', 'Google click ID (web to app)'],
	['referrer', 'Referrer'],
	['landingPage', 'Landing page'],
] as const

function TouchList({ title, touch }: { title: string; touch: Touch | undefined }) {
	const pairs = TOUCH_FIELDS.filter(([key]) => typeof touch?.[key] === 'string' && touch[key] !== '')
	const at = typeof touch?.at === 'string' ? new Date(touch.at) : null
	return (
		<div>
			<h4 className="text-sm font-semibold text-slate-900">{title}</h4>
			{pairs.length === 0 && !at ? (
				<p className="mt-1 text-sm text-slate-700">{NOT_PROVIDED}</p>
			) : (
				<dl className={listClass}>
					{at && !Number.isNaN(at.getTime()) ? <Pair label="When">{when(at)}</Pair> : null}
					{pairs.map(([key, label]) => (
						<Pair key={key} label={label}>
							{String(touch![key])}
						</Pair>
					))}
				</dl>
			)}
		</div>
	)
}

/** Beyond the spec: where the visitor came from, first and last (campaign parameters, referrer, landing page). */
export function AttributionDetails({ attribution }: { attribution: unknown }) {
	if (!attribution || typeof attribution !== 'object') return null
	const { firstTouch, lastTouch } = attribution as { firstTouch?: Touch; lastTouch?: Touch }
	return (
		<section className={sectionClass}>
			<h3 className="font-semibold text-slate-900">Attribution</h3>
			<div className="mt-2 grid gap-4 md:grid-cols-2">
				<TouchList title="First touch" touch={firstTouch} />
				<TouchList title="Last touch" touch={lastTouch} />
			</div>
		</section>
	)
}

/** Beyond the spec: the TCPA consent evidence stored with the lead. */
export function ConsentDetails({ consent }: { consent: LeadDetails['consent'] }) {
	return (
		<section className={sectionClass}>
			<h3 className="font-semibold text-slate-900">Consent Record</h3>
			{consent ? (
				<>
					<dl className={listClass}>
						<Pair label="Version">{consent.consentVersion}</Pair>
						<Pair label="Agreed on">{when(consent.consentedAt)}</Pair>
						{consent.method === VERBAL_CONSENT_METHOD ? (
							// docs/decisions/0109: agreed aloud on a call, to the script the staff member read.
							<>
								<Pair label="Method">Verbal, by phone</Pair>
								<Pair label="Taken by">{consent.takenByName ?? 'Unknown'}</Pair>
							</>
						) : (
							<>
								<Pair label="IP address">{consent.ipAddress}</Pair>
								<ConnectionAddress record={consent} />
								<Pair label="Page">{consent.pageUrl}</Pair>
							</>
						)}
					</dl>
					<blockquote className="mt-3 border-l-4 border-slate-300 pl-3 text-sm text-slate-800">{consent.consentText}</blockquote>
				</>
			) : (
				<p className="mt-1 text-sm text-slate-700">No consent record (entered by staff without the caller’s consent).</p>
			)}
		</section>
	)
}

/**
 * docs/decisions/0077: the address the connection came from, when it differs from the one kept as the visitor's (behind
 * a proxy, or a forwarded address that was not a valid IP).
 */
function ConnectionAddress({ record }: { record: { ipAddress: string; socketIpAddress: string | null } }) {
	if (!record.socketIpAddress || record.socketIpAddress === record.ipAddress) return null
	return <Pair label="Connection address">{record.socketIpAddress}</Pair>
}

/** docs/decisions/0066: the statement made before terms were shown, with the same evidence as the consent. */
export function PurposeStatement({ purpose }: { purpose: LeadDetails['purpose'] }) {
	if (!purpose) return null
	return (
		<section className={sectionClass} data-testid="purpose-statement">
			<h3 className="font-semibold text-slate-900">Purpose Statement</h3>
			<dl className={listClass}>
				<Pair label="Stated">{PURPOSE_STATEMENT_LABELS[purpose.kind as StatementKind] ?? purpose.kind}</Pair>
				<Pair label="Version">{purpose.consentVersion}</Pair>
				<Pair label="Stated on">{when(purpose.consentedAt)}</Pair>
				<Pair label="IP address">{purpose.ipAddress}</Pair>
				<ConnectionAddress record={purpose} />
			</dl>
			<blockquote className="mt-3 border-l-4 border-slate-300 pl-3 text-sm text-slate-800">{purpose.consentText}</blockquote>
		</section>
	)
}

/** docs/decisions/0066: the terms the borrower chose (else the last shown), frozen with their rate sheet version. */
export function IndicativeTerms({ terms }: { terms: LeadDetails['terms'] }) {
	const shown = terms.chosen ?? terms.lastShown
	if (!shown) return null
	const quote = shown.response.quotes.length === 1 ? shown.response.quotes[0]!.quote : null
	return (
		<section className={sectionClass} data-testid="indicative-terms">
			<h3 className="font-semibold text-slate-900">{terms.chosen ? 'Chosen Terms' : 'Terms Shown (none chosen yet)'}</h3>
			<p className="mt-2 text-sm text-slate-900" data-testid="terms-summary">
				{shown.summary}
			</p>
			<dl className={listClass}>
				<Pair label={terms.chosen ? 'Chosen on' : 'Shown on'}>{when(shown.createdAt)}</Pair>
				{/* docs/decisions/0112: terms a staff member attached say who; the borrower's own choice says so. */}
				{terms.chosen ? <Pair label="Chosen by">{terms.chosen.chosenByName ?? 'The borrower'}</Pair> : null}
				<Pair label="Rate sheet">Version {shown.sheetVersion}</Pair>
				<Pair label="Quotes shown">{terms.shownCount}</Pair>
			</dl>
			{quote && quote.lines.length > 0 ? (
				<table className="mt-3 w-full text-left text-sm">
					<caption className="sr-only">How the rate is built</caption>
					<tbody>
						{quote.lines.map((line) => (
							<tr key={`${line.label}-${line.reason}`} className="border-t border-slate-100">
								<th scope="row" className="py-1 pr-2 font-normal text-slate-700">
									{line.label} <span className="text-slate-600">({line.reason})</span>
								</th>
								<td className="py-1 text-right tabular-nums text-slate-900">{formatBuildUpPercent(line.percent)}</td>
							</tr>
						))}
					</tbody>
				</table>
			) : null}
		</section>
	)
}
