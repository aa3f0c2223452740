import type { LeadSummaryCounts } from '#app/features/leads/work/list-leads.server.ts'
import { cardClass } from '#app/components/ui/styles.ts'

/** spec 2 §2: the five summary cards below the table, counted over every lead. */
export function SummaryCards({ counts }: { counts: LeadSummaryCounts }) {
	const cards = [
		{ label: 'Total Leads', value: counts.total },
		{ label: 'New Leads', value: counts.new },
		{ label: 'Qualified', value: counts.qualified },
		{ label: 'Hot Leads', value: counts.hot },
		{ label: 'Closed', value: counts.closed },
	]
	return (
		<section aria-label="Lead summary">
			<ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
				{cards.map((card) => (
					<li key={card.label} className={`${cardClass} p-5`} data-testid={`summary-${card.label}`}>
						<p className="text-sm font-medium text-slate-700">{card.label}</p>
						<p className="mt-1 text-3xl font-bold text-slate-900">{card.value.toLocaleString('en-US')}</p>
					</li>
				))}
			</ul>
		</section>
	)
}
