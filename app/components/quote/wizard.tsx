import { ArrowLeft, Phone } from 'lucide-react'
import { type ComponentType, Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react'
import { telHref } from '#app/components/site/brand.ts'
import { BrandMark } from '#app/components/site/brand-mark.tsx'
import { useWizardCompany as useCompany, useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { progressFraction } from '#app/features/quote-wizard/progress.ts'
import { LOGO_HEADER_STEPS, NO_NAVIGATION_STEPS, type StepId, isStepComplete, stepFieldErrors } from '#app/features/quote-wizard/steps.ts'
import {
	DownPaymentAmountStep,
	FicoScoreStep,
	LoanProgramStep,
	PriceRangeStep,
	PropertyIdentificationStep,
	PropertyTypeStep,
	PurchaseTimelineStep,
	QuotePreferenceStep,
	TransactionTypeStep,
} from './steps/choice-steps.tsx'
import { dismissFixedError, dismissStepError, wizardToast } from './wizard-toast.tsx'
import { scrollBehavior } from '#app/components/ui/scroll.ts'
import { focusStepTitle } from './steps/step-frame.tsx'

type LaterSteps = typeof import('./steps/later-steps.tsx')
let laterSteps: Promise<LaterSteps> | undefined
/** Loads the steps after the first (once); the first touch or key on the page starts it (docs/decisions/0064). */
export const preloadLaterSteps = () => {
	laterSteps ??= import('./steps/later-steps.tsx')
	return laterSteps
}
function later<Name extends keyof LaterSteps>(name: Name) {
	return lazy(() =>
		preloadLaterSteps().then((steps) => ({ default: steps[name] as ComponentType<unknown> })),
	) as unknown as LaterSteps[Name]
}
const ContactInfoStep = later('ContactInfoStep')
const LoanCustomizationStep = later('LoanCustomizationStep')
const OfferStatusStep = later('OfferStatusStep')
const PropertyAddressStep = later('PropertyAddressStep')
const PropertyDetails2Step = later('PropertyDetails2Step')
const ConstructionBudgetStep = later('ConstructionBudgetStep')
const ConstructionLandStep = later('ConstructionLandStep')
const FlipBudgetStep = later('FlipBudgetStep')
const ProjectExitStep = later('ProjectExitStep')
const ProjectExperienceStep = later('ProjectExperienceStep')
const BridgeExperienceStep = later('BridgeExperienceStep')
const QuoteLoadingStep = later('QuoteLoadingStep')
const TargetStateStep = later('TargetStateStep')
const LongThankYouStep = later('LongThankYouStep')
const ShortThankYouStep = later('ShortThankYouStep')
const CashOutStep = later('CashOutStep')
const PropertyDetailsStep = later('PropertyDetailsStep')
const RefinanceValueStep = later('RefinanceValueStep')

/** spec 1 §9: mobile breakpoint and scroll offset; the Continue button shakes for 500 ms. */
export const MOBILE_BREAKPOINT_PX = 768
export const MOBILE_SCROLL_OFFSET_PX = 80
export const SHAKE_MS = 500

const FIRST_STEP_FORM_ID = 'quote-first-step'

/** Steps whose own form submits (the bar's Continue would skip the submission). */
const FORM_STEPS: ReadonlySet<StepId> = new Set(['contact-info', 'loan-customization'])

export type WizardConfig = { consent: { text: string; version: string }; schedulingUrl: string | null }

export function QuoteWizard({ config }: { config: WizardConfig }) {
	const { formData, currentStep, steps, nextStep, prevStep, restored, longFormSubmitted } = useLoanForm()
	const { location } = useWizardEnv()
	const company = useCompany()
	const container = useRef<HTMLDivElement>(null)
	const [shaking, setShaking] = useState(false)
	// Range messages appear once Continue was pressed on the step, not while the first digits are typed.
	const [showFieldErrors, setShowFieldErrors] = useState(false)
	const firstRender = useRef(true)
	// docs/decisions/0025: the bar never moves back, not even on Back; it keeps the furthest point reached.
	const furthestProgress = useRef(0)
	const rawProgress = useMemo(() => progressFraction(currentStep, formData), [currentStep, formData])
	const progress = Math.max(furthestProgress.current, rawProgress)
	useEffect(() => {
		furthestProgress.current = progress
	}, [progress])

	// spec 1 §2: below 768 px every step change scrolls to the form, 80 px below the top.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs on a step change (currentStep), which is the event it reacts to
	useEffect(() => {
		// spec 1 §9: one toast at a time; an error about the step left behind goes with it.
		dismissStepError()
		setShowFieldErrors(false)
		if (firstRender.current) {
			firstRender.current = false
			return
		}
		if (window.innerWidth < MOBILE_BREAKPOINT_PX && container.current) {
			const top = container.current.getBoundingClientRect().top + window.scrollY - MOBILE_SCROLL_OFFSET_PX
			window.scrollTo({ top, behavior: scrollBehavior() })
		}
		focusStepTitle()
	}, [currentStep])

	// The later steps load at the first touch or key (or at once when a saved visit resumes past the first step).
	useEffect(() => {
		if (restored && currentStep !== 'loan-program') {
			void preloadLaterSteps()
			return
		}
		const start = () => void preloadLaterSteps()
		const events = ['pointerdown', 'keydown', 'touchstart'] as const
		for (const event of events) window.addEventListener(event, start, { once: true, passive: true })
		return () => {
			for (const event of events) window.removeEventListener(event, start)
		}
	}, [restored, currentStep])

	// An error toast about answers goes as soon as they are valid (it must not linger over the fixed field).
	useEffect(() => dismissFixedError(formData), [formData])

	function shake() {
		setShaking(true)
		setTimeout(() => setShaking(false), SHAKE_MS)
	}

	function showIncomplete() {
		// spec 1 §8: the incomplete-step toast, and the button shakes.
		const step = currentStep
		wizardToast.error('Please complete all required fields', {
			description: 'All fields marked with * are required to continue.',
			fixedWhen: (data) => isStepComplete(step, data, { now: new Date(), longFormSubmitted }),
		})
		shake()
	}

	function onContinue() {
		if (!isStepComplete(currentStep, formData, { now: new Date(), longFormSubmitted })) {
			// An amount out of range has its own message under the field (docs/decisions/0024).
			if (Object.keys(stepFieldErrors(currentStep, formData)).length > 0) {
				setShowFieldErrors(true)
				shake()
			} else {
				showIncomplete()
			}
			return
		}
		if (nextStep() && window.innerWidth >= MOBILE_BREAKPOINT_PX) window.scrollTo({ top: 0, behavior: scrollBehavior() })
	}

	const index = steps.indexOf(currentStep)
	const isLast = index === steps.length - 1
	const showLogo = index <= 0 || LOGO_HEADER_STEPS.has(currentStep)
	const complete = isStepComplete(currentStep, formData, { now: new Date(), longFormSubmitted })

	return (
		<div className="min-h-screen bg-slate-50">
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
					{showLogo ? (
						// The home page has no bundle: the logo is a plain link to it (docs/decisions/0037).
						<a href="/" className="flex items-center gap-3">
							<BrandMark company={company} />
						</a>
					) : (
						<button
							type="button"
							onClick={prevStep}
							className="inline-flex items-center gap-1 rounded-md px-2 py-2 font-semibold text-brand-800 hover:bg-brand-50"
						>
							<ArrowLeft className="h-5 w-5" aria-hidden="true" /> Back
						</button>
					)}
					<a href={telHref(company.phone)} className="inline-flex items-center gap-2 font-semibold text-brand-800">
						<Phone className="h-4 w-4" aria-hidden="true" />
						<span className="hidden sm:inline">{company.phone}</span>
						<span className="sm:hidden">Call</span>
					</a>
				</div>
				<div
					className="h-1.5 bg-slate-200"
					role="progressbar"
					aria-label="Quote progress"
					aria-valuemin={0}
					aria-valuemax={100}
					aria-valuenow={Math.round(progress * 100)}
				>
					<div
						className="h-full bg-brand-700 transition-[width] duration-300"
						style={{ width: `${progress * 100}%` }}
						data-testid="progress-fill"
					/>
				</div>
			</header>
			<main
				id="main"
				ref={container}
				// The bottom padding clears the Back/Continue bar, and a toast above it (--wizard-bottom-cover, wizard-toast.tsx).
				className="mx-auto max-w-3xl px-4 pb-[max(8rem,calc(var(--wizard-bottom-cover,0px)+1rem))] pt-8"
				data-step={currentStep}
				data-restored={restored ? 'true' : 'false'}
			>
				<noscript>
					<p className="mb-6 rounded-md bg-amber-50 p-4 text-amber-900">
						The quote form needs JavaScript. You can also call {company.phone} and a loan officer will prepare your quote.
					</p>
				</noscript>
				<div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
					{currentStep === 'loan-program' ? (
						// Before the wizard's script runs, Continue sends the choice as `?program=`, which the wizard then
						// preselects (docs/decisions/0064); once it runs, the form only continues.
						<form
							id={FIRST_STEP_FORM_ID}
							method="get"
							action={location.pathname}
							onSubmit={(event) => {
								event.preventDefault()
								onContinue()
							}}
						>
							<LoanProgramStep />
						</form>
					) : (
						<Suspense fallback={<StepLoading />}>
							<CurrentStep step={currentStep} config={config} onIncomplete={showIncomplete} showFieldErrors={showFieldErrors} />
						</Suspense>
					)}
				</div>
			</main>
			{NO_NAVIGATION_STEPS.has(currentStep) || FORM_STEPS.has(currentStep) ? null : (
				<nav aria-label="Quote steps" className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white">
					<div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
						<button
							type="button"
							onClick={prevStep}
							className="rounded-md border-2 border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
						>
							Back
						</button>
						<button
							type={currentStep === 'loan-program' ? 'submit' : 'button'}
							form={currentStep === 'loan-program' ? FIRST_STEP_FORM_ID : undefined}
							onClick={(event) => {
								event.preventDefault()
								onContinue()
							}}
							// The first step is never the last: the sequence is only known once a program is chosen (docs/decisions/0064).
							disabled={isLast && currentStep !== 'loan-program'}
							aria-describedby={complete ? undefined : 'continue-hint'}
							data-complete={complete ? 'true' : 'false'}
							className={`rounded-md px-8 py-2.5 font-semibold ${complete ? 'bg-brand-700 text-white hover:bg-brand-800' : 'bg-slate-300 text-slate-700'} ${shaking ? 'animate-shake' : ''}`}
						>
							Continue
						</button>
						<span id="continue-hint" className="sr-only">
							Answer the questions marked with * to continue
						</span>
					</div>
				</nav>
			)}
		</div>
	)
}

/** While a later step's code arrives (the first touch started it, so this is rarely seen). */
function StepLoading() {
	return (
		<p role="status" className="py-16 text-center text-slate-600">
			Loading the next question…
		</p>
	)
}

type CurrentStepProps = { step: StepId; config: WizardConfig; onIncomplete: () => void; showFieldErrors: boolean }

function CurrentStep({ step, config, onIncomplete, showFieldErrors }: CurrentStepProps) {
	switch (step) {
		case 'loan-program':
			return <LoanProgramStep />
		case 'property-type':
			return <PropertyTypeStep />
		case 'transaction-type':
			return <TransactionTypeStep />
		case 'property-identification':
			return <PropertyIdentificationStep />
		case 'offer-status':
			return <OfferStatusStep />
		case 'property-address':
			return <PropertyAddressStep showErrors={showFieldErrors} />
		case 'property-details':
			return <PropertyDetailsStep showErrors={showFieldErrors} />
		case 'refinance-value-loan':
			return <RefinanceValueStep showErrors={showFieldErrors} />
		case 'cash-out-amount':
			return <CashOutStep showErrors={showFieldErrors} />
		case 'target-state':
			return <TargetStateStep />
		case 'purchase-timeline':
			return <PurchaseTimelineStep />
		case 'price-range':
			return <PriceRangeStep />
		case 'down-payment-amount':
			return <DownPaymentAmountStep />
		case 'quote-preference':
			return <QuotePreferenceStep />
		case 'quote-loading':
			return <QuoteLoadingStep />
		case 'contact-info':
			return <ContactInfoStep consent={config.consent} onIncomplete={onIncomplete} />
		case 'short-thank-you':
			return <ShortThankYouStep />
		case 'fico-score':
			return <FicoScoreStep />
		case 'property-details-2':
			return <PropertyDetails2Step showErrors={showFieldErrors} />
		case 'loan-customization':
			return <LoanCustomizationStep onIncomplete={onIncomplete} schedulingUrl={config.schedulingUrl} />
		case 'long-thank-you':
			return <LongThankYouStep schedulingUrl={config.schedulingUrl} />
		case 'flip-budget':
			return <FlipBudgetStep />
		case 'construction-land':
			return <ConstructionLandStep />
		case 'construction-budget':
			return <ConstructionBudgetStep />
		case 'project-experience':
			return <ProjectExperienceStep />
		case 'project-exit':
			return <ProjectExitStep />
		case 'bridge-experience':
			return <BridgeExperienceStep />
		case 'pre-approval-fico':
		case 'pre-approval':
			// docs/decisions/0009: not part of any sequence.
			return null
	}
}
