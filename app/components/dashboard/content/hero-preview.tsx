import { HeroText, heroBackground } from '#app/components/site/home/hero-banner.tsx'
import { useCompany } from '#app/components/site/use-company.ts'
import type { Hero } from '#app/features/content/content-schemas.ts'
import { panelClass } from '#app/components/ui/styles.ts'

/** The home page's hero as it will look with the draft: the same component, with inert buttons. */
export function HeroPreview({ hero }: { hero: Hero }) {
	const company = useCompany()
	return (
		<section aria-labelledby="hero-preview-heading" className={panelClass}>
			<h2 id="hero-preview-heading" className="text-lg font-semibold text-slate-900">
				Live preview
			</h2>
			<p className="mt-1 text-sm text-slate-600">How the top of the home page will look after you save.</p>
			<div
				data-testid="hero-preview"
				className="mt-4 overflow-hidden rounded-lg bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-6 py-10 text-white"
				style={heroBackground(hero.backgroundImage)}
			>
				<HeroText hero={hero} company={company} preview />
			</div>
		</section>
	)
}
