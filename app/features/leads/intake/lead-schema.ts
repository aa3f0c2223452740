import { z } from 'zod'

import { stateField, zipField } from '#app/features/places/us-address-fields.ts'
import type { LoanFormData } from '../../quote-wizard/form-data.ts'
import {
	CASH_OUT_PERCENTAGES,
	DOWN_PAYMENT_AMOUNTS,
	ENABLED_LOAN_PROGRAMS,
	EXIT_STRATEGIES,
	FICO_SCORES,
	FICO_SCORES_DETAILED,
	LOAN_PROGRAMS,
	OFFER_STATUSES,
	PRICE_RANGES,
	PROPERTY_CONDITIONS,
	PROPERTY_TYPES,
	PURCHASE_TIMELINES,
	QUOTE_PREFERENCES,
	RESIDENCE_OWNERSHIP,
	TITLE_PREFERENCES,
	TRANSACTION_TYPES,
	YES_NO,
	optionValues,
} from '../../quote-wizard/options.ts'
import { isProjectProgram, isProjectStep, projectLoanFieldsSchema, projectStepIssues } from '../../quote-wizard/project-loan-schema.ts'
import { type StepId, buildWizardSteps, isStepComplete, stepFieldErrors, withAddressState } from '../../quote-wizard/steps.ts'
import { emailField, fieldErrors, personNameField, phoneField } from '#app/features/validation/form-fields.ts'
import { rejectingUnsafeText, safeText, singleLineText } from '#app/features/validation/safe-text.ts'

const text = (max = 200) => singleLineText().trim().max(max, `Must be at most ${max} characters`).optional()
/** Free text from a text area: line breaks allowed. */
const longText = (max: number) => safeText().trim().max(max, `Must be at most ${max} characters`).optional()
const choice = <V extends string>(values: [V, ...V[]], message: string) => z.enum(values, { message }).optional()
const yesNo = choice(optionValues(YES_NO), 'Choose yes or no')

/** The contact step's fields (spec 1 §2 step 14), with the format checks the spec leaves open. */
export const contactInfoSchema = z.object({
	firstName: personNameField({ label: 'First name', max: 100 }),
	lastName: personNameField({ label: 'Last name', max: 100 }),
	email: emailField('Email is required'),
	phone: phoneField({ required: 'Phone is required' }),
})

/** Every answer of the wizard (spec 1 §3), each checked against its option list or a length limit. */
export const loanFormDataSchema = z.object({
	formMode: z.enum(['short', 'long']).default('short'),
	loanProgram: z
		.enum(optionValues(LOAN_PROGRAMS), { message: 'Choose a loan program' })
		.refine((value) => ENABLED_LOAN_PROGRAMS.has(value), 'This loan program is not available online yet'),
	propertyType: choice(optionValues(PROPERTY_TYPES), 'Choose a property type'),
	transactionType: choice(optionValues(TRANSACTION_TYPES), 'Choose a transaction type'),
	hasFoundProperty: yesNo,
	offerStatus: choice(optionValues(OFFER_STATUSES), 'Choose the status of your offer'),
	closingDate: singleLineText()
		.trim()
		.regex(/^\d{4}-\d{2}-\d{2}$/, 'Select your estimated closing date')
		.optional(),
	addressInputMethod: z.enum(['full-address', 'general-location']).optional(),
	propertyFullAddress: text(300),
	propertyAddress: text(300),
	propertyCity: text(100),
	propertyState: stateField.optional(),
	propertyZip: zipField.optional(),
	manualCity: text(100),
	manualState: stateField.optional(),
	manualZip: zipField.optional(),
	purchasePrice: text(20),
	downPayment: text(20),
	estimatedPropertyValue: text(20),
	currentBalance: text(20),
	cashOutPercentage: choice(optionValues(CASH_OUT_PERCENTAGES), 'Choose how much cash out'),
	cashOutPercentageOther: text(20),
	quotePreference: choice(optionValues(QUOTE_PREFERENCES), 'Choose how you want to receive your quote'),
	targetState: stateField.optional(),
	purchaseTimeline: choice(optionValues(PURCHASE_TIMELINES), 'Choose a purchase timeline'),
	priceRange: choice(optionValues(PRICE_RANGES), 'Choose a price range'),
	downPaymentAmount: choice(optionValues(DOWN_PAYMENT_AMOUNTS), 'Choose a down payment range'),
	firstName: personNameField({ label: 'First name', min: 0, max: 100 }).optional(),
	lastName: personNameField({ label: 'Last name', min: 0, max: 100 }).optional(),
	email: text(254),
	// The same rule as the contact step's (E.164 out), so the two halves of the short form agree on the stored phone.
	phone: phoneField({ optional: true }).optional(),
	ficoScore: choice(optionValues(FICO_SCORES), 'Choose a credit score range'),
	ficoScoreDetailed: choice(optionValues(FICO_SCORES_DETAILED), 'Choose a credit score range'),
	currentlyRented: yesNo,
	monthlyRent: text(20),
	estimatedMonthlyRent: text(20),
	hasMonthlyHOA: yesNo,
	monthlyHOAAmount: text(20),
	propertyCondition: choice(optionValues(PROPERTY_CONDITIONS), 'Choose the property condition'),
	additionalPropertyDetails: longText(2000),
	interestOnlyOption: yesNo,
	interestOnlyPreference: yesNo,
	escrowAccount: yesNo,
	escrowPreference: yesNo,
	titlePreference: choice(optionValues(TITLE_PREFERENCES), 'Choose how you will hold title'),
	exitStrategy: choice(optionValues(EXIT_STRATEGIES), 'Choose an exit strategy'),
	exitStrategyOther: longText(500),
	primaryResidenceOwnership: choice(optionValues(RESIDENCE_OWNERSHIP), 'Choose your primary residence situation'),
	primaryResidenceFullAddress: text(300),
	primaryResidenceAddress: text(300),
	primaryResidenceCity: text(100),
	primaryResidenceState: stateField.optional(),
	primaryResidenceZip: zipField.optional(),
	otherInvestmentCount: singleLineText()
		.trim()
		.regex(/^\d{0,4}$/, 'Enter a whole number')
		.optional(),
	additionalQuoteProperties: yesNo,
	additionalScenarioDetails: longText(5000),
	leadId: text(64),
	// docs/decisions/0028: the fix & flip and construction answers, with their own bounds.
	...projectLoanFieldsSchema.shape,
})

/** The field a step's missing answer is reported on. */
const STEP_FIELD: Partial<Record<StepId, keyof LoanFormData>> = {
	'loan-program': 'loanProgram',
	'property-type': 'propertyType',
	'transaction-type': 'transactionType',
	'property-identification': 'hasFoundProperty',
	'offer-status': 'offerStatus',
	'property-address': 'propertyFullAddress',
	'property-details': 'purchasePrice',
	'refinance-value-loan': 'estimatedPropertyValue',
	'cash-out-amount': 'cashOutPercentage',
	'quote-preference': 'quotePreference',
	'target-state': 'targetState',
	'purchase-timeline': 'purchaseTimeline',
	'price-range': 'priceRange',
	'down-payment-amount': 'downPaymentAmount',
	'fico-score': 'ficoScoreDetailed',
	'property-details-2': 'currentlyRented',
	'loan-customization': 'exitStrategy',
}

/** Reports every step before `until` whose answers are incomplete (the server's copy of the wizard's rule). */
function requireStepsBefore(until: StepId, now: () => Date) {
	return (data: LoanFormData, context: z.RefinementCtx) => {
		const steps = buildWizardSteps(data)
		const end = steps.indexOf(until)
		if (end === -1) {
			context.addIssue({
				code: 'custom',
				path: ['transactionType'],
				message: 'The answers do not lead to this step; please complete the quote form',
			})
			return
		}
		for (const step of steps.slice(0, end)) {
			// Reported field by field by requireProjectAnswers; the bridge's experience is optional here (docs/decisions/0074).
			if (isProjectStep(step)) continue
			// A step held back only by an amount out of range is reported by requireAmountsInRange, on that amount.
			if (!isStepComplete(step, data, { now: now() }) && Object.keys(stepFieldErrors(step, data)).length === 0) {
				context.addIssue({ code: 'custom', path: [STEP_FIELD[step] ?? step], message: 'Please complete all required fields' })
			}
		}
	}
}

/** docs/decisions/0028: each missing or invalid fix & flip / construction answer the wizard would have asked before `until`. */
function requireProjectAnswers(until: StepId) {
	return (data: LoanFormData, context: z.RefinementCtx) => {
		if (!isProjectProgram(data)) return
		const steps = buildWizardSteps(data)
		const end = steps.indexOf(until)
		for (const step of steps.slice(0, Math.max(end, 0))) {
			if (!isProjectStep(step)) continue
			for (const issue of projectStepIssues(step, data)) context.addIssue({ code: 'custom', path: [issue.field], message: issue.message })
		}
	}
}

/** docs/decisions/0024: every amount of the answers' steps within its range, reported on its own field. */
function requireAmountsInRange(data: LoanFormData, context: z.RefinementCtx) {
	const reported = new Set<string>()
	for (const step of buildWizardSteps(data)) {
		for (const [field, message] of Object.entries(stepFieldErrors(step, data))) {
			if (reported.has(field)) continue
			reported.add(field)
			context.addIssue({ code: 'custom', path: [field], message })
		}
	}
}

/** spec 1 §3: the first-visit and latest campaign data that brought the visitor. */
const touchSchema = z
	.object({
		utm_source: text(200),
		utm_medium: text(200),
		utm_campaign: text(200),
		utm_term: text(200),
		utm_content: text(200),
		gclid: text(300),
		fbclid: text(300),
		msclkid: text(300),
		gbraid: text(300),
		wbraid: text(300),
		referrer: text(1000),
		landingPage: text(1000),
		at: text(40),
	})
	.strip()
export const attributionSchema = z.object({ firstTouch: touchSchema.optional(), lastTouch: touchSchema.optional() }).strip()
export type Attribution = z.infer<typeof attributionSchema>

const sourcePageSchema = singleLineText().trim().max(500).regex(/^\//, 'Must be a path starting with /').default('/fast-quote')

/** POST /api/leads: the short form as the wizard sends it. */
export function shortFormSubmissionSchema(now: () => Date = () => new Date()) {
	return rejectingUnsafeText(
		z.object({
			// The range messages come first: they say more than the step's 'Please complete all required fields'.
			formData: loanFormDataSchema
				.and(contactInfoSchema)
				.superRefine(requireAmountsInRange)
				.superRefine(requireProjectAnswers('contact-info'))
				.superRefine(requireStepsBefore('contact-info', now))
				// docs/decisions/0077: the state read from a typed address is stored with the answers.
				.transform(withAddressState),
			sourcePage: sourcePageSchema,
			consentVersion: singleLineText().trim().min(1, 'Consent is required').max(40),
			attribution: attributionSchema.optional(),
			/** Honeypot: people leave it empty. */
			website: safeText().max(500).optional(),
		}),
	)
}
export type ShortFormSubmission = z.infer<ReturnType<typeof shortFormSubmissionSchema>>

/** POST /api/leads/:id/long-form: the whole application after the long form. */
export function longFormSubmissionSchema(now: () => Date = () => new Date()) {
	return rejectingUnsafeText(
		z.object({
			formData: loanFormDataSchema
				.extend({ formMode: z.literal('long', { message: 'The long form must be in long mode' }) })
				.superRefine(requireAmountsInRange)
				.superRefine(requireProjectAnswers('long-thank-you'))
				.superRefine(requireStepsBefore('long-thank-you', now))
				.transform(withAddressState),
		}),
	)
}
export type LongFormSubmission = z.infer<ReturnType<typeof longFormSubmissionSchema>>

/** The API's `{ errors: { field: message } }`: answer paths without the long form's `formData` wrapper. */
export const leadFieldErrors = (error: z.ZodError) => fieldErrors(error, { fallback: 'body', unwrap: 'formData' })
