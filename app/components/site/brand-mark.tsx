import { logoInitials } from '#app/features/content/company-identity.ts'
import type { Company } from '#app/features/content/content-schemas.ts'

/** Brand initials, name and tagline: the inside of the logo link (no router, so the wizard's own page can show it). */
export function BrandMark({ company, inverted = false }: { company: Company; inverted?: boolean }) {
	return (
		<>
			<span
				className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-800 text-lg font-bold text-white"
				aria-hidden="true"
			>
				{logoInitials(company)}
			</span>
			<span className="flex flex-col leading-tight">
				<span className={`text-base font-bold sm:text-lg ${inverted ? 'text-white' : 'text-brand-900'}`}>{company.name}</span>
				<span className={`text-xs sm:text-sm ${inverted ? 'text-brand-100' : 'text-slate-600'}`}>{company.tagline}</span>
			</span>
		</>
	)
}
