import { useLocation } from 'react-router'
import { type LeadListQuery, leadListSearch } from '#app/features/leads/work/lead-admin-schema.ts'

/** Links within the leads screen: the list state changed by `patch`, with no lead open. */
export function useLeadsUrl(query: LeadListQuery) {
	const { pathname } = useLocation()
	return {
		list: (patch: Partial<LeadListQuery> = {}) => `${pathname}${leadListSearch({ ...query, ...patch })}`,
		lead: (leadId: string) => {
			const search = leadListSearch(query)
			return `${pathname}${search}${search ? '&' : '?'}lead=${leadId}`
		},
	}
}
