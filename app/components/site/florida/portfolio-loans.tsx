import { Building, Layers, TrendingUp } from 'lucide-react'
import { fillFigures, type ProductFigures } from '#app/features/products/figures.ts'

// spec 2 §2: portfolio and blanket loans.
const options = [
	{
		title: 'Portfolio Financing',
		text: 'Refinance several Florida rentals under one blanket loan with one closing, one payment and cash out across the whole portfolio.',
		icon: Layers,
	},
	{
		title: 'Market-Rent Qualification',
		text: 'Qualify on {dscr.rentCounted} of market rent from the appraisal, so vacant, newly renovated and short-term rental properties are eligible.',
		icon: TrendingUp,
	},
	{
		title: 'Non-Warrantable Condos',
		text: 'Condos that conventional lenders decline, such as condo-hotels and buildings with high investor concentration, are considered.',
		icon: Building,
	},
] as const

export function PortfolioLoans({ dscr }: { dscr: ProductFigures }) {
	return (
		<section aria-labelledby="portfolio-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
			<h2 id="portfolio-heading" className="text-center text-3xl font-bold text-brand-900">
				Portfolio and Blanket Loans
			</h2>
			<p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
				Growing beyond one or two doors? Finance your Florida portfolio the way you manage it: together.
			</p>
			<ul className="mt-10 grid gap-6 md:grid-cols-3">
				{options.map(({ title, text, icon: Icon }) => (
					<li key={title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
						<Icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
						<h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
						<p className="mt-2 text-slate-600">{fillFigures(text, { dscr })}</p>
					</li>
				))}
			</ul>
		</section>
	)
}
