import { Link } from 'react-router'
import type { LeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { useLeadsUrl } from './use-leads-url.ts'

/**
 * docs/decisions/0106: an officer's own list ("Mine") points to the pool as soon as one unassigned lead in their reach
 * waits; a manager's list, which shows every lead, does not.
 */
export function PoolWaiting({ query, canManage, unassigned }: { query: LeadListQuery; canManage: boolean; unassigned: number }) {
	const urls = useLeadsUrl(query)
	if (query.assigned !== 'me' || canManage || unassigned <= 0) return null
	return (
		<p className="mx-5 mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pool-waiting">
			{unassigned === 1 ? '1 unassigned lead is waiting.' : `${unassigned} unassigned leads are waiting.`}{' '}
			<Link to={urls.list({ assigned: 'unassigned', page: 1 })} className="font-semibold underline">
				Show unassigned
			</Link>
		</p>
	)
}
