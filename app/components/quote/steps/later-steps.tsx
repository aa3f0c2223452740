/**
 * Every step after the first (docs/decisions/0064): one chunk the wizard loads at the visitor's first touch
 * or key, or at once when a saved visit resumes past the first step, so the first step ships without them.
 */
export { ContactInfoStep } from './contact-info-step.tsx'
export { LoanCustomizationStep } from './loan-customization-step.tsx'
export { OfferStatusStep } from './offer-status-step.tsx'
export { PropertyAddressStep } from './property-address-step.tsx'
export { PropertyDetails2Step } from './property-details-2-step.tsx'
export {
	BridgeExperienceStep,
	ConstructionBudgetStep,
	ConstructionLandStep,
	FlipBudgetStep,
	ProjectExitStep,
	ProjectExperienceStep,
} from './project-steps.tsx'
export { QuoteLoadingStep } from './quote-loading-step.tsx'
export { TargetStateStep } from './target-state-step.tsx'
export { LongThankYouStep, ShortThankYouStep } from './thank-you-steps.tsx'
export { CashOutStep, PropertyDetailsStep, RefinanceValueStep } from './value-steps.tsx'
