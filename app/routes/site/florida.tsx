import { BenefitCards } from '#app/components/site/florida/benefit-cards.tsx'
import { ClosingCta } from '#app/components/site/florida/closing-cta.tsx'
import { FloridaFaq } from '#app/components/site/florida/florida-faq.tsx'
import { FloridaHero } from '#app/components/site/florida/florida-hero.tsx'
import { PaymentCalculator } from '#app/components/site/florida/payment-calculator.tsx'
import { PortfolioLoans } from '#app/components/site/florida/portfolio-loans.tsx'
import { PropertyTypes } from '#app/components/site/florida/property-types.tsx'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/florida'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.florida, siteIdentity(matches))

/** spec 2 §2: the Florida DSCR cash-out landing page; its figures are fixed copy (spec 2 §9). */
export default function FloridaLanding() {
	return (
		<>
			<FloridaHero />
			<PaymentCalculator />
			<PropertyTypes />
			<BenefitCards />
			<PortfolioLoans />
			<FloridaFaq />
			<ClosingCta />
		</>
	)
}
