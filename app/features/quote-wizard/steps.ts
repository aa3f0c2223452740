import {
	ADDRESS_STATE_MESSAGE,
	ZIP_STATE_MESSAGE,
	stateError,
	stateOfZip,
	usAddressParts,
	usStateCode,
	zipError,
} from '#app/features/places/us-address.ts'
import { DEFAULT_FORM_DATA, type LoanFormData, filled } from './form-data.ts'
import { PROJECT_STEP_IDS, isProjectProgram, projectStepIssues } from './project-loan-rules.ts'
import { type MoneyField, moneyFieldErrors } from './money-rules.ts'

/** spec 1 §2: the 22 step ids. */
export const STEP_IDS = [
	'loan-program',
	'property-type',
	'transaction-type',
	'property-identification',
	'offer-status',
	'property-address',
	'property-details',
	'refinance-value-loan',
	'cash-out-amount',
	'property-details-2',
	'fico-score',
	'loan-customization',
	'quote-preference',
	'quote-loading',
	'purchase-timeline',
	'price-range',
	// docs/decisions/0051: the state of a purchase whose property is not found yet.
	'target-state',
	'down-payment-amount',
	'pre-approval-fico',
	'pre-approval',
	'contact-info',
	'short-thank-you',
	'long-thank-you',
	// docs/decisions/0028: the fix & flip and construction steps; 0074: the bridge's experience.
	...PROJECT_STEP_IDS,
] as const
export type StepId = (typeof STEP_IDS)[number]

export const isStepId = (value: unknown): value is StepId => STEP_IDS.includes(value as StepId)

/** Extra facts the wizard knows beyond the answers themselves. */
export type WizardFacts = {
	/** Now, for "no past closing dates". */
	now: Date
	/** The long form was accepted by the server. */
	longFormSubmitted?: boolean
}

const isRefinance = (data: Pick<LoanFormData, 'transactionType'>) =>
	data.transactionType === 'refinance' || data.transactionType === 'cash-out-refinance'

/**
 * spec 1 §4: the step sequence built from the answers. The pre-approval steps are not in any
 * sequence (docs/decisions/0009): the long form asks the same questions in more detail.
 */
export function buildWizardSteps(data: LoanFormData): StepId[] {
	const steps: StepId[] = ['loan-program']
	if (isProjectProgram(data)) return [...steps, ...projectLoanSteps(data)]
	if (data.loanProgram !== 'dscr' && data.loanProgram !== 'short-term-bridge') return steps
	steps.push('property-type', 'transaction-type')
	// docs/decisions/0074: a bridge asks the borrower's experience, as fix & flip does, before the quote preference.
	const experience: StepId[] = data.loanProgram === 'short-term-bridge' ? ['bridge-experience'] : []
	if (isRefinance(data)) {
		steps.push('property-address', 'refinance-value-loan')
		if (data.transactionType === 'cash-out-refinance') steps.push('cash-out-amount')
		steps.push(...experience, 'quote-preference', 'quote-loading')
	} else if (data.transactionType === 'purchase') {
		steps.push('property-identification')
		if (data.hasFoundProperty === 'yes')
			steps.push('offer-status', 'property-address', 'property-details', ...experience, 'quote-preference', 'quote-loading')
		else if (data.hasFoundProperty === 'no')
			steps.push(
				'target-state',
				'purchase-timeline',
				'price-range',
				'down-payment-amount',
				...experience,
				'quote-preference',
				'quote-loading',
			)
		else return steps
	} else {
		return steps
	}
	if (data.formMode === 'long') steps.push('fico-score', 'property-details-2', 'loan-customization', 'long-thank-you')
	else steps.push('contact-info', 'short-thank-you')
	return steps
}

/**
 * docs/decisions/0028: fix & flip and construction ask the property, the project's numbers, the
 * borrower's experience and timeline and the exit, then end like the other programs. Their long form
 * skips the rental questions of property-details-2.
 */
function projectLoanSteps(data: LoanFormData): StepId[] {
	const numbers: StepId[] = data.loanProgram === 'fix-flip' ? ['flip-budget'] : ['construction-land', 'construction-budget']
	const steps: StepId[] = [
		'property-type',
		'property-address',
		...numbers,
		'project-experience',
		'project-exit',
		'quote-preference',
		'quote-loading',
	]
	if (data.formMode === 'long') steps.push('fico-score', 'loan-customization', 'long-thank-you')
	else steps.push('contact-info', 'short-thank-you')
	return steps
}

/** The calendar day of an ISO date, compared with today's: earlier days cannot be picked. */
export function isPastDate(isoDate: string, now: Date) {
	const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
	const [year, month, day] = isoDate.split('-').map(Number)
	if (!year || !month || !day) return true
	return new Date(year, month - 1, day) < today
}

/** spec 1 §5: the completeness rule of each step; Continue stays disabled until it holds. */
export function isStepComplete(step: StepId, data: LoanFormData, facts: WizardFacts): boolean {
	switch (step) {
		case 'loan-program':
			return filled(data.loanProgram)
		case 'property-type':
			return filled(data.propertyType)
		case 'transaction-type':
			return filled(data.transactionType)
		case 'property-identification':
			return data.hasFoundProperty === 'yes' || data.hasFoundProperty === 'no'
		case 'offer-status':
			if (!filled(data.offerStatus)) return false
			if (data.offerStatus !== 'under-contract') return true
			return filled(data.closingDate) && !isPastDate(data.closingDate!, facts.now)
		case 'property-address':
			return isAddressComplete(data)
		case 'property-details':
			return filled(data.purchasePrice) && filled(data.downPayment) && hasNoFieldErrors(step, data)
		case 'refinance-value-loan':
			return filled(data.estimatedPropertyValue) && filled(data.currentBalance) && hasNoFieldErrors(step, data)
		case 'cash-out-amount':
			if (!filled(data.cashOutPercentage)) return false
			return data.cashOutPercentage !== 'other' || (filled(data.cashOutPercentageOther) && hasNoFieldErrors(step, data))
		case 'property-details-2':
			return isPropertyDetails2Complete(data) && hasNoFieldErrors(step, data)
		case 'fico-score':
			return filled(data.ficoScoreDetailed)
		case 'loan-customization':
			return isLoanCustomizationComplete(data)
		case 'quote-preference':
			return filled(data.quotePreference)
		case 'quote-loading':
			return true
		case 'target-state':
			// One of the 50 states or DC (docs/decisions/0032), as the server checks.
			return filled(data.targetState) && !stateError(data.targetState)
		case 'purchase-timeline':
			return filled(data.purchaseTimeline)
		case 'price-range':
			return filled(data.priceRange)
		case 'down-payment-amount':
			return filled(data.downPaymentAmount)
		case 'pre-approval-fico':
			return filled(data.ficoScore)
		case 'pre-approval':
			return (
				[
					data.interestOnlyOption,
					data.escrowAccount,
					data.titlePreference,
					data.primaryResidenceOwnership,
					data.otherInvestmentCount,
					data.additionalQuoteProperties,
				].every(filled) && isPrimaryResidenceAddressComplete(data)
			)
		case 'contact-info':
			return [data.firstName, data.lastName, data.email, data.phone].every(filled)
		case 'short-thank-you':
			return filled(data.leadId)
		case 'long-thank-you':
			return facts.longFormSubmitted === true
		case 'flip-budget':
		case 'construction-land':
		case 'construction-budget':
		case 'project-experience':
		case 'project-exit':
		case 'bridge-experience':
			return projectStepIssues(step, data).length === 0
	}
}

/** The amounts a step asks for, given the answers that show or hide them. */
function stepMoneyFields(step: StepId, data: LoanFormData): MoneyField[] {
	switch (step) {
		case 'property-details':
			return ['purchasePrice', 'downPayment']
		case 'refinance-value-loan':
			return ['estimatedPropertyValue', 'currentBalance']
		case 'cash-out-amount':
			return data.cashOutPercentage === 'other' ? ['cashOutPercentageOther'] : []
		case 'property-details-2': {
			const fields: MoneyField[] = []
			if (data.currentlyRented === 'yes') fields.push('monthlyRent')
			if (data.currentlyRented === 'no') fields.push('estimatedMonthlyRent')
			if (data.hasMonthlyHOA === 'yes') fields.push('monthlyHOAAmount')
			return fields
		}
		default:
			return []
	}
}

/**
 * The range message of each amount the step shows (docs/decisions/0024), and the address step's missing state
 * (docs/decisions/0077); the API reports the same ones.
 */
export function stepFieldErrors(step: StepId, data: LoanFormData): Partial<Record<MoneyField | AddressField, string>> {
	if (step === 'property-address') return addressStateErrors(data)
	const fields = stepMoneyFields(step, data)
	if (fields.length === 0) return {}
	const all = moneyFieldErrors(data)
	return Object.fromEntries(fields.filter((field) => all[field]).map((field) => [field, all[field]]))
}

const hasNoFieldErrors = (step: StepId, data: LoanFormData) => Object.keys(stepFieldErrors(step, data)).length === 0

type AddressAnswers = Pick<
	LoanFormData,
	'transactionType' | 'addressInputMethod' | 'propertyFullAddress' | 'propertyState' | 'manualState' | 'manualZip'
>

// spec 1 §2: refinance and cash-out refinance always use the full address.
const addressMethod = (data: AddressAnswers) => (isRefinance(data) ? 'full-address' : (data.addressInputMethod ?? 'full-address'))

/**
 * docs/decisions/0077: the two-letter state of the property as answered: a picked suggestion's, else the one named in
 * a typed address (or its ZIP's); for a general location the typed state, else the ZIP's. Null when none is known.
 */
export function addressStateOf(data: AddressAnswers): string | null {
	if (addressMethod(data) === 'full-address') {
		if (!filled(data.propertyFullAddress)) return null
		return usStateCode(data.propertyState ?? '') ?? usAddressParts(data.propertyFullAddress).state ?? null
	}
	return usStateCode(data.manualState ?? '') ?? stateOfZip(data.manualZip)
}

/**
 * docs/decisions/0077: the answers with the state (and ZIP) read from what was typed, so a lead stores the state it is
 * routed by: a typed address gets propertyState/propertyZip, a general location by ZIP alone gets manualState.
 */
export function withAddressState<Data extends LoanFormData>(data: Data): Data {
	const state = addressStateOf(data)
	if (!state) return data
	if (addressMethod(data) === 'full-address') {
		if (filled(data.propertyState)) return data
		const { zip } = usAddressParts(data.propertyFullAddress)
		return { ...data, propertyState: state, ...(zip && !filled(data.propertyZip) ? { propertyZip: zip } : {}) }
	}
	return filled(data.manualState) ? data : { ...data, manualState: state }
}

type AddressField = 'propertyFullAddress' | 'manualZip'

/** docs/decisions/0077: an address whose state cannot be read asks for it, on the field that lacks it. */
function addressStateErrors(data: LoanFormData): Partial<Record<AddressField, string>> {
	if (addressStateOf(data)) return {}
	if (addressMethod(data) === 'full-address') return filled(data.propertyFullAddress) ? { propertyFullAddress: ADDRESS_STATE_MESSAGE } : {}
	// A ZIP alone that names no state we lend in (a military or territory ZIP) needs the state beside it.
	return !filled(data.manualState) && filled(data.manualZip) && !zipError(data.manualZip) ? { manualZip: ZIP_STATE_MESSAGE } : {}
}

/**
 * spec 1 §5: full address needs the typed address; general location needs city and state, or a zip; docs/decisions/0077:
 * either way the state must be known (named, picked, or read from the ZIP).
 */
export function isAddressComplete(data: LoanFormData) {
	if (addressMethod(data) === 'full-address') return filled(data.propertyFullAddress) && addressStateOf(data) !== null
	// A typed state or ZIP must be a real one (docs/decisions/0032), as the server checks.
	if (stateError(data.manualState) || zipError(data.manualZip)) return false
	return ((filled(data.manualCity) && filled(data.manualState)) || filled(data.manualZip)) && addressStateOf(data) !== null
}

export function isPropertyDetails2Complete(data: LoanFormData) {
	if (!filled(data.currentlyRented) || !filled(data.propertyCondition) || !filled(data.hasMonthlyHOA)) return false
	if (data.currentlyRented === 'yes' && !filled(data.monthlyRent)) return false
	if (data.currentlyRented === 'no' && !filled(data.estimatedMonthlyRent)) return false
	if (data.hasMonthlyHOA === 'yes' && !filled(data.monthlyHOAAmount)) return false
	return true
}

function isPrimaryResidenceAddressComplete(data: LoanFormData) {
	return filled(data.primaryResidenceFullAddress) || filled(data.primaryResidenceAddress)
}

export function isLoanCustomizationComplete(data: LoanFormData) {
	const answers = [
		data.interestOnlyPreference,
		data.escrowPreference,
		data.titlePreference,
		data.primaryResidenceOwnership,
		data.otherInvestmentCount,
		data.additionalQuoteProperties,
	]
	if (!answers.every(filled)) return false
	// docs/decisions/0028: fix & flip and construction answered their exit before the contact step.
	if (!isProjectProgram(data) && !filled(data.exitStrategy)) return false
	if (!isProjectProgram(data) && data.exitStrategy === 'other' && !filled(data.exitStrategyOther)) return false
	return isPrimaryResidenceAddressComplete(data)
}

/** spec 1 §4: a step is reachable only when every earlier step of the sequence is complete. */
export function isStepAccessible(step: StepId, data: LoanFormData, facts: WizardFacts): boolean {
	const steps = buildWizardSteps(data)
	const index = steps.indexOf(step)
	if (index === -1) return false
	// The long form follows a lead that exists: its first step needs the short form to be done.
	if (data.formMode === 'long' && step === 'fico-score' && !filled(data.leadId)) return false
	return steps.slice(0, index).every((earlier) => isStepComplete(earlier, data, facts))
}

/**
 * docs/decisions/0051: once the short form has created the lead, its questions are closed: Back, the
 * browser's history or a reload never reopen them (nor replay "Preparing Your Quote"); the visitor
 * stays on the thank-you page, from which the long form goes on.
 */
export function isClosedByLead(step: StepId, data: LoanFormData) {
	if (!filled(data.leadId)) return false
	const short = buildWizardSteps({ ...data, formMode: 'short' })
	const thankYou = short.indexOf('short-thank-you')
	return thankYou !== -1 && short.indexOf(step) !== -1 && short.indexOf(step) < thankYou
}

/** spec 1 §4: when the current step disappears, the wizard jumps to the last accessible step. */
export function lastAccessibleStep(data: LoanFormData, facts: WizardFacts): StepId {
	const steps = buildWizardSteps(data)
	let last: StepId = steps[0]!
	for (const step of steps) {
		if (!isStepAccessible(step, data, facts)) break
		last = step
	}
	return last
}

/** The progress bar is derived from buildWizardSteps in progress.ts (docs/decisions/0025). */

/** spec 1 §2: these steps show the brand logo and tagline in the header instead of Back. */
export const LOGO_HEADER_STEPS: ReadonlySet<StepId> = new Set(['short-thank-you', 'long-thank-you', 'contact-info'])
/** spec 1 §4: thank-you steps show no navigation bar. */
export const NO_NAVIGATION_STEPS: ReadonlySet<StepId> = new Set(['short-thank-you', 'long-thank-you'])

export { DEFAULT_FORM_DATA }
