import type { LoanProductKey } from '#app/features/content/content-schemas.ts'
import { fillFiguresDeep } from '#app/features/products/figures.ts'
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

/**
 * spec 1 §2: hero, explanation, benefits, five-step process, qualifications, terms card, FAQ and call to action.
 * Every figure of the copy, and of the staff's features and terms, is filled in from the record.
 * Every Start Quote preselects `loanProgram` in the wizard (docs/decisions/0028).
 */
export function ProductPage({
	productKey,
	product: record,
	copy: template,
	loanProgram,
}: {
	productKey: LoanProductKey
	product: ProductRecord
	copy: ProductPageCopy
	loanProgram: string
}) {
	const fill = <T,>(value: T) => fillFiguresDeep(value, { [productKey]: record }, productKey)
	const copy = fill(template)
	const product = { ...record, features: fill(record.features), terms: fill(record.terms) }
	return (
		<>
			<ProductHero eyebrow={copy.eyebrow} product={product} loanProgram={loanProgram} />
			<ProductExplanation explanation={copy.explanation} />
			<ProductBenefits benefits={copy.benefits} />
			<ProductProcess process={copy.process} />
			<div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-2 lg:items-start">
				<ProductQualifications qualifications={copy.qualifications} />
				<ProductTermsCard heading={copy.termsHeading} figureTerms={copy.figureTerms} product={product} loanProgram={loanProgram} />
			</div>
			<ProductFaq faq={copy.faq} />
			<ProductCta cta={copy.cta} loanProgram={loanProgram} />
		</>
	)
}
