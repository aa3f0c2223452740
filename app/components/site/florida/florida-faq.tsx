import { ChevronDown } from 'lucide-react'
import { faqJsonLd } from '#app/features/florida/faq-json-ld.ts'
import { floridaFaq as template } from '#app/features/florida/florida-faq.ts'
import { fillFiguresDeep, type ProductFigures } from '#app/features/products/figures.ts'

/**
 * spec 2 §2: one item open at a time and an open item closes again. Native <details name> gives
 * both without JavaScript; the same questions feed the FAQPage structured data.
 */
export function FloridaFaq({ dscr }: { dscr: ProductFigures }) {
	const floridaFaq = fillFiguresDeep(template, { dscr })
	const structuredData = faqJsonLd(floridaFaq)
	return (
		<section aria-labelledby="faq-heading" className="bg-slate-50">
			<div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
				<h2 id="faq-heading" className="text-center text-3xl font-bold text-brand-900">
					Florida DSCR Loan FAQ
				</h2>
				<div className="mt-10 space-y-3">
					{floridaFaq.map((item) => (
						<details key={item.question} name="florida-faq" className="group rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
							<summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
								{item.question}
								<ChevronDown className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" aria-hidden="true" />
							</summary>
							<p className="px-5 pb-5 text-slate-600">{item.answer}</p>
						</details>
					))}
				</div>
			</div>
			{/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD built by faqJsonLd from our own content, with < escaped. */}
			<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
		</section>
	)
}
