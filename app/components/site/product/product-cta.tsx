import type { ProductPageCopy } from '#app/features/products/product-pages.ts'
import { QuoteButtons } from '#app/components/site/quote-buttons.tsx'

export function ProductCta({ cta, loanProgram }: { cta: ProductPageCopy['cta']; loanProgram?: string }) {
	return (
		<section aria-labelledby="cta-heading" className="bg-brand-800 text-white">
			<div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
				<h2 id="cta-heading" className="text-3xl font-bold">
					{cta.heading}
				</h2>
				<p className="mt-4 text-brand-100">{cta.text}</p>
				<QuoteButtons className="mt-8 justify-center" loanProgram={loanProgram} />
			</div>
		</section>
	)
}
