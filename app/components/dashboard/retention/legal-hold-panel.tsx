import { useFetcher } from 'react-router'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import type { LeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { DETAILS_DATE, LeadDate } from '../leads/lead-date.tsx'
import { useLeadsViewer } from '../leads/lead-assignment.tsx'

export const RETENTION_ACTION = '/dashboard/retention'

type HoldResult = { ok: true; form: string; message: string } | { ok: false; form: string; errors: Record<string, string> }

/**
 * docs/decisions/0090: a lead on legal hold says so to everyone who opens it; an admin places or releases the hold
 * here. An anonymised lead says that its personal data was disposed of, and when.
 */
export function LegalHoldPanel({
	lead,
}: {
	lead: Pick<LeadDetails, 'id' | 'legalHoldAt' | 'legalHoldBy' | 'legalHoldReason' | 'anonymizedAt'>
}) {
	const { viewer } = useLeadsViewer()
	const fetcher = useFetcher<HoldResult>({ key: `legal-hold-${lead.id}` })
	const result = fetcher.data
	if (lead.anonymizedAt)
		return (
			<p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-800" data-testid="lead-anonymized">
				<strong>Personal data disposed of</strong> on <LeadDate value={lead.anonymizedAt} pattern={DETAILS_DATE} /> under the retention
				policy. The figures and the history are kept.
			</p>
		)
	return (
		<section aria-labelledby={`hold-${lead.id}`} className="rounded-lg border border-slate-200 p-4" data-testid="legal-hold">
			<h3 id={`hold-${lead.id}`} className="font-semibold text-slate-900">
				Legal hold
			</h3>
			{lead.legalHoldAt ? (
				<p className="mt-1 text-sm text-slate-800">
					On hold since <LeadDate value={lead.legalHoldAt} pattern={DETAILS_DATE} />
					{lead.legalHoldBy ? ` by ${lead.legalHoldBy}` : ''}: {lead.legalHoldReason}. It is not disposed of until the hold is released.
				</p>
			) : (
				<p className="mt-1 text-sm text-slate-700">Not on hold: disposed of under the retention policy when its time comes.</p>
			)}
			{viewer.isAdmin ? (
				<fetcher.Form method="post" action={RETENTION_ACTION} className="mt-3 flex flex-wrap items-end gap-3">
					<input type="hidden" name="leadId" value={lead.id} />
					{lead.legalHoldAt ? (
						<button type="submit" name="intent" value="release" className={buttonClass.secondary} disabled={fetcher.state !== 'idle'}>
							Release hold
						</button>
					) : (
						<>
							<label className="min-w-64 flex-1 text-sm font-medium text-slate-900">
								Reason for the hold
								<input
									name="reason"
									required
									minLength={10}
									maxLength={300}
									className={`${inputClass} mt-1`}
									aria-invalid={result && !result.ok && result.errors.reason ? true : undefined}
								/>
							</label>
							<button type="submit" name="intent" value="hold" className={buttonClass.secondary} disabled={fetcher.state !== 'idle'}>
								Place legal hold
							</button>
						</>
					)}
					{result ? (
						<p role="status" className={`w-full text-sm ${result.ok ? 'text-green-800' : 'text-red-700'}`}>
							{result.ok ? result.message : Object.values(result.errors)[0]}
						</p>
					) : null}
				</fetcher.Form>
			) : null}
		</section>
	)
}
