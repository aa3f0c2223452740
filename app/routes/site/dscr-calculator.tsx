import { ArrowLeft, Calculator } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { QuoteLink } from '#app/components/site/quote-buttons.tsx'
import { useQuoteButtonHref } from '#app/components/site/use-quote-target.ts'
import { DscrResultList } from '#app/components/site/calculator/dscr-result.tsx'
import { dscrCalculatorScript } from '#app/components/site/calculator/dscr-calculator-script.ts'
import { type DscrInputs, type DscrResult, calculateDscr, readDscrInputs } from '#app/features/calculator/mortgage.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { parseNumberText } from '#app/features/money/money.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/dscr-calculator'
import { inputClass } from '#app/components/ui/styles.ts'
import { BorrowSection } from '#app/components/site/calculator/borrow-section.tsx'
import { servicesContext } from '#app/context.ts'
import { BORROW_FIELDS, readBorrowForm, whatCouldIBorrow } from '#app/features/calculator/borrow.ts'
import { INDICATIVE_NOTICE } from '#app/features/pricing/pricing-request.ts'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.calculator, siteIdentity(matches))

const inputs = [
	// Money in cents ("3410.50") is accepted; a step of 1 would make the browser refuse it.
	{ name: 'monthlyRent', label: 'Monthly rent ($)', step: '0.01', placeholder: '3500' },
	{ name: 'loanAmount', label: 'Loan amount ($)', step: '0.01', placeholder: '400000' },
	{ name: 'interestRate', label: 'Interest rate (%)', step: '0.01', placeholder: '7.25' },
	{ name: 'loanTermYears', label: 'Loan term (years)', step: '1', placeholder: '30' },
	{ name: 'monthlyExpenses', label: 'Monthly expenses ($): taxes, insurance, HOA', step: '0.01', placeholder: '650' },
] as const satisfies ReadonlyArray<{ name: keyof DscrInputs; label: string; step: string; placeholder: string }>

const readInputs = (values: (name: keyof DscrInputs) => string | null) => readDscrInputs(values, parseNumberText)

/**
 * Without JavaScript the form is a GET, and the server calculates from the query string. "What could I borrow" is
 * a GET form of its own, priced here from the current rate sheet (docs/decisions/0065).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const borrowForm = readBorrowForm(params)
	const borrow =
		borrowForm.state === 'valid'
			? whatCouldIBorrow((await context.get(servicesContext).content.get('rateSheet')).dscr, borrowForm.inputs)
			: null
	// Only the calculator's own fields are echoed back: a click id or tag in the URL never reaches the page.
	const values: Partial<Record<keyof DscrInputs, string>> = {}
	for (const { name } of inputs) {
		const value = params.get(name)
		if (value !== null) values[name] = value
	}
	return { result: calculateDscr(readInputs((name) => params.get(name))), values, borrowForm, borrow, notice: INDICATIVE_NOTICE }
}

/**
 * docs/decisions/0037: no bundle. Without JavaScript the form is a GET computed by the loader; with it, the
 * page's inline script calculates in the page (dscrCalculatorScript). After a client-side navigation React
 * renders the page and calculates itself.
 */
export const handle: PageHandle = { hydrate: false, script: dscrCalculatorScript }

/** Brings the result into view when it is not (on a phone it is below the form). */
function reveal(element: HTMLElement | null) {
	if (!element) return
	const box = element.getBoundingClientRect()
	if (box.top < 0 || box.bottom > document.documentElement.clientHeight)
		element.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
}

export default function DscrCalculatorPage({ loaderData }: Route.ComponentProps) {
	const { values, borrowForm } = loaderData
	const [result, setResult] = useState<DscrResult | null>(loaderData.result)
	const [rent, setRent] = useState(values.monthlyRent)
	const resultsRef = useRef<HTMLElement>(null)
	// docs/decisions/0051: the wizard with DSCR chosen, or the external host if the settings say so; docs/decisions/0075:
	// the wizard prefilled with the rent, and the value and purpose "What could I borrow?" was asked with.
	const borrowed = { value: borrowForm.values.value, purpose: borrowForm.values.purpose }
	const quoteHref = useQuoteButtonHref({ loanProgram: 'dscr', prefill: { rent: rent || borrowForm.values.rent, ...borrowed } })
	const borrowQuoteHref = useQuoteButtonHref({ loanProgram: 'dscr', prefill: { rent: borrowForm.values.rent, ...borrowed } })

	return (
		<div className="bg-slate-50">
			<div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
				<h1 className="flex items-center gap-3 text-4xl font-extrabold text-brand-900">
					<Calculator className="h-9 w-9 text-brand-700" aria-hidden="true" /> DSCR Calculator
				</h1>
				<p className="mt-3 max-w-2xl text-lg text-slate-700">
					Find the debt service coverage ratio of a rental property: the rent it earns divided by the loan payment it carries.
				</p>
				<div className="mt-10 grid gap-8 lg:grid-cols-2">
					{/* Without JavaScript a GET that lands on the result (#dscr-results), carrying "What could I borrow?"'s figures. */}
					<form
						id="dscr-calculator-form"
						method="get"
						action="/dscr-calculator#dscr-results"
						className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
						aria-labelledby="calculator-form-heading"
						onSubmit={(event) => {
							event.preventDefault()
							const form = new FormData(event.currentTarget)
							// spec 1 §5: with invalid inputs nothing happens and no message is shown.
							const next = calculateDscr(readInputs((name) => form.get(name) as string | null))
							if (!next) return
							setResult(next)
							setRent(String(form.get('monthlyRent') ?? ''))
							requestAnimationFrame(() => reveal(resultsRef.current))
						}}
					>
						<h2 id="calculator-form-heading" className="text-xl font-bold text-slate-900">
							Property and Loan
						</h2>
						{inputs.map((input) => (
							<div key={input.name}>
								<label htmlFor={input.name} className="mb-1 block font-medium text-slate-800">
									{input.label}
								</label>
								<input
									id={input.name}
									name={input.name}
									type="number"
									inputMode="decimal"
									min="0"
									step={input.step}
									placeholder={input.placeholder}
									defaultValue={values[input.name]}
									className={inputClass}
								/>
							</div>
						))}
						{(Object.entries(BORROW_FIELDS) as Array<[keyof typeof BORROW_FIELDS, string]>).map(([key, name]) =>
							borrowForm.values[key] === undefined ? null : <input key={name} type="hidden" name={name} value={borrowForm.values[key]} />,
						)}
						<button type="submit" className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
							Calculate DSCR
						</button>
					</form>

					<div className="space-y-6">
						<section
							ref={resultsRef}
							id="dscr-results"
							aria-labelledby="results-heading"
							aria-live="polite"
							className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
						>
							<h2 id="results-heading" className="text-xl font-bold text-slate-900">
								Results
							</h2>
							{result ? (
								<DscrResultList result={result} />
							) : (
								<p className="mt-4 text-slate-600" data-dscr-prompt="">
									Enter the rent, loan amount, rate, term and expenses, then press Calculate DSCR.
								</p>
							)}
							{/* Only in the server HTML, where the page ships no bundle: the result its inline script fills in. */}
							{typeof document === 'undefined' && !result ? (
								<template>
									<DscrResultList />
								</template>
							) : null}
						</section>
						<section aria-labelledby="guidelines-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
							<h2 id="guidelines-heading" className="text-xl font-bold text-slate-900">
								DSCR Guidelines
							</h2>
							<ul className="mt-3 space-y-2 text-slate-700">
								<li>
									<strong>1.25 or more: Excellent.</strong> The rent covers the payment with room to spare; the best pricing.
								</li>
								<li>
									<strong>1.00 to 1.24: Good.</strong> The rent covers the payment; most DSCR programs qualify.
								</li>
								<li>
									<strong>Below 1.00: Needs Improvement.</strong> Consider a larger down payment, or ask about our True No Ratio option.
								</li>
							</ul>
						</section>
						<div className="flex flex-wrap gap-4">
							<QuoteLink
								id="calculator-quote"
								href={quoteHref}
								className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600"
							>
								Complete Quote Form
							</QuoteLink>
							<Link
								to="/"
								className="inline-flex items-center gap-2 rounded-md border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
							>
								<ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
							</Link>
						</div>
					</div>
				</div>
				<BorrowSection
					form={borrowForm}
					result={loaderData.borrow}
					notice={loaderData.notice}
					quoteHref={borrowQuoteHref}
					carried={inputs.map(({ name }) => [name, values[name] ?? ''] as const)}
					calculatorFormId="dscr-calculator-form"
				/>
			</div>
		</div>
	)
}
