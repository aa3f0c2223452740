import { Link } from 'react-router'
import type { LeadFunnel } from '#app/features/dashboard/lead-funnel.server.ts'
import { FUNNEL_PARAM, FUNNEL_STAGES, FUNNEL_WINDOWS, shareOf } from '#app/features/dashboard/lead-funnel.ts'
import { fundedAmountText } from '#app/features/leads/model/lead-funding.ts'
import { boxClass } from './sales-figures.tsx'

/**
 * docs/decisions/0122: how far the leads of a window got, stage by stage and by source and campaign, so a manager sees
 * which campaigns bring loans that close, not only leads.
 */
export function LeadFunnelPanel({ funnel }: { funnel: LeadFunnel }) {
	const { total, sources, days } = funnel
	const period = FUNNEL_WINDOWS.find((option) => option.days === days)!
	return (
		<section aria-labelledby="funnel-heading" className={boxClass} data-testid="lead-funnel">
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h2 id="funnel-heading" className="font-semibold text-slate-900">
					From lead to closed loan
				</h2>
				<nav aria-label="Funnel period" className="flex gap-1 text-sm">
					{FUNNEL_WINDOWS.map((option) => (
						<Link
							key={option.days}
							to={`?${FUNNEL_PARAM}=${option.days}`}
							preventScrollReset
							aria-current={option.days === days ? 'page' : undefined}
							className="rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-600 aria-[current=page]:font-medium aria-[current=page]:text-white"
						>
							{option.label}
						</Link>
					))}
				</nav>
			</div>
			<p className="mt-1 text-sm text-slate-700">
				The leads created in the last {period.label}, and how far each got. Qualified counts a lead that was ever Qualified, Hot or Closed;
				Closed counts the leads Closed now.
			</p>
			<ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
				{FUNNEL_STAGES.map(({ stage, label }, index) => {
					const previous = index > 0 ? FUNNEL_STAGES[index - 1]! : null
					return (
						<li key={stage} className="rounded-lg bg-slate-50 p-3" data-testid={`funnel-${stage}`}>
							<p className="text-sm text-slate-600">{label}</p>
							<p className="text-2xl font-bold text-slate-900">{total[stage]}</p>
							{previous ? (
								<p className="text-xs text-slate-700">
									{shareOf(total[stage], total[previous.stage])} of {previous.label.toLowerCase()}
								</p>
							) : null}
						</li>
					)
				})}
			</ol>
			<p className="mt-3 text-sm text-slate-700" data-testid="funnel-overall">
				Lead to closed loan: <strong>{shareOf(total.closed, total.leads)}</strong>
			</p>
			{/* docs/decisions/0123: what the closed loans funded, and how many still lack their figures. */}
			<p className="mt-1 text-sm text-slate-700" data-testid="funnel-funded">
				Funded: <strong>{fundedAmountText(total.volume)}</strong> in {total.funded} {total.funded === 1 ? 'loan' : 'loans'}
				{total.closed > total.funded ? (
					<>
						{' '}
						· {total.closed - total.funded} closed {total.closed - total.funded === 1 ? 'lead has' : 'leads have'} no funded loan recorded
						yet
					</>
				) : null}
			</p>
			{sources.length === 0 ? (
				<p className="mt-2 text-sm text-slate-700">No lead has come in during the last {period.label}.</p>
			) : (
				<>
					{/* On a phone each source is a short list, so nothing scrolls sideways; from 640 px the table. */}
					<ul className="mt-3 space-y-2 sm:hidden" aria-label="By source and campaign">
						{sources.map((row) => (
							<li key={`${row.source}\n${row.campaign}`} className="rounded-lg bg-slate-50 p-3 text-sm">
								<p className="break-all font-medium text-slate-900">
									{row.source}
									{row.campaign ? <span className="font-normal text-slate-600"> · {row.campaign}</span> : null}
								</p>
								<dl className="mt-1 grid grid-cols-2 gap-x-4 text-slate-700">
									{FUNNEL_STAGES.map(({ stage, label }) => (
										<div key={stage} className="flex justify-between">
											<dt>{label}</dt>
											<dd className="text-slate-900">{row[stage]}</dd>
										</div>
									))}
									<div className="col-span-2 flex justify-between">
										<dt>Lead to closed</dt>
										<dd className="font-bold text-slate-900">{shareOf(row.closed, row.leads)}</dd>
									</div>
									<div className="col-span-2 flex justify-between">
										<dt>Funded</dt>
										<dd className="text-slate-900">{fundedAmountText(row.volume)}</dd>
									</div>
								</dl>
							</li>
						))}
					</ul>
					<table className="mt-3 hidden w-full text-left text-sm sm:table">
						<caption className="sr-only">By source and campaign</caption>
						<thead>
							<tr className="text-slate-600">
								<th scope="col" className="font-medium">
									Source and campaign
								</th>
								{FUNNEL_STAGES.map(({ stage, label }) => (
									<th key={stage} scope="col" className="text-right font-medium">
										{label}
									</th>
								))}
								<th scope="col" className="text-right font-medium">
									Lead to closed
								</th>
								<th scope="col" className="text-right font-medium">
									Funded
								</th>
							</tr>
						</thead>
						<tbody>
							{sources.map((row) => (
								<tr key={`${row.source}\n${row.campaign}`} className="border-t border-slate-100">
									<th scope="row" className="break-all py-1 font-normal text-slate-900">
										{row.source}
										{row.campaign ? <span className="block text-xs text-slate-600">{row.campaign}</span> : null}
									</th>
									{FUNNEL_STAGES.map(({ stage }) => (
										<td key={stage} className="py-1 text-right text-slate-900">
											{row[stage]}
										</td>
									))}
									<td className="py-1 text-right font-bold text-slate-900">{shareOf(row.closed, row.leads)}</td>
									<td className="py-1 text-right text-slate-900">{fundedAmountText(row.volume)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</>
			)}
		</section>
	)
}

/** While the funnel is counted (it streams in after the rest of the overview), or if counting it failed. */
export function LeadFunnelPending({ failed = false }: { failed?: boolean }) {
	return (
		<section aria-labelledby="funnel-heading" className={boxClass} aria-busy={!failed}>
			<h2 id="funnel-heading" className="font-semibold text-slate-900">
				From lead to closed loan
			</h2>
			<p className="mt-1 text-sm text-slate-700" role={failed ? 'alert' : undefined}>
				{failed ? 'The funnel could not be counted just now. Reload the page to try again.' : 'Counting the leads…'}
			</p>
		</section>
	)
}
