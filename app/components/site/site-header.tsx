import { Phone } from 'lucide-react'
import { Link } from 'react-router'
import type { Company } from '#app/features/content/content-schemas.ts'
import { applicationUrl, telHref } from './brand.ts'
import { BrandMark } from './brand-mark.tsx'
import { scrollBehavior } from '#app/components/ui/scroll.ts'

/** spec 1 §2: logo block, phone and Apply; sticky from the medium breakpoint up. */
export function SiteHeader({ company }: { company: Company }) {
	return (
		<header className="z-40 border-b border-slate-200 bg-white/95 backdrop-blur md:sticky md:top-0">
			<div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
				<BrandLogo company={company} />
				<div className="flex items-center gap-3">
					<a
						href={telHref(company.phone)}
						className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-white md:hidden"
						aria-label={`Call ${company.phone}`}
						data-testid="header-phone-icon"
					>
						<Phone className="h-5 w-5" aria-hidden="true" />
					</a>
					<a
						href={telHref(company.phone)}
						className="hidden items-center gap-2 font-semibold text-brand-800 hover:text-brand-600 md:inline-flex"
						data-testid="header-phone"
					>
						<Phone className="h-4 w-4" aria-hidden="true" />
						{company.phone}
					</a>
					<a
						href={applicationUrl(company)}
						className="hidden rounded-md border-2 border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 md:inline-flex"
						data-testid="header-apply"
					>
						Apply
					</a>
				</div>
			</div>
		</header>
	)
}

/** Brand initials, name and tagline; goes home and then scrolls smoothly to the top after 100 ms. */
export function BrandLogo({ company, inverted = false }: { company: Company; inverted?: boolean }) {
	return (
		<Link
			to="/"
			className="flex items-center gap-3"
			onClick={() => setTimeout(() => window.scrollTo({ top: 0, behavior: scrollBehavior() }), 100)}
		>
			<BrandMark company={company} inverted={inverted} />
		</Link>
	)
}
