import { z } from 'zod'

// The browser's Content-Security-Policy forbids eval; without this zod probes for it and trips the CSP.
z.config({ jitless: true })
import type { LoanFormData } from './form-data.ts'
import {
	CASH_OUT_PERCENTAGES, DOWN_PAYMENT_AMOUNTS, ENABLED_LOAN_PROGRAMS, EXIT_STRATEGIES, FICO_SCORES, FICO_SCORES_DETAILED,
	LOAN_PROGRAMS, OFFER_STATUSES, PRICE_RANGES, PROPERTY_CONDITIONS, PROPERTY_TYPES, PURCHASE_TIMELINES, QUOTE_PREFERENCES,
	RESIDENCE_OWNERSHIP, TITLE_PREFERENCES, TRANSACTION_TYPES, YES_NO, optionValues,
} from './options.ts'
import { type StepId, buildWizardSteps, isStepComplete } from './steps.ts'

const text = (max = 200) => z.string().trim().max(max, `Must be at most ${max} characters`).optional()
const choice = <V extends string>(values: [V, ...V[]], message: string) => z.enum(values, { message }).optional()
const yesNo = choice(optionValues(YES_NO), 'Choose yes or no')

/** Digits of a US phone number without the country code. */
export const phoneDigits = (phone: string) => {
	const digits = phone.replace(/\D/g, '')
	return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}

/** The contact step's fields (spec 1 §2 step 14), with the format checks the spec leaves open. */
export const contactInfoSchema = z.object({
	firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
	lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
	email: z.string().trim().min(1, 'Email is required').max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
	phone: z
		.string()
		.trim()
		.min(1, 'Phone is required')
		.max(40, 'Please enter a valid phone number')
		.refine((value) => phoneDigits(value).length === 10, 'Please enter a valid 10-digit phone number'),
})

/** Every answer of the wizard (spec 1 §3), each checked against its option list or a length limit. */
export const loanFormDataSchema = z.object({
	formMode: z.enum(['short', 'long']).default('short'),
	loanProgram: z.enum(optionValues(LOAN_PROGRAMS), { message: 'Choose a loan program' }).refine((value) => ENABLED_LOAN_PROGRAMS.has(value), 'This loan program is not available online yet'),
	propertyType: choice(optionValues(PROPERTY_TYPES), 'Choose a property type'),
	transactionType: choice(optionValues(TRANSACTION_TYPES), 'Choose a transaction type'),
	hasFoundProperty: yesNo,
	offerStatus: choice(optionValues(OFFER_STATUSES), 'Choose the status of your offer'),
	closingDate: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Select your estimated closing date').optional(),
	addressInputMethod: z.enum(['full-address', 'general-location']).optional(),
	propertyFullAddress: text(300),
	propertyAddress: text(300),
	propertyCity: text(100),
	propertyState: text(100),
	propertyZip: text(10),
	manualCity: text(100),
	manualState: text(100),
	manualZip: z.string().trim().regex(/^(\d{5}(-\d{4})?)?$/, 'Enter a 5-digit ZIP code').optional(),
	purchasePrice: text(20),
	downPayment: text(20),
	estimatedPropertyValue: text(20),
	currentBalance: text(20),
	cashOutPercentage: choice(optionValues(CASH_OUT_PERCENTAGES), 'Choose how much cash out'),
	cashOutPercentageOther: text(20),
	quotePreference: choice(optionValues(QUOTE_PREFERENCES), 'Choose how you want to receive your quote'),
	purchaseTimeline: choice(optionValues(PURCHASE_TIMELINES), 'Choose a purchase timeline'),
	priceRange: choice(optionValues(PRICE_RANGES), 'Choose a price range'),
	downPaymentAmount: choice(optionValues(DOWN_PAYMENT_AMOUNTS), 'Choose a down payment range'),
	firstName: text(100),
	lastName: text(100),
	email: text(254),
	phone: text(40),
	ficoScore: choice(optionValues(FICO_SCORES), 'Choose a credit score range'),
	ficoScoreDetailed: choice(optionValues(FICO_SCORES_DETAILED), 'Choose a credit score range'),
	currentlyRented: yesNo,
	monthlyRent: text(20),
	estimatedMonthlyRent: text(20),
	hasMonthlyHOA: yesNo,
	monthlyHOAAmount: text(20),
	propertyCondition: choice(optionValues(PROPERTY_CONDITIONS), 'Choose the property condition'),
	additionalPropertyDetails: text(2000),
	interestOnlyOption: yesNo,
	interestOnlyPreference: yesNo,
	escrowAccount: yesNo,
	escrowPreference: yesNo,
	titlePreference: choice(optionValues(TITLE_PREFERENCES), 'Choose how you will hold title'),
	exitStrategy: choice(optionValues(EXIT_STRATEGIES), 'Choose an exit strategy'),
	exitStrategyOther: text(500),
	primaryResidenceOwnership: choice(optionValues(RESIDENCE_OWNERSHIP), 'Choose your primary residence situation'),
	primaryResidenceFullAddress: text(300),
	primaryResidenceAddress: text(300),
	primaryResidenceCity: text(100),
	primaryResidenceState: text(100),
	primaryResidenceZip: text(10),
	otherInvestmentCount: z.string().trim().regex(/^\d{0,4}$/, 'Enter a whole number').optional(),
	additionalQuoteProperties: yesNo,
	additionalScenarioDetails: text(5000),
	leadId: text(64),
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
			context.addIssue({ code: 'custom', path: ['transactionType'], message: 'The answers do not lead to this step; please complete the quote form' })
			return
		}
		for (const step of steps.slice(0, end)) {
			if (!isStepComplete(step, data, { now: now() })) {
				context.addIssue({ code: 'custom', path: [STEP_FIELD[step] ?? step], message: 'Please complete all required fields' })
			}
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
		referrer: text(1000),
		landingPage: text(1000),
		at: text(40),
	})
	.strip()
export const attributionSchema = z.object({ firstTouch: touchSchema.optional(), lastTouch: touchSchema.optional() }).strip()
export type Attribution = z.infer<typeof attributionSchema>

const sourcePageSchema = z.string().trim().max(500).regex(/^\//, 'Must be a path starting with /').default('/fast-quote')

/** POST /api/leads: the short form as the wizard sends it. */
export function shortFormSubmissionSchema(now: () => Date = () => new Date()) {
	return z.object({
		formData: loanFormDataSchema.and(contactInfoSchema).superRefine(requireStepsBefore('contact-info', now)),
		sourcePage: sourcePageSchema,
		consentVersion: z.string().trim().min(1, 'Consent is required').max(40),
		attribution: attributionSchema.optional(),
		/** Honeypot: people leave it empty. */
		website: z.string().max(500).optional(),
	})
}
export type ShortFormSubmission = z.infer<ReturnType<typeof shortFormSubmissionSchema>>

/** POST /api/leads/:id/long-form: the whole application after the long form. */
export function longFormSubmissionSchema(now: () => Date = () => new Date()) {
	return z.object({
		formData: loanFormDataSchema
			.extend({ formMode: z.literal('long', { message: 'The long form must be in long mode' }) })
			.superRefine(requireStepsBefore('long-thank-you', now)),
	})
}
export type LongFormSubmission = z.infer<ReturnType<typeof longFormSubmissionSchema>>

/** `{ field: message }`, the first message per field, with nested paths joined by dots. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) {
		const path = issue.path.filter((part) => part !== 'formData').join('.') || 'body'
		errors[path] ??= issue.message
	}
	return errors
}
