import { useState } from 'react'
import { Link } from 'react-router'
import { ESTIMATE_PANEL, monthlyPayment } from '#app/features/calculator/mortgage.ts'
import { formatDollars } from '#app/features/money/money.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { formatTerm } from '#app/features/products/figures.ts'

/**
 * spec 1 §2 and §9: starting rate, APR, a loan-amount slider and the estimated monthly payment over the DSCR term;
 * below them the date of the rate sheet they come from and their assumptions (docs/decisions/0072).
 */
export function RatesPanel({
	rate,
	apr,
	termMonths,
	asOf,
	note,
}: {
	rate: number
	apr: number
	termMonths: number
	asOf: string | null
	note: string | null
}) {
	const [loanAmount, setLoanAmount] = useState<number>(ESTIMATE_PANEL.defaultLoanAmount)
	const payment = monthlyPayment(loanAmount, rate, termMonths)
	return (
		<section
			id="quote-form"
			aria-labelledby="rates-heading"
			// Read by the home page's inline script when the page is not hydrated (ratesPanelScript).
			data-rate={rate}
			data-term-months={termMonths}
			className="scroll-mt-24 rounded-2xl bg-white p-6 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:p-8"
		>
			<h2 id="rates-heading" className="text-xl font-bold text-brand-900">
				Current DSCR Rates
			</h2>
			<div className="mt-4 grid grid-cols-2 gap-4">
				<div className="rounded-lg bg-brand-50 p-4">
					<p className="text-sm text-slate-600">Starting rate</p>
					<p className="text-3xl font-extrabold text-brand-800" data-testid="starting-rate">
						{formatRate(rate)}
					</p>
				</div>
				<div className="rounded-lg bg-brand-50 p-4">
					<p className="text-sm text-slate-600">APR</p>
					<p className="text-3xl font-extrabold text-brand-800" data-testid="apr">
						{formatRate(apr)}
					</p>
				</div>
			</div>
			<div className="mt-6">
				<div className="flex items-baseline justify-between">
					<label htmlFor="loan-amount" className="text-sm font-medium text-slate-700">
						Loan amount
					</label>
					<output htmlFor="loan-amount" className="text-lg font-bold text-brand-900" data-testid="loan-amount">
						{formatDollars(loanAmount)}
					</output>
				</div>
				<input
					id="loan-amount"
					type="range"
					min={ESTIMATE_PANEL.sliderMin}
					max={ESTIMATE_PANEL.sliderMax}
					step={ESTIMATE_PANEL.sliderStep}
					value={loanAmount}
					onChange={(event) => setLoanAmount(Number(event.target.value))}
					aria-valuetext={formatDollars(loanAmount)}
					className="mt-3 w-full accent-brand-700"
				/>
				<div className="mt-1 flex justify-between text-xs text-slate-600">
					<span>{formatDollars(ESTIMATE_PANEL.sliderMin)}</span>
					<span>{formatDollars(ESTIMATE_PANEL.sliderMax)}</span>
				</div>
			</div>
			<div className="mt-6 rounded-lg border border-slate-200 p-4">
				<p className="text-sm text-slate-600">Estimated monthly payment (fixed for {formatTerm(termMonths)}, principal and interest)</p>
				<p className="text-3xl font-extrabold text-slate-900" data-testid="monthly-payment">
					{formatDollars(payment)}
				</p>
			</div>
			<Link
				to="/fast-quote"
				className="mt-6 flex w-full items-center justify-center rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600"
			>
				Get Complete Analysis
			</Link>
			{asOf || note ? (
				<p className="mt-4 text-xs text-slate-600" data-testid="rates-note">
					{asOf ? `Rates as of ${asOf}. ` : ''}
					{note}
				</p>
			) : null}
		</section>
	)
}
