import { formStatusLabel, leadStatusLabel } from '#app/features/leads/model/lead-statuses.ts'

// spec 2 §4 badge colours, in shades whose text keeps a 4.5:1 contrast.
const STATUS_COLOURS: Record<string, string> = {
	new: 'bg-blue-100 text-blue-800',
	attempted: 'bg-orange-100 text-orange-800',
	contacted: 'bg-yellow-100 text-yellow-800',
	qualified: 'bg-green-100 text-green-800',
	hot: 'bg-red-600 text-white',
	closed: 'bg-purple-100 text-purple-800',
	lost: 'bg-red-100 text-red-800',
	dnq: 'bg-red-100 text-red-800',
	ni: 'bg-red-100 text-red-800',
}
const FORM_STATUS_COLOURS: Record<string, string> = {
	long_form: 'bg-green-100 text-green-800',
	short_form: 'bg-blue-100 text-blue-800',
}
const OTHER = 'bg-slate-100 text-slate-800'
const badge = 'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold'

export function LeadStatusBadge({ status }: { status: string }) {
	return <span className={`${badge} ${STATUS_COLOURS[status] ?? OTHER}`}>{leadStatusLabel(status)}</span>
}

export function FormStatusBadge({ formStatus }: { formStatus: string | null }) {
	return <span className={`${badge} ${(formStatus && FORM_STATUS_COLOURS[formStatus]) || OTHER}`}>{formStatusLabel(formStatus)}</span>
}
