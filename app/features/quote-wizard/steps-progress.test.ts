import { describe, expect, test } from 'vitest'
import { applyFormChange, type LoanFormData } from './form-data.ts'
import { buildWizardSteps, isClosedByLead, isStepAccessible, lastAccessibleStep, type StepId } from './steps.ts'
import { progressFraction, stepCounter } from './progress.ts'
import { cashOutAboveCap, cashOutCapNotice, programMaxLtv } from './cash-out-cap.ts'

const now = new Date(2026, 10, 22, 15, 0)
const facts = { now }
const base: LoanFormData = { formMode: 'short', loanProgram: 'dscr', propertyType: 'single-family' }

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
