import type { ProductPageCopy } from '#app/features/products/product-pages.ts'

export function ProductProcess({ process }: { process: ProductPageCopy['process'] }) {
	return (
		<section aria-labelledby="process-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
			<p className="text-center text-sm font-semibold uppercase tracking-wide text-brand-700">How It Works</p>
			<h2 id="process-heading" className="mt-2 text-center text-3xl font-bold text-brand-900">
				{process.heading}
			</h2>
			<ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-5">
				{process.steps.map((step, index) => (
					<li key={step.title} className="flex gap-4 lg:flex-col">
						<span
							className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
							aria-hidden="true"
						>
							{index + 1}
						</span>
						<div>
							<h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
							<p className="mt-2 text-slate-600">{step.text}</p>
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}
