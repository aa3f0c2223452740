import { Phone } from 'lucide-react'
import { Link } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'

/** Start Quote (to the quote wizard) and Call (tel link), for the hero and the closing call to action. */
export function QuoteButtons({ className = '' }: { className?: string }) {
	const company = useCompany()
	return (
		<div className={`flex flex-wrap gap-4 ${className}`}>
			<Link to="/fast-quote" className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600">
				Start Quote
			</Link>
			<a
				href={telHref(company.phone)}
				className="inline-flex items-center gap-2 rounded-md border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
			>
				<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
			</a>
		</div>
	)
}
