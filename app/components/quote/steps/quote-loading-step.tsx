import { Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import { previewTerms } from '#app/features/pricing/terms-preview.ts'

/** spec 1 §9: message change at 3 s with a 200 ms fade; the step advances by itself at 6.5 s. */
export const LOADING_MESSAGE_CHANGE_MS = 3000
export const LOADING_ADVANCE_MS = 6500
export const LOADING_FADE_MS = 200

export function QuoteLoadingStep() {
	const { nextStep, formData } = useLoanForm()
	// docs/decisions/0066: the screen hides real work: the terms the thank-you screen shows are priced now (figures only).
	const [scenario] = useState(() => termsRequest(formData))
	useEffect(() => {
		if (scenario) void previewTerms(scenario.request)
	}, [scenario])
	const [phase, setPhase] = useState<'reviewing' | 'fading' | 'preparing'>('reviewing')
	useEffect(() => {
		const fade = setTimeout(() => setPhase('fading'), LOADING_MESSAGE_CHANGE_MS - LOADING_FADE_MS)
		const change = setTimeout(() => setPhase('preparing'), LOADING_MESSAGE_CHANGE_MS)
		const advance = setTimeout(nextStep, LOADING_ADVANCE_MS)
		return () => [fade, change, advance].forEach(clearTimeout)
	}, [nextStep])
	const preparing = phase === 'preparing'
	return (
		<section aria-labelledby="step-title" className="flex flex-col items-center py-10 text-center">
			<h1 id="step-title" tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl">
				Preparing Your Quote
			</h1>
			<Loader2 className="mt-8 h-14 w-14 animate-spin text-brand-700" aria-hidden="true" />
			<div role="status" className={`mt-6 transition-opacity duration-200 ${phase === 'fading' ? 'opacity-0' : 'opacity-100'}`}>
				<p className="text-lg font-semibold text-slate-900">{preparing ? 'Preparing your quote...' : 'Reviewing your scenario...'}</p>
				<p className="mt-1 text-slate-700">{preparing ? 'This will only take a moment' : 'Analyzing your loan requirements'}</p>
			</div>
		</section>
	)
}
