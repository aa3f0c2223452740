import { formatRate } from '#app/features/pricing/rate-format.ts'
import type { PricingResponse } from '#app/features/pricing/pricing-request.ts'
import type { FicoBand } from '#app/features/pricing/rate-sheet.ts'
import { bandLabel, isDscr, money } from '#app/features/pricing/terms-text.ts'

/** No credit band yet: the rate for each band, the assumed DSCR stated; a tap picks the band. */
export function BandTable({ terms, onPick }: { terms: PricingResponse; onPick: (band: FicoBand) => void }) {
	const dscr = terms.program === 'dscr'
	return (
		<div className="mt-4 overflow-x-auto print:overflow-visible">
			<table className="w-full text-left text-sm" data-testid="band-table">
				<caption className="mb-2 text-left text-slate-700">Rates by credit score. Pick yours to see your choices.</caption>
				<thead>
					<tr className="border-b border-slate-200 text-slate-700">
						<th scope="col" className="py-2 pr-2 font-semibold">
							Credit score
						</th>
						<th scope="col" className="py-2 pr-2 font-semibold">
							Rate
						</th>
						<th scope="col" className="py-2 pr-2 font-semibold">
							{dscr ? 'Payment' : 'Interest a month'}
						</th>
						<th scope="col" className="py-2 font-semibold">
							<span className="sr-only">Pick</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{terms.quotes.map(({ ficoBand, quote }) => (
						<tr key={ficoBand} className="border-b border-slate-100">
							<th scope="row" className="py-2 pr-2 font-medium text-slate-900">
								{bandLabel(ficoBand)}
							</th>
							<td className="py-2 pr-2 tabular-nums text-slate-900">
								{quote.rate ? (
									formatRate(quote.rate)
								) : (
									<>
										Not offered
										{quote.failures[0] ? <span className="block text-xs text-slate-700">{quote.failures[0].message}</span> : null}
									</>
								)}
							</td>
							<td className="py-2 pr-2 tabular-nums text-slate-900">
								{quote.rate ? money(isDscr(quote) ? quote.monthly?.payment : quote.monthlyInterest) : '—'}
							</td>
							<td className="py-2 text-right">
								<button type="button" onClick={() => onPick(ficoBand)} className="rounded px-2 py-1 font-semibold text-brand-700 underline">
									<span className="sr-only">{bandLabel(ficoBand)}: </span>This is me
								</button>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
