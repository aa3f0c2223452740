import { useLocation, useNavigate } from 'react-router'
import { Modal, ModalClose } from '#app/components/ui/dialog.tsx'
import { buttonClass } from '#app/components/ui/styles.ts'
import { leadDetailView, parseApplication, rawApplicationText } from '#app/features/leads/model/lead-application.ts'
import { stateForStaff } from '#app/features/leads/display/lead-notifications.ts'
import type { LeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { ReturnLinksPanel } from './return-links-panel.tsx'
import { LeadAccessList, type ShownEntry } from '../activity/activity-entries.tsx'
import { useOfficeTimeZone } from '../office-time-zone.tsx'
import { LeadAssignmentPanel } from './lead-assignment.tsx'
import { LeadContactActions } from './lead-contact-actions.tsx'
import { LeadNextTask } from './lead-tasks.tsx'
import { LeadFundingPanel } from './lead-funding.tsx'
import { LeadStatusBadge } from './lead-badges.tsx'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'
import { AttributionDetails, ConsentDetails, FormProgress, IndicativeTerms, PurposeStatement, RepeatInquiry } from './lead-evidence.tsx'
import { LeadTimeline } from './lead-timeline.tsx'
import { LeadPricer } from './lead-pricer.tsx'
import { DetailSection } from './detail-section.tsx'
import { LegalHoldPanel } from '../retention/legal-hold-panel.tsx'

/** spec 2 §2 Lead details dialog, opened by ?lead=<id>; closing it removes the id from the URL. */
/** `accessLog`: the lead's own activity-log entries, shown to admins (docs/decisions/0087). */
export function LeadDetailsDialog({ lead }: { lead: LeadDetails & { accessLog?: ShownEntry[] | null } }) {
	const navigate = useNavigate()
	const location = useLocation()
	const close = () => {
		const params = new URLSearchParams(location.search)
		params.delete('lead')
		const search = params.toString()
		void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { preventScrollReset: true })
	}
	const name = `${lead.firstName} ${lead.lastName}`
	const view = leadDetailView(lead, useOfficeTimeZone())
	return (
		<Modal
			open
			onOpenChange={(open) => (open ? undefined : close())}
			size="max-w-4xl"
			title={
				<span className="flex flex-wrap items-center gap-x-3 gap-y-1">
					Lead Details <span className="font-semibold text-slate-700">{name}</span> <LeadStatusBadge status={lead.status} />
				</span>
			}
			description={
				<>
					Submitted on <LeadDate value={lead.createdAt} pattern={DETAILS_DATE} />
				</>
			}
		>
			<div className="space-y-6">
				{/* docs/decisions/0104: on a phone the program, state, age and the ways to reach the borrower come first. */}
				<LeadContactActions
					lead={lead}
					program={lead.loanType}
					state={stateForStaff(parseApplication(lead.message))}
					consented={lead.consent !== null}
				/>
				{/* docs/decisions/0105: the next follow-up task, beside the ways to reach the borrower. */}
				<LeadNextTask lead={lead} />
				{/* docs/decisions/0123: a Closed lead asks for the loan it funded. */}
				<LeadFundingPanel lead={lead} />
				{lead.contactRequestedAt ? (
					// docs/decisions/0079: a priority: the borrower asked to be called from the thank-you screen.
					<p className="rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200" data-testid="contact-requested">
						<strong>Call requested.</strong> The borrower pressed Contact Me on{' '}
						<LeadDate value={lead.contactRequestedAt} pattern={DETAILS_DATE} /> and is waiting for a call.
					</p>
				) : null}
				{/* docs/decisions/0112: the caller's scenario priced on the current sheet, its terms attached to the lead. */}
				<LeadPricer lead={lead} />
				{/* docs/decisions/0107: the lead's notes and history in one list, right under the actions, before the answers. */}
				<LeadTimeline lead={lead} />
				<div className="grid gap-4 md:grid-cols-2">
					{view.summary.map((section) => (
						<DetailSection key={section.title} title={section.title} rows={section.rows} />
					))}
					<FormProgress lead={lead} />
				</div>
				{view.answers.length > 0 ? (
					<section aria-labelledby="all-answers-heading" data-testid="application-answers">
						<h3 id="all-answers-heading" className="mb-3 text-lg font-semibold text-slate-900">
							Application Answers
						</h3>
						<div className="grid gap-4 md:grid-cols-2">
							{view.answers.map((section) => (
								<DetailSection key={section.title} title={section.title} rows={section.rows} />
							))}
						</div>
					</section>
				) : null}
				<IndicativeTerms terms={lead.terms} />
				<LeadAssignmentPanel lead={lead} />
				<RepeatInquiry repeatOf={lead.repeatOf} />
				<AttributionDetails attribution={lead.attribution} />
				<ConsentDetails consent={lead.consent} />
				<PurposeStatement purpose={lead.purpose} />
				<details className="rounded-lg border border-slate-200">
					<summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">Raw Application Data</summary>
					<pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words border-t border-slate-200 bg-slate-50 p-4 text-xs text-slate-800">
						{rawApplicationText(lead.message)}
					</pre>
				</details>
				{lead.accessLog ? <LeadAccessList entries={lead.accessLog} /> : null}
				<ReturnLinksPanel lead={lead} />
				<LegalHoldPanel lead={lead} />
				<div className="flex justify-end border-t border-slate-200 pt-4">
					<ModalClose className={buttonClass.secondary}>Close</ModalClose>
				</div>
			</div>
		</Modal>
	)
}
