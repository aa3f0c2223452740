import { describe, expect, test } from 'vitest'
import { applyFormChange, type LoanFormData } from './form-data.ts'
import {
	STEP_IDS,
	buildWizardSteps,
	isClosedByLead,
	isPastDate,
	isStepAccessible,
	isStepComplete,
	lastAccessibleStep,
	type StepId,
	stepFieldErrors,
	withAddressState,
} from './steps.ts'
import { DEFAULT_FORM_DATA } from './form-data.ts'
import { ADDRESS_STATE_MESSAGE, ZIP_STATE_MESSAGE } from '#app/features/places/us-address.ts'
import { progressFraction, stepCounter } from './progress.ts'
import { cashOutAboveCap, cashOutCapNotice, programMaxLtv } from './cash-out-cap.ts'

const now = new Date(2026, 10, 22, 15, 0)
const facts = { now }
const base: LoanFormData = { formMode: 'short', loanProgram: 'dscr', propertyType: 'single-family' }

describe('STEP_IDS', () => {
	test('has the 22 step ids of spec 1 §2, the target state (docs/decisions/0051), the 5 fix & flip / construction steps (docs/decisions/0028) and the bridge experience (docs/decisions/0074)', () => {
		expect(STEP_IDS).toHaveLength(29)
		expect(new Set(STEP_IDS).size).toBe(29)
	})
})

describe('buildWizardSteps (spec 1 §4)', () => {
	test('starts with loan-program only until a program is chosen', () => {
		expect(buildWizardSteps({ formMode: 'short' })).toEqual(['loan-program'])
	})

	// docs/decisions/0028: fix-flip and construction have their own branches (project-steps.test.ts).
	test.each(['fix-flip', 'construction'])('%s does not ask the transaction type', (loanProgram) => {
		expect(buildWizardSteps({ formMode: 'short', loanProgram, transactionType: 'purchase' })).not.toContain('transaction-type')
	})

	test.each(['dscr', 'short-term-bridge'])('%s adds property-type and transaction-type', (loanProgram) => {
		expect(buildWizardSteps({ formMode: 'short', loanProgram })).toEqual(['loan-program', 'property-type', 'transaction-type'])
	})

	test('refinance, short mode', () => {
		expect(buildWizardSteps({ ...base, transactionType: 'refinance' })).toEqual([
			'loan-program',
			'property-type',
			'transaction-type',
			'property-address',
			'refinance-value-loan',
			'quote-preference',
			'quote-loading',
			'contact-info',
			'short-thank-you',
		])
	})

	test('cash-out refinance adds cash-out-amount', () => {
		expect(buildWizardSteps({ ...base, transactionType: 'cash-out-refinance' })).toEqual([
			'loan-program',
			'property-type',
			'transaction-type',
			'property-address',
			'refinance-value-loan',
			'cash-out-amount',
			'quote-preference',
			'quote-loading',
			'contact-info',
			'short-thank-you',
		])
	})

	test('purchase stops at property-identification until it is answered', () => {
		expect(buildWizardSteps({ ...base, transactionType: 'purchase' })).toEqual([
			'loan-program',
			'property-type',
			'transaction-type',
			'property-identification',
		])
	})

	test('purchase with a found property', () => {
		expect(buildWizardSteps({ ...base, transactionType: 'purchase', hasFoundProperty: 'yes' })).toEqual([
			'loan-program',
			'property-type',
			'transaction-type',
			'property-identification',
			'offer-status',
			'property-address',
			'property-details',
			'quote-preference',
			'quote-loading',
			'contact-info',
			'short-thank-you',
		])
	})

	test('purchase without a found property', () => {
		expect(buildWizardSteps({ ...base, transactionType: 'purchase', hasFoundProperty: 'no' })).toEqual([
			'loan-program',
			'property-type',
			'transaction-type',
			'property-identification',
			'target-state',
			'purchase-timeline',
			'price-range',
			'down-payment-amount',
			'quote-preference',
			'quote-loading',
			'contact-info',
			'short-thank-you',
		])
	})

	// docs/decisions/0051: every quotable path has a property state, so routing by state applies.
	test('the target state is one of the 50 states or DC', () => {
		const shopping: LoanFormData = { ...base, transactionType: 'purchase', hasFoundProperty: 'no' }
		expect(isStepComplete('target-state', shopping, facts)).toBe(false)
		expect(isStepComplete('target-state', { ...shopping, targetState: 'PR' }, facts)).toBe(false)
		expect(isStepComplete('target-state', { ...shopping, targetState: 'FL' }, facts)).toBe(true)
		expect(isStepAccessible('purchase-timeline', { ...shopping, targetState: 'ZZ' }, facts)).toBe(false)
	})

	test('a state named by a landing page starts the general location', () => {
		const fromFlorida: LoanFormData = { ...base, transactionType: 'purchase', hasFoundProperty: 'yes', targetState: 'FL' }
		expect(applyFormChange(fromFlorida, { addressInputMethod: 'general-location' }).manualState).toBe('FL')
		expect(applyFormChange({ ...fromFlorida, manualState: 'GA' }, { addressInputMethod: 'general-location' }).manualState).toBe('GA')
	})

	test('long mode replaces contact-info with the long form', () => {
		expect(buildWizardSteps({ ...base, formMode: 'long', transactionType: 'refinance' })).toEqual([
			'loan-program',
			'property-type',
			'transaction-type',
			'property-address',
			'refinance-value-loan',
			'quote-preference',
			'quote-loading',
			'fico-score',
			'property-details-2',
			'loan-customization',
			'long-thank-you',
		])
	})

	test('no transaction type yet: the sequence ends at transaction-type', () => {
		expect(buildWizardSteps(base)).toEqual(['loan-program', 'property-type', 'transaction-type'])
	})

	test('the pre-approval steps are in no sequence (docs/decisions/0009)', () => {
		const all = [
			{ ...base, transactionType: 'refinance' },
			{ ...base, transactionType: 'purchase', hasFoundProperty: 'yes' },
			{ ...base, formMode: 'long' as const, transactionType: 'purchase', hasFoundProperty: 'no' },
		].flatMap(buildWizardSteps)
		expect(all).not.toContain('pre-approval')
		expect(all).not.toContain('pre-approval-fico')
	})
})

describe('isStepComplete (spec 1 §5)', () => {
	const complete = (step: Parameters<typeof isStepComplete>[0], data: Partial<LoanFormData>) =>
		isStepComplete(step, { formMode: 'short', ...data }, facts)

	test('single-choice steps need their answer', () => {
		const cases = [
			['loan-program', 'loanProgram'],
			['property-type', 'propertyType'],
			['transaction-type', 'transactionType'],
			['purchase-timeline', 'purchaseTimeline'],
			['price-range', 'priceRange'],
			['down-payment-amount', 'downPaymentAmount'],
			['quote-preference', 'quotePreference'],
			['fico-score', 'ficoScoreDetailed'],
			['pre-approval-fico', 'ficoScore'],
		] as const
		for (const [step, field] of cases) {
			expect(complete(step, {}), step).toBe(false)
			expect(complete(step, { [field]: '' }), step).toBe(false)
			expect(complete(step, { [field]: 'x' }), step).toBe(true)
		}
	})

	test('property identification needs yes or no', () => {
		expect(complete('property-identification', {})).toBe(false)
		expect(complete('property-identification', { hasFoundProperty: 'no' })).toBe(true)
	})

	test('offer status needs a status, and under contract a closing date that is not in the past', () => {
		expect(complete('offer-status', {})).toBe(false)
		expect(complete('offer-status', { offerStatus: 'getting-ready' })).toBe(true)
		expect(complete('offer-status', { offerStatus: 'under-contract' })).toBe(false)
		expect(complete('offer-status', { offerStatus: 'under-contract', closingDate: '2026-11-21' })).toBe(false)
		expect(complete('offer-status', { offerStatus: 'under-contract', closingDate: '2026-11-22' })).toBe(true)
		expect(complete('offer-status', { offerStatus: 'under-contract', closingDate: '2027-01-15' })).toBe(true)
	})

	test('full address needs the typed address', () => {
		expect(complete('property-address', { addressInputMethod: 'full-address' })).toBe(false)
		expect(complete('property-address', { addressInputMethod: 'full-address', propertyFullAddress: '1 Main St, Austin, TX' })).toBe(true)
	})

	test('general location needs city and state, or a zip', () => {
		const general = { addressInputMethod: 'general-location' as const, transactionType: 'purchase' }
		expect(complete('property-address', general)).toBe(false)
		expect(complete('property-address', { ...general, manualCity: 'Austin' })).toBe(false)
		expect(complete('property-address', { ...general, manualCity: 'Austin', manualState: 'TX' })).toBe(true)
		expect(complete('property-address', { ...general, manualZip: '78701' })).toBe(true)
		expect(complete('property-address', { ...general, manualZip: '78701-1234' })).toBe(true)
		expect(complete('property-address', { ...general, manualCity: 'Austin', manualState: 'Texas' })).toBe(true)
	})

	test('general location refuses a state or ZIP that does not exist (docs/decisions/0032)', () => {
		const general = { addressInputMethod: 'general-location' as const, transactionType: 'purchase' }
		expect(complete('property-address', { ...general, manualZip: '3' })).toBe(false)
		expect(complete('property-address', { ...general, manualZip: '7870' })).toBe(false)
		expect(complete('property-address', { ...general, manualCity: 'Austin', manualState: 'ZZ' })).toBe(false)
		expect(complete('property-address', { ...general, manualCity: 'Austin', manualState: 'TX', manualZip: '3' })).toBe(false)
		expect(complete('property-address', { ...general, manualCity: 'Austin', manualState: 'ZZ', manualZip: '78701' })).toBe(false)
	})

	test('refinance always needs the full address, whatever method is stored', () => {
		const data = { transactionType: 'refinance', addressInputMethod: 'general-location' as const, manualZip: '78701' }
		expect(complete('property-address', data)).toBe(false)
		expect(complete('property-address', { ...data, propertyFullAddress: '1 Main St, Austin, TX' })).toBe(true)
	})

	test('an address typed without a suggestion needs its state, read from the text or its ZIP (docs/decisions/0077)', () => {
		const refinance = { transactionType: 'refinance' }
		for (const typed of ['123 Main Street', '123 Main St, Austin', '1 Elm Ct, Hartford']) {
			expect(complete('property-address', { ...refinance, propertyFullAddress: typed }), typed).toBe(false)
			expect(stepFieldErrors('property-address', { ...DEFAULT_FORM_DATA, ...refinance, propertyFullAddress: typed })).toEqual({
				propertyFullAddress: ADDRESS_STATE_MESSAGE,
			})
		}
		for (const typed of ['123 Main St, Austin, Texas', '123 Main St, 78701', '123 Main St Austin TX 78701']) {
			expect(complete('property-address', { ...refinance, propertyFullAddress: typed }), typed).toBe(true)
		}
		// A picked suggestion names its state.
		expect(complete('property-address', { ...refinance, propertyFullAddress: '123 Main Street', propertyState: 'TX' })).toBe(true)
		// A ZIP that names no state we lend in (Puerto Rico, a military ZIP) asks for the state.
		const general = { ...DEFAULT_FORM_DATA, addressInputMethod: 'general-location' as const, transactionType: 'purchase' as const }
		expect(complete('property-address', { ...general, manualZip: '00901' })).toBe(false)
		expect(stepFieldErrors('property-address', { ...general, manualZip: '00901' })).toEqual({ manualZip: ZIP_STATE_MESSAGE })
		expect(complete('property-address', { ...general, manualZip: '00901', manualCity: 'Austin', manualState: 'TX' })).toBe(true)
		expect(withAddressState({ ...general, manualZip: '33602' })).toMatchObject({ manualState: 'FL' })
		expect(withAddressState({ ...DEFAULT_FORM_DATA, ...refinance, propertyFullAddress: '1 Main St, Austin, TX 78701' })).toMatchObject({
			propertyState: 'TX',
			propertyZip: '78701',
		})
	})

	test('purchase details need price and down payment', () => {
		expect(complete('property-details', { purchasePrice: '$500,000' })).toBe(false)
		expect(complete('property-details', { purchasePrice: '$500,000', downPayment: '$100,000' })).toBe(true)
	})

	test('refinance details need value and balance', () => {
		expect(complete('refinance-value-loan', { estimatedPropertyValue: '$750,000' })).toBe(false)
		expect(complete('refinance-value-loan', { estimatedPropertyValue: '$750,000', currentBalance: '$200,000' })).toBe(true)
	})

	test("cash-out needs a percentage, and 'other' a non-blank value", () => {
		expect(complete('cash-out-amount', {})).toBe(false)
		expect(complete('cash-out-amount', { cashOutPercentage: '75' })).toBe(true)
		expect(complete('cash-out-amount', { cashOutPercentage: 'other' })).toBe(false)
		expect(complete('cash-out-amount', { cashOutPercentage: 'other', cashOutPercentageOther: '   ' })).toBe(false)
		expect(complete('cash-out-amount', { cashOutPercentage: 'other', cashOutPercentageOther: '85%' })).toBe(true)
	})

	test('property details 2: rent depends on rented, HOA amount on HOA', () => {
		const answered = { currentlyRented: 'yes', propertyCondition: 'good', hasMonthlyHOA: 'no' }
		expect(complete('property-details-2', answered)).toBe(false)
		expect(complete('property-details-2', { ...answered, monthlyRent: '2500' })).toBe(true)
		expect(complete('property-details-2', { ...answered, currentlyRented: 'no', monthlyRent: '2500' })).toBe(false)
		expect(complete('property-details-2', { ...answered, currentlyRented: 'no', estimatedMonthlyRent: '2400' })).toBe(true)
		expect(complete('property-details-2', { ...answered, monthlyRent: '2500', hasMonthlyHOA: 'yes' })).toBe(false)
		expect(complete('property-details-2', { ...answered, monthlyRent: '2500', hasMonthlyHOA: 'yes', monthlyHOAAmount: '150' })).toBe(true)
		expect(complete('property-details-2', { currentlyRented: 'yes', monthlyRent: '1', hasMonthlyHOA: 'no' })).toBe(false)
	})

	const customization = {
		interestOnlyPreference: 'no',
		escrowPreference: 'yes',
		titlePreference: 'entity',
		exitStrategy: 'keep-long-term',
		primaryResidenceOwnership: 'own',
		primaryResidenceFullAddress: '9 Oak Ave, Irvine, CA',
		otherInvestmentCount: '2',
		additionalQuoteProperties: 'no',
	}

	test('loan customization needs every answer; scenario details are optional', () => {
		expect(complete('loan-customization', customization)).toBe(true)
		for (const field of Object.keys(customization)) {
			expect(complete('loan-customization', { ...customization, [field]: '' }), field).toBe(false)
		}
	})

	test("exit strategy 'other' needs a description", () => {
		expect(complete('loan-customization', { ...customization, exitStrategy: 'other' })).toBe(false)
		expect(complete('loan-customization', { ...customization, exitStrategy: 'other', exitStrategyOther: ' ' })).toBe(false)
		expect(complete('loan-customization', { ...customization, exitStrategy: 'other', exitStrategyOther: '1031 exchange' })).toBe(true)
	})

	test('short pre-approval needs all its answers', () => {
		const preApproval = {
			interestOnlyOption: 'yes',
			escrowAccount: 'no',
			titlePreference: 'individual',
			primaryResidenceOwnership: 'rent',
			primaryResidenceAddress: '9 Oak Ave',
			otherInvestmentCount: '0',
			additionalQuoteProperties: 'no',
		}
		expect(complete('pre-approval', preApproval)).toBe(true)
		for (const field of Object.keys(preApproval)) expect(complete('pre-approval', { ...preApproval, [field]: '' }), field).toBe(false)
	})

	test('contact info needs all four fields, non-blank', () => {
		const contact = { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', phone: '9495550123' }
		expect(complete('contact-info', contact)).toBe(true)
		for (const field of Object.keys(contact)) expect(complete('contact-info', { ...contact, [field]: '  ' }), field).toBe(false)
	})

	test('quote-loading is always complete; thank-you steps need the lead or the long form', () => {
		expect(complete('quote-loading', {})).toBe(true)
		expect(complete('short-thank-you', {})).toBe(false)
		expect(complete('short-thank-you', { leadId: 'abc' })).toBe(true)
		expect(isStepComplete('long-thank-you', { formMode: 'long' }, { now, longFormSubmitted: true })).toBe(true)
		expect(complete('long-thank-you', {})).toBe(false)
	})
})

describe('isPastDate', () => {
	test('compares calendar days: today is allowed, yesterday is not', () => {
		expect(isPastDate('2026-11-22', now)).toBe(false)
		expect(isPastDate('2026-11-21', now)).toBe(true)
		expect(isPastDate('not-a-date', now)).toBe(true)
	})
})

describe('accessibility of steps (spec 1 §4)', () => {
	const refinance: LoanFormData = { ...base, transactionType: 'refinance' }

	test('a step is reachable only when every earlier step is complete', () => {
		expect(isStepAccessible('property-address', refinance, facts)).toBe(true)
		expect(isStepAccessible('refinance-value-loan', refinance, facts)).toBe(false)
		const withAddress = { ...refinance, propertyFullAddress: '1 Main St, Austin, TX' }
		expect(isStepAccessible('refinance-value-loan', withAddress, facts)).toBe(true)
		expect(isStepAccessible('contact-info', withAddress, facts)).toBe(false)
	})

	test('a step outside the current sequence is never reachable', () => {
		expect(isStepAccessible('cash-out-amount', refinance, facts)).toBe(false)
		expect(isStepAccessible('pre-approval', refinance, facts)).toBe(false)
	})

	test('the long form needs a lead id', () => {
		const done = {
			...refinance,
			formMode: 'long' as const,
			propertyFullAddress: '1 Main St, Austin, TX',
			estimatedPropertyValue: '$750,000',
			currentBalance: '$200,000',
			quotePreference: 'call',
		}
		expect(isStepAccessible('fico-score', done, facts)).toBe(false)
		expect(isStepAccessible('fico-score', { ...done, leadId: 'lead-1' }, facts)).toBe(true)
	})

	test('lastAccessibleStep is where the wizard lands when the current step disappears', () => {
		expect(lastAccessibleStep(refinance, facts)).toBe('property-address')
		const switched = applyFormChange(
			{ ...refinance, propertyFullAddress: '1 Main St, Austin, TX', estimatedPropertyValue: '1', currentBalance: '1' },
			{ transactionType: 'purchase' },
		)
		expect(buildWizardSteps(switched)).not.toContain('refinance-value-loan')
		expect(lastAccessibleStep(switched, facts)).toBe('property-identification')
	})
})

describe('progressFraction (docs/decisions/0025)', () => {
	type Walk = Array<[StepId, Partial<LoanFormData>]>
	const contact = { firstName: 'Jane', lastName: 'Investor', email: 'jane@example.com', phone: '(949) 555-0123' }
	const longForm: Walk = [
		['quote-preference', { quotePreference: 'call' }],
		['quote-loading', {}],
		['contact-info', { ...contact, leadId: 'lead-1' }],
		['short-thank-you', { formMode: 'long' }],
		['fico-score', { ficoScoreDetailed: '740-759' }],
		['property-details-2', { currentlyRented: 'no', estimatedMonthlyRent: '$2,000', hasMonthlyHOA: 'no', propertyCondition: 'good' }],
		['loan-customization', { interestOnlyPreference: 'no', exitStrategy: 'keep-long-term' }],
		['long-thank-you', {}],
	]
	const projectLongForm: Walk = [
		['quote-preference', { quotePreference: 'call' }],
		['quote-loading', {}],
		['contact-info', { ...contact, leadId: 'lead-1' }],
		['short-thank-you', { formMode: 'long' }],
		['fico-score', { ficoScoreDetailed: '740-759' }],
		['loan-customization', { interestOnlyPreference: 'no' }],
		['long-thank-you', {}],
	]
	/** Every branch of the machine, walked as a visitor does, through the long form; `decided` is the answer that fixes the branch. */
	const walks: Record<string, { decided: StepId; walk: Walk }> = {
		refinance: {
			decided: 'transaction-type',
			walk: [
				['loan-program', { loanProgram: 'dscr' }],
				['property-type', { propertyType: 'single-family' }],
				['transaction-type', { transactionType: 'refinance' }],
				['property-address', { propertyFullAddress: '1 Main St, Austin, TX' }],
				['refinance-value-loan', { estimatedPropertyValue: '$1', currentBalance: '$1' }],
				...longForm,
			],
		},
		'cash-out refinance': {
			decided: 'transaction-type',
			walk: [
				['loan-program', { loanProgram: 'short-term-bridge' }],
				['property-type', { propertyType: 'condo-townhome' }],
				['transaction-type', { transactionType: 'cash-out-refinance' }],
				['property-address', { propertyFullAddress: '1 Main St, Austin, TX' }],
				['refinance-value-loan', { estimatedPropertyValue: '$1', currentBalance: '$1' }],
				['cash-out-amount', { cashOutPercentage: '75' }],
				['bridge-experience', { projectExperience: '2' }],
				...longForm,
			],
		},
		'purchase, property found': {
			decided: 'property-identification',
			walk: [
				['loan-program', { loanProgram: 'dscr' }],
				['property-type', { propertyType: 'single-family' }],
				['transaction-type', { transactionType: 'purchase' }],
				['property-identification', { hasFoundProperty: 'yes' }],
				['offer-status', { offerStatus: 'getting-ready' }],
				['property-address', { manualZip: '78701' }],
				['property-details', { purchasePrice: '$1', downPayment: '$1' }],
				...longForm,
			],
		},
		'fix & flip': {
			decided: 'loan-program',
			walk: [
				['loan-program', { loanProgram: 'fix-flip' }],
				['property-type', { propertyType: 'single-family' }],
				['property-address', { propertyFullAddress: '1 Main St, Austin, TX' }],
				['flip-budget', { purchasePrice: '$300,000', rehabBudget: '$60,000', afterRepairValue: '$450,000' }],
				['project-experience', { projectExperience: '3', projectMonths: '6' }],
				['project-exit', { projectExitStrategy: 'sell' }],
				...projectLongForm,
			],
		},
		construction: {
			decided: 'loan-program',
			walk: [
				['loan-program', { loanProgram: 'construction' }],
				['property-type', { propertyType: 'single-family' }],
				['property-address', { propertyFullAddress: '1 Main St, Austin, TX' }],
				['construction-land', { landOwnership: 'buying', landValue: '$150,000' }],
				['construction-budget', { constructionBudget: '$400,000', afterCompletionValue: '$750,000' }],
				['project-experience', { projectExperience: '0', projectMonths: '12' }],
				['project-exit', { projectExitStrategy: 'refinance-rental' }],
				...projectLongForm,
			],
		},
		'purchase, still shopping': {
			decided: 'property-identification',
			walk: [
				['loan-program', { loanProgram: 'dscr' }],
				['property-type', { propertyType: 'single-family' }],
				['transaction-type', { transactionType: 'purchase' }],
				['property-identification', { hasFoundProperty: 'no' }],
				['target-state', { targetState: 'FL' }],
				['purchase-timeline', { purchaseTimeline: '60-days' }],
				['price-range', { priceRange: '250k-500k' }],
				['down-payment-amount', { downPaymentAmount: '20-25' }],
				...longForm,
			],
		},
	}

	describe.each(Object.entries(walks))('%s', (_name, { decided, walk }) => {
		let data: LoanFormData = { formMode: 'short' }
		const seen: Array<{ step: StepId; arrival: number; answered: number; decidedBefore: boolean }> = []
		let decidedBefore = false
		for (const [step, answer] of walk) {
			const arrival = progressFraction(step, data)
			data = applyFormChange(data, answer)
			seen.push({ step, arrival, answered: progressFraction(step, data), decidedBefore })
			if (step === decided) decidedBefore = true
		}

		test('the walk is the journey the machine builds: the short form, then the long form', () => {
			expect(walk.map(([step]) => step)).toEqual([
				...buildWizardSteps({ ...data, formMode: 'short' }),
				...buildWizardSteps(data).filter((step) => !buildWizardSteps({ ...data, formMode: 'short' }).includes(step)),
			])
		})

		test('never moves backwards: neither on an answer nor on a step forward', () => {
			const values = seen.flatMap(({ arrival, answered }) => [arrival, answered])
			for (let i = 1; i < values.length; i++) expect(values[i], `sample ${i}`).toBeGreaterThanOrEqual(values[i - 1]!)
			for (let i = 1; i < seen.length; i++) expect(seen[i]!.arrival, seen[i]!.step).toBeGreaterThan(seen[i - 1]!.arrival)
		})

		test('once the branch is known, it is the position in the branch over its length, 100% only on the last step', () => {
			for (const [index, { step, arrival, decidedBefore: known }] of seen.entries()) {
				if (known) expect(arrival, step).toBeCloseTo((index + 1) / walk.length, 10)
				else expect(arrival, step).toBeLessThanOrEqual((index + 1) / walk.length)
				if (index < walk.length - 1) expect(arrival, step).toBeLessThan(1)
			}
			expect(seen.at(-1)!.arrival).toBe(1)
		})

		test('the first screen is near the start, not at 100%', () => {
			expect(seen[0]!.arrival).toBeLessThan(0.2)
		})
	})

	test('the short thank-you step is not the end while the long form may follow', () => {
		const done = {
			...base,
			transactionType: 'refinance',
			propertyFullAddress: '1 Main St, Austin, TX',
			estimatedPropertyValue: '$1',
			currentBalance: '$1',
			quotePreference: 'call',
			...{ leadId: 'x' },
		}
		expect(progressFraction('short-thank-you', done)).toBeCloseTo(9 / 13, 10)
		expect(progressFraction('fico-score', { ...done, formMode: 'long' })).toBeCloseTo(10 / 13, 10)
	})
})

describe('applyFormChange (spec 1 §4 field interactions)', () => {
	test('a status other than under-contract clears the closing date', () => {
		const data = { formMode: 'short' as const, offerStatus: 'under-contract', closingDate: '2027-01-01' }
		expect(applyFormChange(data, { offerStatus: 'offer-pending' }).closingDate).toBeUndefined()
		expect(applyFormChange(data, { offerStatus: 'under-contract' }).closingDate).toBe('2027-01-01')
		expect(applyFormChange(data, { purchasePrice: '$1' }).closingDate).toBe('2027-01-01')
	})

	test('switching to full address clears the manual location, and back', () => {
		const data: LoanFormData = {
			formMode: 'short',
			manualCity: 'Austin',
			manualState: 'TX',
			manualZip: '78701',
			propertyFullAddress: '1 Main St, Austin, TX',
			propertyCity: 'Austin',
		}
		const full = applyFormChange(data, { addressInputMethod: 'full-address' })
		expect([full.manualCity, full.manualState, full.manualZip]).toEqual([undefined, undefined, undefined])
		expect(full.propertyFullAddress).toBe('1 Main St, Austin, TX')
		const general = applyFormChange(data, { addressInputMethod: 'general-location' })
		expect([general.propertyFullAddress, general.propertyCity]).toEqual([undefined, undefined])
		expect(general.manualZip).toBe('78701')
	})

	test("a cash-out percentage other than 'other' clears the custom value", () => {
		const data = { formMode: 'short' as const, cashOutPercentage: 'other', cashOutPercentageOther: '85%' }
		expect(applyFormChange(data, { cashOutPercentage: '70' }).cashOutPercentageOther).toBeUndefined()
		expect(applyFormChange(data, { cashOutPercentage: 'other' }).cashOutPercentageOther).toBe('85%')
	})
})

describe('the step counter of the property details (docs/decisions/0051)', () => {
	const refinance: LoanFormData = { ...base, formMode: 'long', transactionType: 'refinance', leadId: 'lead-1' }
	const shopping: LoanFormData = { ...base, formMode: 'long', transactionType: 'purchase', hasFoundProperty: 'no', leadId: 'lead-1' }
	const found: LoanFormData = { ...base, formMode: 'long', transactionType: 'purchase', hasFoundProperty: 'yes', leadId: 'lead-1' }

	test('says "Step 2 of 2" only where the journey has a step 1', () => {
		expect(stepCounter('property-details-2', refinance)).toBeUndefined()
		expect(stepCounter('property-details-2', { ...refinance, transactionType: 'cash-out-refinance' })).toBeUndefined()
		expect(stepCounter('property-details-2', shopping)).toBeUndefined()
		expect(stepCounter('property-details', found)).toBe('Step 1 of 2')
		expect(stepCounter('property-details-2', found)).toBe('Step 2 of 2')
		expect(stepCounter('fico-score', found)).toBeUndefined()
	})

	test('the short form promises no step it does not have: its purchase details are no "Step 1 of 2" (docs/decisions/0080)', () => {
		const shortForm: LoanFormData = { ...base, formMode: 'short', transactionType: 'purchase', hasFoundProperty: 'yes' }
		expect(stepCounter('property-details', shortForm)).toBeUndefined()
		// The long form, where part 2 follows, keeps the spec's "2 of 2".
		expect(stepCounter('property-details-2', { ...shortForm, formMode: 'long', leadId: 'lead-1' })).toBe('Step 2 of 2')
	})
})

describe('after the lead exists (docs/decisions/0051)', () => {
	const answered: LoanFormData = {
		...base,
		transactionType: 'refinance',
		propertyFullAddress: '100 Main St, Austin, TX 78701',
		estimatedPropertyValue: '$750,000',
		currentBalance: '$200,000',
		quotePreference: 'call',
		firstName: 'Jane',
		lastName: 'Investor',
		email: 'jane@example.com',
		phone: '(949) 555-0123',
	}

	test("the short form's questions are closed, in short and in long mode; the thank-you page and the long form are not", () => {
		for (const step of ['loan-program', 'quote-preference', 'quote-loading', 'contact-info'] as const) {
			expect(isClosedByLead(step, answered), `${step} before the lead`).toBe(false)
			expect(isClosedByLead(step, { ...answered, leadId: 'lead-1' }), step).toBe(true)
			expect(isClosedByLead(step, { ...answered, leadId: 'lead-1', formMode: 'long' }), `${step} in long mode`).toBe(true)
		}
		expect(isClosedByLead('short-thank-you', { ...answered, leadId: 'lead-1' })).toBe(false)
		expect(isClosedByLead('fico-score', { ...answered, leadId: 'lead-1', formMode: 'long' })).toBe(false)
		// A reload lands on the thank-you page, never on "Preparing Your Quote".
		expect(lastAccessibleStep({ ...answered, leadId: 'lead-1' }, facts)).toBe('short-thank-you')
	})
})

describe("a cash-out above the program's maximum LTV (docs/decisions/0051)", () => {
	const caps = { dscr: 80, bridge: 75 }
	test('is found for a listed choice or a custom percentage, and said factually', () => {
		expect(cashOutAboveCap({ cashOutPercentage: 'other', cashOutPercentageOther: '85' }, programMaxLtv('dscr', caps))).toEqual({
			percent: 85,
			maxLtv: 80,
		})
		expect(cashOutAboveCap({ cashOutPercentage: '80' }, programMaxLtv('short-term-bridge', caps))).toEqual({ percent: 80, maxLtv: 75 })
		expect(cashOutAboveCap({ cashOutPercentage: '80' }, programMaxLtv('dscr', caps))).toBeNull()
		expect(cashOutAboveCap({ cashOutPercentage: 'other', cashOutPercentageOther: '72.5%' }, 80)).toBeNull()
		expect(cashOutAboveCap({ cashOutPercentage: 'other', cashOutPercentageOther: '' }, 80)).toBeNull()
		expect(cashOutAboveCap({ cashOutPercentage: '80' }, undefined)).toBeNull()
		expect(cashOutCapNotice({ percent: 85, maxLtv: 80 })).toBe(
			"85% is above this program's 80% maximum loan-to-value; a loan officer will tell you what is possible.",
		)
	})
})
