import { ProgramPreselect } from '#app/components/quote/program-preselect.tsx'
import { QuoteWizard } from '#app/components/quote/wizard.tsx'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { servicesContext } from '#app/context.ts'
import { fillFigures } from '#app/features/products/figures.ts'
import { CONSENT_VERSION, consentText } from '#app/features/quote-wizard/consent.ts'
import { LOAN_PROGRAMS } from '#app/features/quote-wizard/options.ts'
import { LoanFormProvider } from '#app/components/quote/loan-form-context.tsx'
import { revalidateUnlessStepChange } from '#app/features/quote-wizard/step-history.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/fast-quote'

export async function loader({ context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const { company, loanProducts } = await services.content.getMany(['company', 'loanProducts'])
	return {
		// Program descriptions name figures ("{bridge.termRange}") that come from the loan-products record.
		programDescriptions: Object.fromEntries(
			LOAN_PROGRAMS.map((program) => [program.value, fillFigures(program.description ?? '', loanProducts)]),
		) as Record<string, string>,
		consent: { text: consentText(company), version: CONSENT_VERSION },
		schedulingUrl: services.config.SCHEDULING_URL ?? null,
		// The cash-out step says when a choice is above the program's maximum LTV (docs/decisions/0051).
		maxLtvByProduct: Object.fromEntries(Object.entries(loanProducts).map(([key, product]) => [key, product.maxLTV])) as Record<
			string,
			number
		>,
	}
}

/** docs/decisions/0027: each step is a history entry (`?step=`); moving between them needs no server round trip. */
export const shouldRevalidate = revalidateUnlessStepChange

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.quote, siteIdentity(matches))

export default function FastQuote({ loaderData }: Route.ComponentProps) {
	return (
		<LoanFormProvider>
			<ProgramPreselect />
			<QuoteWizard config={loaderData} />
			<Toaster />
		</LoanFormProvider>
	)
}
