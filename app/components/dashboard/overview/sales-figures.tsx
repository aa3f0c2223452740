import { formatDuration } from '#app/features/leads/model/lead-assignment.ts'
import type { SalesFigures } from '#app/features/dashboard/sales-figures.server.ts'

/** The overview's panels: a white box on the page's grey. */
export const boxClass = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200'

/** docs/decisions/0108: the pipeline, where leads come from, and each officer's load and speed, for managers and admins. */
export function SalesFiguresPanels({ figures }: { figures: SalesFigures }) {
	const { pipeline, sources, officers } = figures
	const most = Math.max(1, ...pipeline.map((row) => row.leads))
	return (
		<div className="grid gap-6 xl:grid-cols-3">
			<section aria-labelledby="pipeline-heading" className={boxClass} data-testid="pipeline">
				<h2 id="pipeline-heading" className="font-semibold text-slate-900">
					Pipeline by status
				</h2>
				<dl className="mt-3 space-y-1 text-sm">
					{pipeline.map((row) => (
						<div key={row.status} className="grid grid-cols-[6rem_1fr] items-center gap-2">
							<dt className="text-slate-700">{row.label}</dt>
							<dd className="grid grid-cols-[1fr_3rem] items-center gap-2">
								<span className="h-2 rounded bg-slate-100" aria-hidden="true">
									<span className="block h-2 rounded bg-brand-600" style={{ width: `${(row.leads / most) * 100}%` }} />
								</span>
								<span className="text-right font-bold text-slate-900">{row.leads}</span>
							</dd>
						</div>
					))}
				</dl>
			</section>
			<section aria-labelledby="sources-heading" className={boxClass} data-testid="lead-sources">
				<h2 id="sources-heading" className="font-semibold text-slate-900">
					Leads by source and campaign (last 30 days)
				</h2>
				{sources.length === 0 ? (
					<p className="mt-2 text-sm text-slate-700">No lead has come in during the last 30 days.</p>
				) : (
					<table className="mt-3 w-full text-left text-sm">
						<thead>
							<tr className="text-slate-600">
								<th scope="col" className="font-medium">
									Source
								</th>
								<th scope="col" className="font-medium">
									Campaign
								</th>
								<th scope="col" className="text-right font-medium">
									Leads
								</th>
							</tr>
						</thead>
						<tbody>
							{sources.map((row) => (
								<tr key={`${row.source}\n${row.campaign}`} className="border-t border-slate-100">
									<td className="break-all py-1 text-slate-900">{row.source}</td>
									<td className="break-all py-1 text-slate-700">{row.campaign || '—'}</td>
									<td className="py-1 text-right font-bold text-slate-900">{row.leads}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</section>
			<section aria-labelledby="officers-heading" className={boxClass} data-testid="officer-load">
				<h2 id="officers-heading" className="font-semibold text-slate-900">
					Loan officers
				</h2>
				{officers.length === 0 ? (
					<p className="mt-2 text-sm text-slate-700">No active loan officers yet.</p>
				) : (
					<table className="mt-3 w-full text-left text-sm">
						<thead>
							<tr className="text-slate-600">
								<th scope="col" className="font-medium">
									Officer
								</th>
								<th scope="col" className="text-right font-medium">
									Open leads
								</th>
								<th scope="col" className="text-right font-medium">
									Median first contact (30 days)
								</th>
							</tr>
						</thead>
						<tbody>
							{officers.map((officer) => (
								<tr key={officer.id} className="border-t border-slate-100">
									<th scope="row" className="py-1 font-normal text-slate-900">
										{officer.name}
									</th>
									<td className="py-1 text-right font-bold text-slate-900">{officer.openLeads}</td>
									<td className="py-1 text-right text-slate-900">
										{officer.medianMs === null ? 'No contact yet' : `${formatDuration(officer.medianMs)} (${officer.contacted})`}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</section>
		</div>
	)
}
