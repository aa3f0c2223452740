import { useFetcher } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import type { LeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'

/**
 * docs/decisions/0096: the borrower's links back to the quote (30 days each). Whoever works the lead can stop every
 * link issued so far, for a link shared by mistake or at the borrower's request; a link made afterwards works again.
 */
export function ReturnLinksPanel({ lead }: { lead: Pick<LeadDetails, 'id' | 'returnLinksRevokedAt' | 'anonymizedAt'> }) {
	const fetcher = useFetcher<LeadActionResult>({ key: `return-links-${lead.id}` })
	const result = fetcher.data
	if (lead.anonymizedAt) return null
	return (
		<section aria-labelledby={`return-links-${lead.id}`} className="rounded-lg border border-slate-200 p-4" data-testid="return-links">
			<h3 id={`return-links-${lead.id}`} className="font-semibold text-slate-900">
				Borrower’s link to this quote
			</h3>
			<p className="mt-1 text-sm text-slate-700">
				The borrower can come back to their terms and application through a personal link for 30 days.
				{lead.returnLinksRevokedAt ? (
					<>
						{' '}
						Links made before <LeadDate value={lead.returnLinksRevokedAt} pattern={DETAILS_DATE} /> were revoked.
					</>
				) : null}
			</p>
			<fetcher.Form method="post" action="/dashboard/leads" className="mt-3 flex flex-wrap items-center gap-3">
				<input type="hidden" name="leadId" value={lead.id} />
				<button type="submit" name="intent" value="return-links" className={buttonClass.secondary} disabled={fetcher.state !== 'idle'}>
					Revoke links
				</button>
				{result ? (
					<p role="status" className={`text-sm ${result.ok ? 'text-green-800' : 'text-red-700'}`}>
						{result.ok ? result.message : result.error}
					</p>
				) : null}
			</fetcher.Form>
		</section>
	)
}
