import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { HeroText, heroBackground } from '#app/components/site/home/hero-banner.tsx'
import { RatesPanel } from '#app/components/site/home/rates-panel.tsx'
import { ratesPanelScript } from '#app/components/site/home/rates-panel-script.ts'
import { Stars } from '#app/components/site/stars.tsx'
import { useCompany } from '#app/components/site/use-company.ts'
import { servicesContext } from '#app/context.ts'
import { homeTestimonials } from '#app/features/content/testimonial-placement.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { advertisedRateNote } from '#app/features/pricing/advertised-claims.ts'
import { fillFigures } from '#app/features/products/figures.ts'
import { loadAdvertisedProducts } from '#app/features/products/advertised-products.server.ts'
import { toProductRecord } from '#app/features/products/product-record.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/home'
import { scrollBehavior } from '#app/components/ui/scroll.ts'

/** The day a rate sheet was published, as the panel says it ("November 27, 2026"); the server's calendar is UTC. */
const RATES_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export async function loader({ context }: Route.LoaderArgs) {
	const { content } = context.get(servicesContext)
	const [{ hero, testimonials, recentFundings }, loanProducts, sheet] = await Promise.all([
		content.getMany(['hero', 'testimonials', 'recentFundings']),
		// Rates and LTVs from the rate sheet's best case (docs/decisions/0067), the APR from its fees (0072).
		loadAdvertisedProducts(content),
		content.getWithVersion('rateSheet'),
	])
	return {
		hero,
		rate: loanProducts.dscr.minRate,
		apr: loanProducts.dscr.apr,
		termMonths: loanProducts.dscr.maxTermMonths,
		ratesAsOf: sheet.savedAt ? RATES_DATE.format(sheet.savedAt) : null,
		ratesNote: advertisedRateNote(sheet.data),
		figures: {
			bridge: toProductRecord(loanProducts.bridge),
			fixFlip: toProductRecord(loanProducts.fixFlip),
			construction: toProductRecord(loanProducts.construction),
		},
		// Featured first; three in all (the editor says which, from the same rule).
		testimonials: homeTestimonials(testimonials),
		recentFundings: recentFundings.slice(0, 6),
	}
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.home, siteIdentity(matches))

/** docs/decisions/0037: no bundle; the slider and ?scrollTo=quote-form work through a small inline script. */
export const handle: PageHandle = { hydrate: false, script: ratesPanelScript }

const features = [
	{ badge: 'DSCR', title: 'DSCR Loans', text: 'Qualify on rental income. No tax returns, no W-2s.', to: '/dscr-loans', icon: 'house' },
	// Figures are filled in from the loan-products record (docs/decisions/0033).
	{
		badge: 'Bridge',
		title: 'Bridge Loans',
		text: 'Close in 3-7 days with up to {bridge.maxLTV} LTV.',
		to: '/bridge-loans',
		icon: 'trending-up',
	},
	{
		badge: 'Fix & Flip',
		title: 'Fix & Flip Loans',
		text: 'Up to {fixFlip.maxLTV} of purchase and {fixFlip.maxRehab} of rehab.',
		to: '/fix-flip-loans',
		icon: 'hammer',
	},
	{
		badge: 'Construction',
		title: 'Construction Loans',
		text: 'Ground-up financing from {construction.minLoan} to {construction.maxLoan}.',
		to: '/construction-loans',
		icon: 'building-2',
	},
	{
		badge: 'Expert Team',
		title: 'Dedicated Loan Officers',
		text: 'One experienced officer from quote to closing.',
		to: '/contact',
		icon: 'users',
	},
	{
		badge: 'Secure Process',
		title: 'Secure Process',
		text: 'Your information is encrypted and never sold.',
		to: '/privacy-policy',
		icon: 'shield-check',
	},
] as const

export default function Home({ loaderData }: Route.ComponentProps) {
	const { hero, rate, apr, ratesAsOf, ratesNote, termMonths, figures, testimonials, recentFundings } = loaderData
	const company = useCompany()
	const [searchParams] = useSearchParams()

	// spec 1 §2: ?scrollTo=quote-form scrolls smoothly to the quote panel after 100 ms.
	useEffect(() => {
		if (searchParams.get('scrollTo') !== 'quote-form') return
		const timer = setTimeout(() => document.getElementById('quote-form')?.scrollIntoView({ behavior: scrollBehavior() }), 100)
		return () => clearTimeout(timer)
	}, [searchParams])

	return (
		<>
			<section
				className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
				style={heroBackground(hero.backgroundImage)}
			>
				<div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-20">
					<HeroText hero={hero} company={company} />
					<div className="lg:justify-self-end lg:w-full lg:max-w-md">
						<RatesPanel rate={rate} apr={apr} termMonths={termMonths} asOf={ratesAsOf} note={ratesNote} />
					</div>
				</div>
			</section>

			<section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
				<h2 id="features-heading" className="text-center text-3xl font-bold text-brand-900">
					Financing for Every Investment Strategy
				</h2>
				<p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
					Wholesale rates, dedicated loan officers and nationwide service, Monday to Friday 8AM-7PM.
				</p>
				<ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{features.map(({ badge, title, text, to, icon }) => (
						<li key={badge} className="rounded-xl border border-slate-200 p-6 shadow-sm">
							<div className="flex items-center justify-between">
								{/* Static SVG files: the home page's icons cost no JavaScript. */}
								<img src={`/icons/${icon}.svg`} alt="" width={32} height={32} className="h-8 w-8" />
								<span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">{badge}</span>
							</div>
							<h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
							<p className="mt-2 text-slate-600">{fillFigures(text, figures)}</p>
							<Link to={to} className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
								Learn more<span className="sr-only"> about {title}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>

			<section aria-labelledby="fundings-heading" className="bg-slate-50">
				<div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
					<h2 id="fundings-heading" className="text-center text-3xl font-bold text-brand-900">
						Recent Fundings
					</h2>
					<ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
						{recentFundings.map((funding) => (
							<li key={funding.id} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
								<p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{funding.propertyType}</p>
								<p className="mt-2 text-2xl font-bold text-slate-900">{funding.loanAmount}</p>
								<p className="mt-1 text-slate-600">{funding.location}</p>
								<p className="mt-3 text-sm text-slate-600">Funded in {funding.timeline}</p>
							</li>
						))}
					</ul>
				</div>
			</section>

			<section aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
				<h2 id="testimonials-heading" className="text-center text-3xl font-bold text-brand-900">
					What Our Clients Say
				</h2>
				<ul className="mt-10 grid gap-6 md:grid-cols-3">
					{testimonials.map((testimonial) => (
						<li key={testimonial.id} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
							<Stars rating={testimonial.rating} />
							<blockquote className="mt-4 flex-1 text-slate-700">“{testimonial.content}”</blockquote>
							<p className="mt-4 font-semibold text-slate-900">{testimonial.name}</p>
							<p className="text-sm text-slate-600">
								{[testimonial.role, testimonial.company, testimonial.location].filter(Boolean).join(' · ')}
							</p>
						</li>
					))}
				</ul>
			</section>

			<section aria-labelledby="cta-heading" className="bg-brand-800 text-white">
				<div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
					<h2 id="cta-heading" className="text-3xl font-bold">
						Ready to Get Started?
					</h2>
					<p className="mt-4 text-brand-100">Get a quote in under 60 seconds and a pre-approval within 24 hours.</p>
					<div className="mt-8 flex flex-wrap justify-center gap-4">
						<Link to="/fast-quote" className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600">
							{hero.ctaText}
						</Link>
						<a href={telHref(company.phone)} className="rounded-md border-2 border-white px-6 py-3 font-semibold hover:bg-white/10">
							Call {company.phone}
						</a>
					</div>
				</div>
			</section>
		</>
	)
}
