import { BadgePercent, Banknote, Clock, FileX, KeyRound, Timer } from 'lucide-react'
import { fillFigures, type ProductFigures } from '#app/features/products/figures.ts'
import { QuoteButtons } from '#app/components/site/quote-buttons.tsx'

// spec 2 §2 and §9: the hero's claims (the hero promises 15 days; the FAQ says 15 to 21).
const highlights = [
	{ label: '{dscr.maxCashOutLTV} Cash Out', icon: Banknote },
	{ label: 'No Income Docs', icon: FileX },
	{ label: 'No Lease Required', icon: KeyRound },
	{ label: 'Rates from {dscr.minRate}', icon: BadgePercent },
	{ label: 'Close in 15 Days', icon: Timer },
	{ label: '24-Hour Pre-Approval Guarantee', icon: Clock },
] as const

export function FloridaHero({ dscr }: { dscr: ProductFigures }) {
	return (
		<section aria-labelledby="florida-heading" className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
			<div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
				<p className="text-sm font-semibold uppercase tracking-wide text-brand-100">Florida Investment Property Loans</p>
				<h1 id="florida-heading" className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
					Florida DSCR Cash-Out Refinance
				</h1>
				<p className="mt-6 max-w-2xl text-lg text-brand-100">
					Turn the equity in your Florida rentals into cash for your next deal. Qualify on the property’s rent, not your tax returns.
				</p>
				<ul className="mt-8 grid max-w-3xl gap-3 sm:grid-cols-2 lg:grid-cols-3">
					{highlights.map(({ label, icon: Icon }) => (
						<li key={label} className="flex items-center gap-3 rounded-lg bg-white/10 px-4 py-3 font-semibold">
							<Icon className="h-5 w-5 shrink-0 text-accent-500" aria-hidden="true" />
							{fillFigures(label, { dscr })}
						</li>
					))}
				</ul>
				<QuoteButtons followsSetting loanProgram="dscr" state="FL" className="mt-8" />
			</div>
		</section>
	)
}
