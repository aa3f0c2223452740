import { Clock, Phone } from 'lucide-react'
import { useCompany } from '#app/components/site/use-company.ts'
import type { Hero } from '#app/features/content/content-schemas.ts'
import { cardClass } from './editor-styles.ts'

/** A CSS url() that a typed value cannot break out of. */
const cssUrl = (url: string) => `url(${JSON.stringify(url)})`

/**
 * The home page's hero (app/routes/site/home.tsx) as it will look with the draft, drawn with the same
 * colours, overlay and type; buttons are inert here. Keep the two in step when the home hero changes.
 */
export function HeroPreview({ hero }: { hero: Hero }) {
	const company = useCompany()
	const image = hero.backgroundImage.trim()
	return (
		<section aria-labelledby="hero-preview-heading" className={cardClass}>
			<h2 id="hero-preview-heading" className="text-lg font-semibold text-slate-900">
				Live preview
			</h2>
			<p className="mt-1 text-sm text-slate-600">How the top of the home page will look after you save.</p>
			<div
				data-testid="hero-preview"
				className="mt-4 overflow-hidden rounded-lg bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
				style={image ? { backgroundImage: `linear-gradient(rgba(8,42,74,.85),rgba(8,42,74,.85)),${cssUrl(image)}`, backgroundSize: 'cover' } : undefined}
			>
				<div className="px-6 py-10">
					<p className="text-3xl font-extrabold tracking-tight">
						{hero.title || 'Main title'}
						<span className="mt-2 block text-accent-500">{hero.subtitle || 'Subtitle'}</span>
					</p>
					<p className="mt-4 text-brand-100">
						DSCR, bridge, fix and flip and construction financing for real estate investors nationwide. {company.tagline}
					</p>
					<div className="mt-6 flex flex-wrap gap-3" aria-hidden="true">
						<span className="rounded-md bg-accent-500 px-5 py-2.5 font-semibold text-brand-900">{hero.ctaText || 'Button text'}</span>
						<span className="inline-flex items-center gap-2 rounded-md border-2 border-white px-5 py-2.5 font-semibold text-white">
							<Phone className="h-4 w-4" /> Call {company.phone}
						</span>
					</div>
					<p className="mt-4 inline-flex items-center gap-2 text-sm text-brand-100">
						<Clock className="h-4 w-4" aria-hidden="true" /> 24-Hour Pre-Approval
					</p>
				</div>
			</div>
		</section>
	)
}
