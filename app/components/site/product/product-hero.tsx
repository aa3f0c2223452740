import { Clock } from 'lucide-react'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import type { ProductRecord } from '#app/features/products/product-record.ts'
import { QuoteButtons } from '#app/components/site/quote-buttons.tsx'

/** Title, description and starting rate come from the staff-editable product record. */
export function ProductHero({ eyebrow, product, loanProgram }: { eyebrow: string; product: ProductRecord; loanProgram?: string }) {
	return (
		<section aria-labelledby="product-heading" className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
			<div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
				<div className="max-w-3xl">
					<p className="inline-block rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-brand-100">{eyebrow}</p>
					<h1 id="product-heading" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
						{product.title}
					</h1>
					<p className="mt-6 max-w-2xl text-lg text-brand-100">{product.description}</p>
					<QuoteButtons className="mt-8" loanProgram={loanProgram} />
					<div className="mt-8 flex flex-wrap items-center gap-x-8 gap-y-3">
						<p className="text-brand-100">
							Rates from{' '}
							<span className="text-3xl font-extrabold text-white" data-testid="hero-rate">
								{formatRate(product.minRate)}
							</span>
						</p>
						<p className="inline-flex items-center gap-2 text-sm text-brand-100">
							<Clock className="h-4 w-4" aria-hidden="true" /> 24-Hour Pre-Approval
						</p>
					</div>
				</div>
			</div>
		</section>
	)
}
