import { Phone } from 'lucide-react'
import { externalQuoteUrl, telHref } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'

/** spec 2 §2: Start Quote leaves the site for the external quote page; Call dials the company. */
export function QuoteButtons({ className = '' }: { className?: string }) {
	const company = useCompany()
	return (
		<div className={`flex flex-wrap gap-4 ${className}`}>
			<a href={externalQuoteUrl(company)} className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600">
				Start Quote
			</a>
			<a
				href={telHref(company.phone)}
				className="inline-flex items-center gap-2 rounded-md border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
			>
				<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
			</a>
		</div>
	)
}
