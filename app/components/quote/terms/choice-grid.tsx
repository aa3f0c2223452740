import type { TermsChoiceInput } from '#app/features/pricing/borrower-terms.ts'
import type { TermsChoice } from '#app/features/pricing/pricing-request.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { SHORT_PREPAYMENT, choicesAtFloor, money } from '#app/features/pricing/terms-text.ts'

/** DSCR with a band: every prepayment option × points; the selected cell is the priced quote below. */
export function ChoiceGrid({
	choices,
	selected,
	onSelect,
}: {
	choices: TermsChoice[]
	selected: TermsChoiceInput
	onSelect: (choice: TermsChoiceInput) => void
}) {
	const points = [...new Set(choices.map((choice) => choice.points))]
	// Points buy the rate down only to the sheet's floor: say so where buying more changes nothing.
	const atFloor = choicesAtFloor(choices)
	const prepayments = [...new Set(choices.map((choice) => choice.prepayment))]
	return (
		// On a phone the grid keeps every rate on one line and every cell a 44 px target: it scrolls sideways with the
		// prepayment column held in place, rather than squeezing a rate onto two lines (docs/decisions/0100). The box is
		// positioned so the headers' screen-reader text is clipped with it instead of widening the page.
		<div className="relative mt-4 w-full min-w-0 max-w-full overflow-x-auto print:overflow-visible">
			<table
				id="terms-choices"
				tabIndex={-1}
				className="w-max min-w-full text-center text-sm focus:outline-none sm:w-full sm:table-fixed"
				data-testid="choice-grid"
			>
				<caption className="mb-2 text-left text-slate-700">
					Rate (%) by prepayment penalty and points bought. Tap one to see it below.
					{atFloor ? ' Where more points leave the rate the same, it is at our lowest rate.' : ''}
				</caption>
				<colgroup>
					<col className="w-24 sm:w-32" />
					{points.map((value) => (
						<col key={value} />
					))}
				</colgroup>
				<thead>
					<tr className="border-b border-slate-200 text-slate-700">
						<th scope="col" className="sticky left-0 z-10 bg-white py-2 pr-1 text-left font-semibold">
							Prepayment <span className="block text-xs font-normal">by points</span>
						</th>
						{points.map((value) => (
							<th key={value} scope="col" className="px-0.5 py-2 font-semibold">
								<span className="sr-only">{value} points</span>
								<span aria-hidden="true">{value}</span>
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{prepayments.map((prepayment) => (
						<tr key={prepayment} className="border-b border-slate-100">
							<th scope="row" className="sticky left-0 z-10 whitespace-nowrap bg-white py-1 pr-2 text-left font-medium text-slate-900">
								{SHORT_PREPAYMENT[prepayment] ?? prepayment}
							</th>
							{points.map((value) => {
								const cell = choices.find((choice) => choice.prepayment === prepayment && choice.points === value)
								const isSelected = selected.prepayment === prepayment && selected.points === value
								return (
									<td key={value} className="px-0.5 py-1">
										{cell?.rate ? (
											<button
												type="button"
												aria-pressed={isSelected}
												aria-label={`${cell.label}, ${value} point${value === 1 ? '' : 's'}: ${formatRate(cell.rate)}, ${money(cell.payment)} a month`}
												onClick={() => onSelect({ prepayment: cell.prepayment as TermsChoiceInput['prepayment'], points: value })}
												className="min-h-11 w-full min-w-14 whitespace-nowrap rounded-md border border-slate-200 px-1 py-1.5 text-sm tabular-nums text-slate-900 hover:border-brand-700 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white sm:min-w-0 sm:px-0.5"
											>
												{formatRate(cell.rate)}
											</button>
										) : (
											<span className="text-slate-600">—</span>
										)}
									</td>
								)
							})}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
