import { useMemo } from 'react'
import { useRouteLoaderData } from 'react-router'
import { RouterWizardEnv } from '#app/components/quote/router-wizard-env.tsx'
import { WIZARD_DATA_ID, WIZARD_ROOT_ID, WizardApp } from '#app/components/quote/wizard-app.tsx'
import type { WizardPageData } from '#app/components/quote/wizard-env.tsx'
import { servicesContext } from '#app/context.ts'
import { type PageHandle, scriptLiteral } from '#app/features/hydration/page-scripts.tsx'
import { fillFigures } from '#app/features/products/figures.ts'
import { CONSENT_VERSION, consentText } from '#app/features/quote-wizard/consent.ts'
import { LOAN_PROGRAMS } from '#app/features/quote-wizard/options.ts'
import { revalidateUnlessStepChange } from '#app/features/quote-wizard/step-history.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { cashOutCapsFromSheet } from '#app/features/pricing/advertised-terms.ts'
import { minimumExperience } from '#app/features/pricing/experience-shortfall.ts'
import type { Route } from './+types/fast-quote'

/** docs/decisions/0064: the page boots the wizard alone (its island), without React Router's bundle, when the build has it. */
export const handle: PageHandle = { island: 'quote-wizard' }

export async function loader({ context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const { company, loanProducts, rateSheet } = await services.content.getMany(['company', 'loanProducts', 'rateSheet'])
	return {
		// Program descriptions name figures ("{bridge.termRange}") that come from the loan-products record.
		programDescriptions: Object.fromEntries(
			LOAN_PROGRAMS.map((program) => [program.value, fillFigures(program.description ?? '', loanProducts)]),
		) as Record<string, string>,
		consent: { text: consentText(company), version: CONSENT_VERSION },
		schedulingUrl: services.config.SCHEDULING_URL ?? null,
		// The cash-out step says when a choice is above the program's maximum LTV (docs/decisions/0051), from the rate sheet (0067).
		maxLtvByProduct: cashOutCapsFromSheet(rateSheet),
		// One message instead of a refusal per credit band when the borrower has too few projects (docs/decisions/0074).
		minExperienceByProgram: minimumExperience(rateSheet),
		island: services.islands?.['quote-wizard'] ?? null,
	}
}

/** docs/decisions/0027: each step is a history entry (`?step=`); moving between them needs no server round trip. */
export const shouldRevalidate = revalidateUnlessStepChange

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.quote, siteIdentity(matches))

export default function FastQuote({ loaderData }: Route.ComponentProps) {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	if (!root) throw new Error('The quote wizard is rendered below the root route')
	const { company, analytics } = root
	const { island } = loaderData
	const data = useMemo<WizardPageData>(() => {
		const { island: _boot, ...wizard } = loaderData
		return { ...wizard, company, analytics }
	}, [loaderData, company, analytics])
	return (
		<>
			<div id={WIZARD_ROOT_ID}>
				<RouterWizardEnv data={data}>
					<WizardApp />
				</RouterWizardEnv>
			</div>
			{island ? (
				<script
					type="application/json"
					id={WIZARD_DATA_ID}
					suppressHydrationWarning
					// biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the server's own data, escaped so no `</script>` can end it
					dangerouslySetInnerHTML={{ __html: scriptLiteral(data) }}
				/>
			) : null}
		</>
	)
}
