import { Phone } from 'lucide-react'
import { Link } from 'react-router'
import { externalQuoteUrl, telHref } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'
import { quoteHref } from '#app/features/quote-wizard/program-link.ts'

const startClass = 'rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600'

/**
 * Start Quote and Call (tel link), for heroes and closing calls to action. Start Quote goes to the quote wizard with the
 * page's program preselected, or, with `external` (spec 2 §2, the Florida page), leaves the site for the external quote page.
 */
export function QuoteButtons({
	className = '',
	loanProgram,
	external = false,
}: {
	className?: string
	loanProgram?: string
	external?: boolean
}) {
	const company = useCompany()
	return (
		<div className={`flex flex-wrap gap-4 ${className}`}>
			{external ? (
				<a href={externalQuoteUrl(company)} className={startClass}>
					Start Quote
				</a>
			) : (
				<Link to={quoteHref(loanProgram)} className={startClass}>
					Start Quote
				</Link>
			)}
			<a
				href={telHref(company.phone)}
				className="inline-flex items-center gap-2 rounded-md border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
			>
				<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
			</a>
		</div>
	)
}
