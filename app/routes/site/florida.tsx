import { BenefitCards } from '#app/components/site/florida/benefit-cards.tsx'
import { ClosingCta } from '#app/components/site/florida/closing-cta.tsx'
import { FloridaFaq } from '#app/components/site/florida/florida-faq.tsx'
import { FloridaHero } from '#app/components/site/florida/florida-hero.tsx'
import { PaymentCalculator } from '#app/components/site/florida/payment-calculator.tsx'
import { paymentCalculatorScript } from '#app/components/site/florida/payment-calculator-script.ts'
import { PortfolioLoans } from '#app/components/site/florida/portfolio-loans.tsx'
import { PropertyTypes } from '#app/components/site/florida/property-types.tsx'
import { servicesContext } from '#app/context.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { loadAdvertisedProducts } from '#app/features/products/advertised-products.server.ts'
import { toProductRecord } from '#app/features/products/product-record.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages, withFigures } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/florida'

/** The Florida program is the DSCR product: the DSCR record's figures, its rate and LTVs the rate sheet's (docs/decisions/0033, 0067). */
export async function loader({ context }: Route.LoaderArgs) {
	const { dscr } = await loadAdvertisedProducts(context.get(servicesContext).content)
	return { dscr: toProductRecord(dscr) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
	pageMeta(withFigures(publicPages.florida, { dscr: loaderData?.dscr }), siteIdentity(matches))

/**
 * docs/decisions/0037: no bundle. The payment calculator updates through a small inline script, the FAQ is
 * an exclusive `<details name>` accordion and the quote buttons are plain links.
 */
export const handle: PageHandle = { hydrate: false, script: paymentCalculatorScript }

/** spec 2 §2: the Florida DSCR cash-out landing page (spec 2 §9 claims). */
export default function FloridaLanding({ loaderData }: Route.ComponentProps) {
	const { dscr } = loaderData
	return (
		<>
			<FloridaHero dscr={dscr} />
			<PaymentCalculator dscr={dscr} />
			<PropertyTypes dscr={dscr} />
			<BenefitCards dscr={dscr} />
			<PortfolioLoans dscr={dscr} />
			<FloridaFaq dscr={dscr} />
			<ClosingCta />
		</>
	)
}
