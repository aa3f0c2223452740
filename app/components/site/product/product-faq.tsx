import { ChevronDown } from 'lucide-react'
import type { ProductPageCopy } from '#app/features/products/product-pages.ts'

/** Native details/summary so answers open without JavaScript; the shared name keeps one open at a time. */
export function ProductFaq({ faq }: { faq: ProductPageCopy['faq'] }) {
	return (
		<section aria-labelledby="faq-heading" className="bg-slate-50">
			<div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
				<h2 id="faq-heading" className="text-center text-3xl font-bold text-brand-900">
					Frequently Asked Questions
				</h2>
				<div className="mt-10 space-y-4">
					{faq.map(({ question, answer }) => (
						<details key={question} name="product-faq" className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
							<summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-5 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
								{question}
								<ChevronDown className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" aria-hidden="true" />
							</summary>
							<p className="px-5 pb-5 text-slate-700">{answer}</p>
						</details>
					))}
				</div>
			</div>
		</section>
	)
}
