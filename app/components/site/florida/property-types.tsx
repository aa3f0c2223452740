import { Building, Building2, House, Store } from 'lucide-react'
import type { ProductFigures } from '#app/features/products/figures.ts'

// spec 2 §2: the four property types of the Florida program, each the rate sheet's type it is priced as; a type the
// sheet does not finance is not listed (docs/decisions/0072).
const propertyTypes = [
	{
		type: 'single-family',
		title: 'Single-Family (SFR)',
		text: 'Detached homes, townhomes and condos rented long term or short term.',
		icon: House,
	},
	{
		type: 'multi-family',
		title: '2-4 Units',
		text: 'Duplexes, triplexes and fourplexes qualified on the combined rent of every unit.',
		icon: Building,
	},
	{
		type: 'multi-family-5plus',
		title: '5-10 Units Commercial',
		text: 'Small apartment buildings of up to 10 units under the same DSCR guidelines.',
		icon: Building2,
	},
	{
		type: 'mixed-use-2-8',
		title: 'Mixed Use',
		text: 'Buildings that combine residential units with ground-floor retail or office space.',
		icon: Store,
	},
] as const

export function PropertyTypes({ dscr }: { dscr: Pick<ProductFigures, 'financedTypes'> }) {
	const shown = propertyTypes.filter(({ type }) => !dscr.financedTypes || dscr.financedTypes.includes(type))
	return (
		<section aria-labelledby="property-types-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
			<h2 id="property-types-heading" className="text-center text-3xl font-bold text-brand-900">
				Eligible Florida Property Types
			</h2>
			<p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
				From a single rental in Tampa to a mixed-use building in Miami, we finance the properties Florida investors own.
			</p>
			<ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
				{shown.map(({ title, text, icon: Icon }) => (
					<li key={title} className="rounded-xl border border-slate-200 p-6 text-center shadow-sm">
						<Icon className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
						<h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
						<p className="mt-2 text-slate-600">{text}</p>
					</li>
				))}
			</ul>
		</section>
	)
}
