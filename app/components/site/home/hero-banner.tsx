import { Clock, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import type { Company, Hero } from '#app/features/content/content-schemas.ts'

/** The hero's background: the brand gradient, or the uploaded image under a dark overlay (url() quoted so a value cannot break out). */
export function heroBackground(image: string): React.CSSProperties | undefined {
	const url = image.trim()
	return url
		? { backgroundImage: `linear-gradient(rgba(8,42,74,.85),rgba(8,42,74,.85)),url(${JSON.stringify(url)})`, backgroundSize: 'cover' }
		: undefined
}

/**
 * The home page's hero text and buttons; the dashboard's live preview draws the same component with
 * `preview`, where the heading is not the page's h1 and the buttons do nothing.
 */
export function HeroText({ hero, company, preview = false }: { hero: Hero; company: Company; preview?: boolean }) {
	const Heading = preview ? 'p' : 'h1'
	const buttonClass = 'rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600'
	const callClass = 'inline-flex items-center gap-2 rounded-md border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10'
	return (
		<div>
			<Heading className="text-4xl font-extrabold tracking-tight sm:text-5xl">
				{hero.title || 'Main title'}
				<span className="mt-2 block text-accent-500">{hero.subtitle || 'Subtitle'}</span>
			</Heading>
			<p className="mt-6 max-w-xl text-lg text-brand-100">
				DSCR, bridge, fix and flip and construction financing for real estate investors nationwide. {company.tagline}
			</p>
			<div className="mt-8 flex flex-wrap gap-4" aria-hidden={preview || undefined}>
				{preview ? (
					<>
						<span className={buttonClass}>{hero.ctaText || 'Button text'}</span>
						<span className={callClass}>
							<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
						</span>
					</>
				) : (
					<>
						<Link to="/fast-quote" className={buttonClass}>
							{hero.ctaText}
						</Link>
						<a href={telHref(company.phone)} className={callClass}>
							<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
						</a>
					</>
				)}
			</div>
			<p className="mt-6 inline-flex items-center gap-2 text-sm text-brand-100">
				<Clock className="h-4 w-4" aria-hidden="true" /> 24-Hour Pre-Approval
			</p>
		</div>
	)
}
