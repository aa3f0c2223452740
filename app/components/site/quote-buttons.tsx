import { Phone } from 'lucide-react'
import { Link } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'
import { useQuoteButtonHref } from '#app/components/site/use-quote-target.ts'
import { quoteHref as quoteHrefOf } from '#app/features/quote-wizard/program-link.ts'

const startClass = 'rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600'

/**
 * Start Quote and Call (tel link), for heroes and closing calls to action. Start Quote goes to the quote wizard with the
 * page's program (and, on a state's landing page, its state) preselected; with `followsSetting` (the Florida page) it
 * goes where the quote-button setting says, which may be the external application host (docs/decisions/0051).
 */
export function QuoteButtons({
	className = '',
	loanProgram,
	state,
	followsSetting = false,
}: {
	className?: string
	loanProgram?: string
	state?: string
	followsSetting?: boolean
}) {
	const company = useCompany()
	const settingHref = useQuoteButtonHref({ loanProgram, state })
	const href = followsSetting ? settingHref : quoteHrefOf(loanProgram, state)
	return (
		<div className={`flex flex-wrap gap-4 ${className}`}>
			<QuoteLink href={href} className={startClass}>
				Start Quote
			</QuoteLink>
			<a
				href={telHref(company.phone)}
				className="inline-flex items-center gap-2 rounded-md border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
			>
				<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
			</a>
		</div>
	)
}

/** A link to the wizard stays in the app; one to another host is a plain link. */
export function QuoteLink({ href, className, children, id }: { href: string; className: string; children: React.ReactNode; id?: string }) {
	return href.startsWith('/') ? (
		<Link id={id} to={href} className={className}>
			{children}
		</Link>
	) : (
		<a id={id} href={href} className={className}>
			{children}
		</a>
	)
}
