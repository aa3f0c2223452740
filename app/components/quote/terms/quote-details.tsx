import type { DscrQuote } from '#app/features/pricing/dscr-pricing.ts'
import { formatBuildUpPercent } from '#app/features/pricing/rate-format.ts'
import type { FicoBand } from '#app/features/pricing/rate-sheet.ts'
import type { ShortTermQuote } from '#app/features/pricing/short-term-pricing.ts'
import { bandLabel, quoteRows } from '#app/features/pricing/terms-text.ts'

/** The priced quote: its figures, or the rules it fails and what would qualify; the build-up one tap away. */
/** `forStaff`: the staff quick-pricer's (docs/decisions/0112): the same reasons, without the words to the borrower. */
export function QuoteDetails({
	quote,
	band,
	interestOnly,
	forStaff = false,
}: {
	quote: DscrQuote | ShortTermQuote
	band: FicoBand
	interestOnly: boolean
	forStaff?: boolean
}) {
	if (!quote.eligible || quote.rate === null) {
		return (
			<div className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="terms-ineligible">
				<p className="font-semibold">We cannot offer terms for this scenario as it stands.</p>
				<ul className="mt-1 list-disc pl-5 text-sm">
					{quote.failures.map((failure) => (
						<li key={failure.rule}>
							{failure.message}.{failure.qualifiesWith ? ` ${failure.qualifiesWith}.` : ''}
						</li>
					))}
				</ul>
				{forStaff ? null : (
					<p className="mt-2 text-sm">Your request is with our team all the same: a loan officer will look for a way to make it work.</p>
				)}
			</div>
		)
	}
	const rows = quoteRows(quote, interestOnly)
	return (
		<div className="mt-4" data-testid="terms-quote">
			<p className="text-sm text-slate-700">At a credit score of {bandLabel(band)}:</p>
			<dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-slate-700">{label}</dt>
						<dd className="text-right font-semibold tabular-nums text-slate-900">{value}</dd>
					</div>
				))}
			</dl>
			<details className="mt-3 rounded-md border border-slate-200" data-testid="terms-build-up">
				<summary className="cursor-pointer px-3 py-2 font-semibold text-brand-700">How this rate is built</summary>
				<table className="w-full border-t border-slate-200 text-left text-sm">
					<tbody>
						{quote.lines.map((line) => (
							<tr key={`${line.label}-${line.reason}`} className="border-b border-slate-100">
								<th scope="row" className="px-3 py-1.5 font-normal text-slate-900">
									{line.label} <span className="text-slate-600">({line.reason})</span>
								</th>
								<td className="px-3 py-1.5 text-right tabular-nums text-slate-900">{formatBuildUpPercent(line.percent)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</details>
		</div>
	)
}
