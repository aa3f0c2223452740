import { CircleCheck } from 'lucide-react'
import type { ProductPageCopy } from '#app/features/products/product-pages.ts'

export function ProductQualifications({ qualifications }: { qualifications: ProductPageCopy['qualifications'] }) {
	return (
		<section aria-labelledby="qualifications-heading">
			<h2 id="qualifications-heading" className="text-3xl font-bold text-brand-900">
				{qualifications.heading}
			</h2>
			<p className="mt-4 text-lg text-slate-700">{qualifications.intro}</p>
			<ul className="mt-6 space-y-4">
				{qualifications.items.map((item) => (
					<li key={item} className="flex gap-3 text-slate-700">
						<CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
						{item}
					</li>
				))}
			</ul>
		</section>
	)
}
