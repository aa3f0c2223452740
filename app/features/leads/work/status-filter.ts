import { LEAD_STATUSES, type LeadStatus, leadStatusLabel } from '../model/lead-statuses.ts'

/** spec 2 §2: All Leads, the one label, the two labels joined, or 'N statuses selected'. */
export function statusFilterLabel(statuses: readonly LeadStatus[]) {
	if (statuses.length === 0) return 'All Leads'
	if (statuses.length <= 2) return statuses.map(leadStatusLabel).join(', ')
	return `${statuses.length} statuses selected`
}

/**
 * spec 2 §2: choosing All clears the others; unchecking the last status reverts to All (an empty
 * list). The result keeps the order of LEAD_STATUSES, so the URL and label do not depend on clicks.
 */
export function toggleStatusFilter(current: readonly LeadStatus[], choice: LeadStatus | 'all', checked: boolean): LeadStatus[] {
	if (choice === 'all') return []
	const next = new Set(current)
	if (checked) next.add(choice)
	else next.delete(choice)
	return LEAD_STATUSES.map((status) => status.value).filter((status) => next.has(status))
}
