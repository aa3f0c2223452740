import { QuoteWizard } from '#app/components/quote/wizard.tsx'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { servicesContext } from '#app/context.ts'
import { CONSENT_VERSION, consentText } from '#app/features/quote-wizard/consent.ts'
import { LoanFormProvider } from '#app/features/quote-wizard/loan-form-context.tsx'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/fast-quote'

export async function loader({ context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const company = await services.content.get('company')
	return {
		consent: { text: consentText(company), version: CONSENT_VERSION },
		schedulingUrl: services.config.SCHEDULING_URL ?? null,
	}
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.quote, siteIdentity(matches))

export default function FastQuote({ loaderData }: Route.ComponentProps) {
	return (
		<LoanFormProvider>
			<QuoteWizard config={loaderData} />
			<Toaster />
		</LoanFormProvider>
	)
}
