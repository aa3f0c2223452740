import { ArrowRight, CircleCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { ProductPageCopy } from '#app/features/products/product-pages.ts'

export function ProductExplanation({ explanation }: { explanation: ProductPageCopy['explanation'] }) {
	return (
		<section aria-labelledby="explanation-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
			<div className="grid gap-10 lg:grid-cols-3">
				<div className="lg:col-span-2">
					<h2 id="explanation-heading" className="text-3xl font-bold text-brand-900">
						{explanation.heading}
					</h2>
					{explanation.paragraphs.map((paragraph) => (
						<p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700">
							{paragraph}
						</p>
					))}
					{explanation.link ? (
						<Link to={explanation.link.to} className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline">
							{explanation.link.label} <ArrowRight className="h-4 w-4" aria-hidden="true" />
						</Link>
					) : null}
				</div>
				<div className="rounded-xl bg-brand-50 p-6">
					<h3 className="text-lg font-semibold text-brand-900">Ideal For</h3>
					<ul className="mt-4 space-y-3">
						{explanation.idealFor.map((item) => (
							<li key={item} className="flex gap-3 text-slate-700">
								<CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
								{item}
							</li>
						))}
					</ul>
				</div>
			</div>
		</section>
	)
}
