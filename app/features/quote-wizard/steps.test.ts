import { describe, expect, test } from 'vitest'
import { applyFormChange, type LoanFormData } from './form-data.ts'
import { STEP_IDS, buildWizardSteps, isPastDate, isStepAccessible, isStepComplete, stepFieldErrors, withAddressState } from './steps.ts'
import { DEFAULT_FORM_DATA } from './form-data.ts'
import { ADDRESS_STATE_MESSAGE, ZIP_STATE_MESSAGE } from '#app/features/places/us-address.ts'

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
