import { useState } from 'react'
import { formatDollars } from '#app/features/money/money.ts'
import { floridaCalculatorDefaults, floridaMonthlyPayment, type PaymentInputs } from '#app/features/florida/florida-calculator.ts'
import type { ProductFigures } from '#app/features/products/figures.ts'
import { inputClass } from '#app/components/ui/styles.ts'

const fields = [
	{ name: 'loanAmount', label: 'Loan amount ($)', inputMode: 'numeric' },
	{ name: 'interestRate', label: 'Interest rate (%)', inputMode: 'decimal' },
	{ name: 'termYears', label: 'Loan term (years)', inputMode: 'numeric' },
] as const

/** The empty state's figure: a cleared or unreadable field never leaves the last payment on screen. */
function NoPayment() {
	return (
		<>
			<span aria-hidden="true">—</span>
			<span className="sr-only">No estimate yet</span>
		</>
	)
}

function NoPaymentHint() {
	return (
		<p className="mt-2 text-sm text-slate-700" data-testid="monthly-payment-empty">
			Enter a loan amount, an interest rate and a term to see the payment.
		</p>
	)
}

/**
 * spec 2 §2: the Payment Calculator (anchor: calculator), updated as the visitor types. The page ships no
 * bundle (docs/decisions/0037): its inline script `paymentCalculatorScript` updates the server HTML with the
 * same functions; after a client-side navigation React renders and updates it.
 */
export function PaymentCalculator({ dscr }: { dscr: ProductFigures }) {
	const [inputs, setInputs] = useState<PaymentInputs>(() => floridaCalculatorDefaults(dscr))
	const [payment, setPayment] = useState(() => floridaMonthlyPayment(floridaCalculatorDefaults(dscr)))

	function update(name: keyof PaymentInputs, value: string) {
		const next = { ...inputs, [name]: value }
		setInputs(next)
		// A cleared or unreadable field shows the empty state: a figure for other inputs would mislead.
		setPayment(floridaMonthlyPayment(next))
	}

	return (
		<section id="calculator" aria-labelledby="calculator-heading" className="scroll-mt-24 bg-slate-50">
			<div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
				<h2 id="calculator-heading" className="text-center text-3xl font-bold text-brand-900">
					Payment Calculator
				</h2>
				<p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
					Estimate the monthly principal and interest on your Florida cash-out refinance.
				</p>
				<div className="mt-10 grid gap-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 md:grid-cols-2">
					<div className="space-y-5">
						{fields.map((field) => (
							<div key={field.name}>
								<label htmlFor={`calculator-${field.name}`} className="block text-sm font-medium text-slate-700">
									{field.label}
								</label>
								<input
									id={`calculator-${field.name}`}
									name={field.name}
									type="text"
									inputMode={field.inputMode}
									autoComplete="off"
									value={inputs[field.name]}
									onChange={(event) => update(field.name, event.target.value)}
									className={`${inputClass} mt-1`}
								/>
							</div>
						))}
					</div>
					<div className="flex flex-col justify-center rounded-xl bg-brand-50 p-6 text-center">
						<p id="calculator-result-label" className="text-sm font-medium text-slate-700">
							Estimated monthly payment
						</p>
						<output
							htmlFor="calculator-loanAmount calculator-interestRate calculator-termYears"
							aria-labelledby="calculator-result-label"
							aria-live="polite"
							className="mt-2 block text-4xl font-extrabold text-brand-900"
							data-testid="monthly-payment"
						>
							{payment === null ? <NoPayment /> : formatDollars(payment)}
						</output>
						{payment === null ? <NoPaymentHint /> : null}
						{/* Only in the server HTML, where the page ships no bundle: the empty state its inline script shows (paymentCalculatorScript). */}
						{typeof document === 'undefined' ? (
							<template data-payment-empty="">
								<NoPayment />
								<NoPaymentHint />
							</template>
						) : null}
						<p className="mt-3 text-xs text-slate-600">
							Principal and interest only. Taxes, insurance and association dues are not included.
						</p>
					</div>
				</div>
			</div>
		</section>
	)
}
