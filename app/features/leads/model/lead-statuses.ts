/** spec 2 §4: the lead statuses, in the order the filter and the row dropdown list them. */
export const LEAD_STATUSES = [
	{ value: 'new', label: 'New' },
	{ value: 'attempted', label: 'Attempted' },
	{ value: 'contacted', label: 'Contacted' },
	{ value: 'qualified', label: 'Qualified' },
	{ value: 'hot', label: 'Hot' },
	{ value: 'closed', label: 'Closed' },
	{ value: 'lost', label: 'Lost' },
	{ value: 'dnq', label: 'DNQ' },
	{ value: 'ni', label: 'N/I' },
] as const

export type LeadStatus = (typeof LEAD_STATUSES)[number]['value']

export const LEAD_STATUS_VALUES = LEAD_STATUSES.map((status) => status.value) as [LeadStatus, ...LeadStatus[]]

export const isLeadStatus = (value: string): value is LeadStatus => (LEAD_STATUS_VALUES as string[]).includes(value)

/** The label staff see; an unknown stored value is shown as it is. */
export function leadStatusLabel(status: string) {
	return LEAD_STATUSES.find((option) => option.value === status)?.label ?? status
}

/** spec 2 §2: the form status badge reads Long Form, Short Form or N/A. */
export function formStatusLabel(formStatus: string | null) {
	if (formStatus === 'long_form') return 'Long Form'
	if (formStatus === 'short_form') return 'Short Form'
	return 'N/A'
}
