import {
	Building2,
	CalendarDays,
	Clock,
	FileCheck,
	Hammer,
	House,
	KeyRound,
	Layers,
	type LucideIcon,
	Percent,
	TrendingUp,
	Users,
	Wallet,
	Zap,
} from 'lucide-react'
import type { BenefitIcon, ProductPageCopy } from '#app/features/products/product-pages.ts'

const benefitIcons: Record<BenefitIcon, LucideIcon> = {
	building: Building2,
	calendar: CalendarDays,
	clock: Clock,
	fileCheck: FileCheck,
	hammer: Hammer,
	home: House,
	key: KeyRound,
	layers: Layers,
	percent: Percent,
	trendingUp: TrendingUp,
	users: Users,
	wallet: Wallet,
	zap: Zap,
}

export function ProductBenefits({ benefits }: { benefits: ProductPageCopy['benefits'] }) {
	return (
		<section aria-labelledby="benefits-heading" className="bg-slate-50">
			<div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
				<h2 id="benefits-heading" className="text-center text-3xl font-bold text-brand-900">
					{benefits.heading}
				</h2>
				<ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{benefits.items.map(({ icon, title, text }) => {
						const Icon = benefitIcons[icon]
						return (
							<li key={title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
								<Icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
								<h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
								<p className="mt-2 text-slate-600">{text}</p>
							</li>
						)
					})}
				</ul>
			</div>
		</section>
	)
}
