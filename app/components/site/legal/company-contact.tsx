import { telHref } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'

/** The company's contact block at the end of each legal page. */
export function CompanyContact() {
	const company = useCompany()
	const location = [company.city, company.state].filter(Boolean).join(', ')
	return (
		<address className="not-italic">
			<strong className="block text-slate-900">{company.name}</strong>
			{location ? <span className="block">{location}</span> : null}
			<span className="block">
				Phone: <a href={telHref(company.phone)}>{company.phone}</a>
			</span>
			<span className="block">
				E-mail: <a href={`mailto:${company.email}`}>{company.email}</a>
			</span>
			<span className="block">Hours: {company.hours}</span>
		</address>
	)
}
