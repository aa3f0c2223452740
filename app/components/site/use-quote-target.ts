import { useRouteLoaderData } from 'react-router'
import { externalQuoteUrl } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'
import { type QuotePrefill, quoteHref } from '#app/features/quote-wizard/program-link.ts'
import type { loader as rootLoader } from '#app/root.tsx'

/**
 * Where a landing page's quote button goes (docs/decisions/0051): by default our quote wizard with the
 * page's program and state preselected, so the visit gets its consent record, routing and attribution;
 * the settings may send it to the external application host instead. `prefill`: figures the wizard prefills
 * (docs/decisions/0075), never sent to the external host.
 */
export function useQuoteButtonHref({ loanProgram, state, prefill }: { loanProgram?: string; state?: string; prefill?: QuotePrefill }) {
	const company = useCompany()
	const target = useRouteLoaderData<typeof rootLoader>('root')?.quoteButtonTarget ?? 'wizard'
	return target === 'external' ? externalQuoteUrl(company) : quoteHref(loanProgram, state, prefill)
}
