import { QuoteButtons } from '#app/components/site/quote-buttons.tsx'

/** spec 2 §2: the closing call to action. */
export function ClosingCta() {
	return (
		<section aria-labelledby="florida-cta-heading" className="bg-brand-800 text-white">
			<div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
				<h2 id="florida-cta-heading" className="text-3xl font-bold">
					Ready to Cash Out Your Florida Rental?
				</h2>
				<p className="mt-4 text-brand-100">
					Get your quote in under 60 seconds, a pre-approval within 24 hours and close in as little as 15 days.
				</p>
				<QuoteButtons followsSetting loanProgram="dscr" state="FL" className="mt-8 justify-center" />
			</div>
		</section>
	)
}
