import { Banknote, Clock, FileX, KeyRound } from 'lucide-react'
import { fillFigures, type ProductFigures } from '#app/features/products/figures.ts'

// spec 2 §2: the four benefit cards.
const benefits = [
	{
		title: '{dscr.maxCashOutLTV} Cash Out',
		text: 'Borrow up to {dscr.maxCashOutLTV} of your property’s appraised value and put your equity back to work.',
		icon: Banknote,
	},
	{ title: 'No Income Docs', text: 'No tax returns, W-2s or pay stubs. The property’s rent qualifies the loan.', icon: FileX },
	{ title: '24-Hour Approvals', text: 'Get a pre-approval decision within 24 hours of a completed application.', icon: Clock },
	{ title: 'No Lease Required', text: 'Vacant or between tenants? We qualify the property on its market rent.', icon: KeyRound },
] as const

export function BenefitCards({ dscr }: { dscr: ProductFigures }) {
	return (
		<section aria-labelledby="benefits-heading" className="bg-brand-50">
			<div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
				<h2 id="benefits-heading" className="text-center text-3xl font-bold text-brand-900">
					Why Florida Investors Choose Our DSCR Cash-Out
				</h2>
				<ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
					{benefits.map(({ title, text, icon: Icon }) => (
						<li key={title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
							<span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white">
								<Icon className="h-6 w-6" aria-hidden="true" />
							</span>
							<h3 className="mt-4 text-lg font-semibold text-slate-900">{fillFigures(title, { dscr })}</h3>
							<p className="mt-2 text-slate-600">{fillFigures(text, { dscr })}</p>
						</li>
					))}
				</ul>
			</div>
		</section>
	)
}
