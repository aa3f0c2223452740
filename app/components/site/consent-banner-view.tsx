import { Link } from 'react-router'
import type { ConsentBannerPlacement } from '#app/features/analytics/consent-banner-placement.ts'

const placementStyles = {
	// In the flow of the page, above everything: it can never cover the wizard's fixed Back/Continue bar.
	top: 'relative border-b',
	bottom: 'fixed inset-x-0 bottom-0 z-50 border-t shadow-lg',
} as const

const answers = [
	{ choice: 'denied', label: 'Decline', className: 'border-2 border-slate-300 text-slate-800' },
	{ choice: 'granted', label: 'Accept', className: 'bg-brand-700 text-white' },
] as const

export type Placement = Exclude<ConsentBannerPlacement, 'none'>

/**
 * The banner's markup. A hydrated page renders it with `onAnswer`; a page without a bundle renders it
 * hidden and its inline script shows it and wires the buttons by `data-consent-choice` (docs/decisions/0044).
 */
export function ConsentBannerView({
	placement,
	onAnswer,
	hidden,
}: {
	placement: Placement
	onAnswer?: (choice: 'granted' | 'denied') => void
	hidden?: boolean
}) {
	return (
		<div
			id="consent-banner"
			role="region"
			aria-label="Cookie consent"
			data-placement={placement}
			hidden={hidden}
			className={`${placementStyles[placement]} border-slate-200 bg-white p-4`}
		>
			<div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
				<p className="text-sm text-slate-700">
					We use analytics to understand how visitors use this site and improve it. May we? See our{' '}
					<Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
						Privacy Policy
					</Link>
					.
				</p>
				<div className="flex gap-2">
					{answers.map(({ choice, label, className }) => (
						<button
							key={choice}
							type="button"
							data-consent-choice={choice}
							onClick={onAnswer ? () => onAnswer(choice) : undefined}
							className={`rounded-md px-4 py-2 font-semibold ${className}`}
						>
							{label}
						</button>
					))}
				</div>
			</div>
		</div>
	)
}
