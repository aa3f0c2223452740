import type { ReactNode } from 'react'
import { propertyTypeLabel, transactionTypeLabel } from '#app/features/leads/model/lead-answers.ts'
import { formatDuration } from '#app/features/leads/model/lead-assignment.ts'
import type { LeadColumn } from '#app/features/leads/work/lead-columns.ts'
import type { LeadListRow } from '#app/features/leads/work/list-leads.server.ts'
import { AssignedCell } from './lead-assignment.tsx'
import { FormStatusBadge, LeadStatusBadge } from './lead-badges.tsx'
import { LeadDate, TABLE_DATE } from './lead-date.tsx'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import { formatDollars } from '#app/features/money/money.ts'

// spec 2 §2: a missing value shows N/A.
export const orNA = (value: string | null | undefined) => (value && value.trim() !== '' ? value : 'N/A')

/** How long a lead that nobody has contacted yet has waited. */
export function Waiting({ lead }: { lead: LeadListRow }) {
	if (lead.firstContactedAt || lead.status !== 'new') return null
	return (
		<span className="block text-xs font-semibold text-orange-800" suppressHydrationWarning>
			waiting {formatDuration(Date.now() - new Date(lead.createdAt).getTime())}
		</span>
	)
}

/** A repeat inquiry: same e-mail or phone as an earlier lead. */
export function RepeatBadge() {
	return (
		<span
			className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
			title="Same e-mail or phone as an earlier lead"
		>
			Repeat
		</span>
	)
}

/** docs/decisions/0079: the borrower pressed Contact Me and waits for a call; shown until someone contacts them. */
export function CallRequestedBadge({ lead }: { lead: Pick<LeadListRow, 'contactRequestedAt' | 'firstContactedAt'> }) {
	if (!lead.contactRequestedAt) return null
	const waiting = !lead.firstContactedAt || new Date(lead.firstContactedAt) < new Date(lead.contactRequestedAt)
	return (
		<span
			className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${waiting ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-800'}`}
			title="The borrower pressed Contact Me on the thank-you screen"
			data-testid="call-requested"
		>
			{waiting ? 'Call requested' : 'Asked for a call'}
		</span>
	)
}

/**
 * docs/decisions/0113: a second line under a spec column's value (the loan amount under Property Value, the chosen
 * terms under Loan Type), so the table gains no column and still fits 1440 px (docs/decisions/0052).
 */
function SecondLine({ label, value, testId }: { label: string; value: string | null; testId: string }) {
	return (
		<span className="mt-0.5 block text-xs text-slate-600" data-testid={testId}>
			<span className="font-semibold">{label}</span> {value ?? '—'}
		</span>
	)
}

/** What one column shows for a lead, in the table and on a phone's card alike. */
export function leadCell(column: LeadColumn, lead: LeadListRow): ReactNode {
	switch (column) {
		case 'date':
			return (
				<>
					<LeadDate value={lead.createdAt} pattern={TABLE_DATE} />
					<Waiting lead={lead} />
				</>
			)
		case 'firstName':
			return orNA(lead.firstName)
		case 'lastName':
			return orNA(lead.lastName)
		case 'phone':
			return orNA(formatPhone(lead.phone))
		case 'email':
			// An address never wraps mid-value: a long one is cut with an ellipsis, the whole of it in its title.
			return lead.email ? (
				<span className="block max-w-24 truncate" title={lead.email}>
					{lead.email}
				</span>
			) : (
				orNA(lead.email)
			)
		case 'loanType':
			return (
				<>
					{orNA(lead.loanType)}
					<SecondLine label="Terms" value={lead.chosenTerms} testId="lead-chosen-terms" />
				</>
			)
		case 'propertyType':
			return orNA(lead.propertyType ? propertyTypeLabel(lead.propertyType) : null)
		case 'transactionType':
			return orNA(lead.transactionType ? transactionTypeLabel(lead.transactionType) : null)
		case 'propertyValue':
			return (
				<>
					{orNA(lead.propertyValue)}
					<SecondLine label="Loan" value={lead.loanAmount === null ? null : formatDollars(lead.loanAmount)} testId="lead-loan-amount" />
				</>
			)
		case 'status':
			return <LeadStatusBadge status={lead.status} />
		case 'formStatus':
			return <FormStatusBadge formStatus={lead.formCompletionStatus} />
		case 'assigned':
			return <AssignedCell lead={lead} />
		case 'source':
			return orNA(lead.sourcePage)
	}
}
