import type { ProductPageCopy } from '#app/features/products/product-pages.ts'
import type { ProductRecord } from '#app/features/products/product-record.ts'
import { ProductBenefits } from './product-benefits.tsx'
import { ProductCta } from './product-cta.tsx'
import { ProductExplanation } from './product-explanation.tsx'
import { ProductFaq } from './product-faq.tsx'
import { ProductHero } from './product-hero.tsx'
import { ProductProcess } from './product-process.tsx'
import { ProductQualifications } from './product-qualifications.tsx'
import { ProductTermsCard } from './product-terms-card.tsx'

/** spec 1 §2: hero, explanation, benefits, five-step process, qualifications, terms card, FAQ and call to action. */
export function ProductPage({ product, copy }: { product: ProductRecord; copy: ProductPageCopy }) {
	return (
		<>
			<ProductHero eyebrow={copy.eyebrow} product={product} />
			<ProductExplanation explanation={copy.explanation} />
			<ProductBenefits benefits={copy.benefits} />
			<ProductProcess process={copy.process} />
			<div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-2 lg:items-start">
				<ProductQualifications qualifications={copy.qualifications} />
				<ProductTermsCard heading={copy.termsHeading} product={product} />
			</div>
			<ProductFaq faq={copy.faq} />
			<ProductCta cta={copy.cta} />
		</>
	)
}
