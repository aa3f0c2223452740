import { CircleCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { ProductRecord } from '#app/features/products/product-record.ts'
import { quoteHref } from '#app/features/quote-wizard/program-link.ts'

/** The record's figures (rate, LTV, amounts, term), then its terms (label/value) and features as staff entered them. */
export function ProductTermsCard({
	heading,
	figureTerms,
	product,
	loanProgram,
}: {
	heading: string
	figureTerms: { label: string; value: string }[]
	product: ProductRecord
	loanProgram?: string
}) {
	return (
		<section aria-labelledby="terms-heading" className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
			<h2 id="terms-heading" className="text-2xl font-bold text-brand-900">
				{heading}
			</h2>
			<dl className="mt-6 grid grid-cols-2 gap-4">
				{[...figureTerms, ...product.terms].map((term) => (
					<div key={term.label} className="rounded-lg bg-brand-50 p-4">
						<dt className="text-sm text-slate-600">{term.label}</dt>
						<dd className="mt-1 text-xl font-extrabold text-brand-800">{term.value}</dd>
					</div>
				))}
			</dl>
			{product.features.length > 0 ? (
				<>
					<h3 className="mt-8 text-lg font-semibold text-slate-900">Program Highlights</h3>
					<ul className="mt-4 space-y-3">
						{product.features.map((feature) => (
							<li key={feature} className="flex gap-3 text-slate-700">
								<CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
								{feature}
							</li>
						))}
					</ul>
				</>
			) : null}
			<Link
				to={quoteHref(loanProgram)}
				className="mt-8 block rounded-md bg-accent-500 px-6 py-3 text-center font-semibold text-brand-900 hover:bg-accent-600"
			>
				Start Quote
			</Link>
			<p className="mt-4 text-xs text-slate-600">
				Rates and terms are subject to change and depend on credit, property and loan-to-value. This is not a commitment to lend.
			</p>
		</section>
	)
}
