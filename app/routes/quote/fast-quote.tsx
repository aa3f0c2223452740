import { Link } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { BrandLogo } from '#app/components/site/site-header.tsx'
import { useCompany } from '#app/components/site/use-company.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/fast-quote'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.quote, siteIdentity(matches))

/** Placeholder until the quote wizard lands (issue 3): visitors can still reach a loan officer. */
export default function FastQuote() {
	const company = useCompany()
	return (
		<>
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
					<BrandLogo company={company} />
				</div>
			</header>
			<main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
				<h1 className="text-3xl font-bold text-brand-900">Get Your Fast Quote</h1>
				<p className="mt-4 text-lg text-slate-700">
					Our online quote form is being upgraded. A loan officer can prepare your quote by phone right now.
				</p>
				<div className="mt-8 flex flex-wrap justify-center gap-4">
					<a href={telHref(company.phone)} className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white">
						Call {company.phone}
					</a>
					<Link to="/contact" className="rounded-md border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700">
						Send Us a Message
					</Link>
				</div>
			</main>
		</>
	)
}
