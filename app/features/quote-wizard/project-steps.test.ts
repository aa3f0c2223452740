import { describe, expect, test } from 'vitest'
import { applyFormChange, type LoanFormData } from './form-data.ts'
import { projectFieldError, projectStepIssues } from './project-loan-schema.ts'
import { buildWizardSteps, isLoanCustomizationComplete, isStepAccessible, isStepComplete } from './steps.ts'

const facts = { now: new Date(2026, 10, 22, 15, 0) }

const flip: LoanFormData = {
	formMode: 'short',
	loanProgram: 'fix-flip',
	propertyType: 'single-family',
	propertyFullAddress: '12 Ocean Ave, San Clemente, CA',
	purchasePrice: '$300,000',
	rehabBudget: '$60,000',
	afterRepairValue: '$450,000',
	projectExperience: '3',
	projectMonths: '6',
	projectExitStrategy: 'sell',
	quotePreference: 'call',
}
const construction: LoanFormData = {
	formMode: 'short',
	loanProgram: 'construction',
	propertyType: 'single-family',
	propertyFullAddress: '500 Bay St, Tampa, FL',
	landOwnership: 'buying',
	landValue: '$150,000',
	constructionBudget: '$400,000',
	afterCompletionValue: '$750,000',
	projectExperience: '0',
	projectMonths: '12',
	projectExitStrategy: 'refinance-rental',
	quotePreference: 'text-email',
}

describe('fix & flip and construction branches (docs/decisions/0028)', () => {
	test('fix & flip, short mode', () => {
		expect(buildWizardSteps(flip)).toEqual([
			'loan-program',
			'property-type',
			'property-address',
			'flip-budget',
			'project-experience',
			'project-exit',
			'quote-preference',
			'quote-loading',
			'contact-info',
			'short-thank-you',
		])
	})

	test('construction, short mode', () => {
		expect(buildWizardSteps(construction)).toEqual([
			'loan-program',
			'property-type',
			'property-address',
			'construction-land',
			'construction-budget',
			'project-experience',
			'project-exit',
			'quote-preference',
			'quote-loading',
			'contact-info',
			'short-thank-you',
		])
	})

	test('the long form asks credit score and loan customization, not the rental questions', () => {
		expect(buildWizardSteps({ ...flip, formMode: 'long' }).slice(-3)).toEqual(['fico-score', 'loan-customization', 'long-thank-you'])
		expect(buildWizardSteps({ ...construction, formMode: 'long' })).not.toContain('property-details-2')
	})

	test('a complete application reaches the contact step; each missing answer blocks it', () => {
		expect(isStepAccessible('contact-info', flip, facts)).toBe(true)
		expect(isStepAccessible('contact-info', construction, facts)).toBe(true)
		for (const field of [
			'purchasePrice',
			'rehabBudget',
			'afterRepairValue',
			'projectExperience',
			'projectMonths',
			'projectExitStrategy',
		] as const) {
			expect(isStepAccessible('contact-info', { ...flip, [field]: '' }, facts), field).toBe(false)
		}
		for (const field of ['landOwnership', 'landValue', 'constructionBudget', 'afterCompletionValue'] as const) {
			expect(isStepAccessible('contact-info', { ...construction, [field]: undefined }, facts), field).toBe(false)
		}
	})

	test('budgets may be $0, values must be above $0, all at most $100,000,000', () => {
		expect(isStepComplete('flip-budget', { ...flip, rehabBudget: '$0' }, facts)).toBe(true)
		expect(isStepComplete('construction-budget', { ...construction, constructionBudget: '$0' }, facts)).toBe(true)
		expect(projectFieldError('afterRepairValue', { ...flip, afterRepairValue: '$0' })).toBe(
			'Enter an after-repair value above $0 (at most $100,000,000)',
		)
		expect(projectFieldError('afterCompletionValue', { ...construction, afterCompletionValue: '$0' })).toMatch(/above \$0/)
		expect(projectFieldError('landValue', { ...construction, landValue: '$0' })).toMatch(/above \$0/)
		expect(projectFieldError('purchasePrice', { ...flip, purchasePrice: '$0' })).toMatch(/purchase price above \$0/)
		expect(projectFieldError('rehabBudget', { ...flip, rehabBudget: '$100,000,001' })).toBe('Enter a rehab budget from $0 to $100,000,000')
		expect(projectFieldError('rehabBudget', { ...flip, rehabBudget: '-5' })).toBeDefined()
		expect(projectFieldError('rehabBudget', { ...flip, rehabBudget: '$100,000,000' })).toBeUndefined()
		// ARV below the purchase price is allowed: a lender may still quote it.
		expect(isStepComplete('flip-budget', { ...flip, afterRepairValue: '$200,000' }, facts)).toBe(true)
		expect(isStepComplete('flip-budget', { ...flip, afterRepairValue: '$0' }, facts)).toBe(false)
	})

	test('months 1-36 and experience 0-100, whole numbers', () => {
		const months = (projectMonths: string) => isStepComplete('project-experience', { ...flip, projectMonths }, facts)
		const experience = (projectExperience: string) => isStepComplete('project-experience', { ...flip, projectExperience }, facts)
		expect([months('1'), months('36'), months('0'), months('37'), months('1.5')]).toEqual([true, true, false, false, false])
		expect([experience('0'), experience('100'), experience('101'), experience('-1')]).toEqual([true, true, false, false])
		expect(projectFieldError('projectMonths', { ...flip, projectMonths: '40' })).toBe('Enter a whole number of months from 1 to 36')
	})

	test("the exit 'Other' needs a description, and another choice clears it", () => {
		const other = { ...flip, projectExitStrategy: 'other' }
		expect(projectStepIssues('project-exit', other)).toEqual([
			{ field: 'projectExitStrategyOther', message: 'Please describe your exit strategy' },
		])
		expect(isStepComplete('project-exit', { ...other, projectExitStrategyOther: 'Sell to a partner' }, facts)).toBe(true)
		expect(
			applyFormChange({ ...other, projectExitStrategyOther: 'x' }, { projectExitStrategy: 'sell' }).projectExitStrategyOther,
		).toBeUndefined()
	})

	test('construction names the land value by ownership when it is missing', () => {
		expect(projectStepIssues('construction-land', { ...construction, landValue: '' })).toEqual([
			{ field: 'landValue', message: 'Enter the land purchase price' },
		])
		expect(projectStepIssues('construction-land', { ...construction, landOwnership: 'owned', landValue: '' })[0]?.message).toBe(
			'Enter the current land value',
		)
	})

	test('loan customization does not ask the exit strategy again for these programs', () => {
		const customized = {
			interestOnlyPreference: 'yes',
			escrowPreference: 'no',
			titlePreference: 'entity',
			primaryResidenceOwnership: 'own',
			primaryResidenceFullAddress: '1 Home St, Irvine, CA',
			otherInvestmentCount: '2',
			additionalQuoteProperties: 'no',
		}
		expect(isLoanCustomizationComplete({ ...flip, formMode: 'long', ...customized })).toBe(true)
		expect(isLoanCustomizationComplete({ ...flip, loanProgram: 'dscr', formMode: 'long', ...customized })).toBe(false)
	})

	test('changing the program drops the answers only the other programs ask', () => {
		const dscr: LoanFormData = {
			formMode: 'short',
			loanProgram: 'dscr',
			transactionType: 'refinance',
			currentBalance: '$1',
			purchasePrice: '$5',
		}
		const toFlip = applyFormChange(dscr, { loanProgram: 'fix-flip' })
		expect(toFlip.transactionType).toBeUndefined()
		expect(toFlip.currentBalance).toBeUndefined()
		expect(toFlip.purchasePrice).toBe('$5')
		const toConstruction = applyFormChange(flip, { loanProgram: 'construction' })
		expect([toConstruction.rehabBudget, toConstruction.afterRepairValue, toConstruction.purchasePrice]).toEqual([
			undefined,
			undefined,
			undefined,
		])
		expect(toConstruction.projectExperience).toBe('3')
		const back = applyFormChange(construction, { loanProgram: 'dscr' })
		expect([back.landValue, back.constructionBudget, back.projectMonths, back.projectExitStrategy]).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
		])
		expect(back.propertyFullAddress).toBe(construction.propertyFullAddress)
	})
})

describe('a bridge asks the experience as fix & flip does (docs/decisions/0074)', () => {
	const bridge: LoanFormData = { formMode: 'short', loanProgram: 'short-term-bridge', propertyType: 'single-family' }
	const beforePreference = (data: LoanFormData) => {
		const steps = buildWizardSteps(data)
		return steps[steps.indexOf('quote-preference') - 1]
	}

	test.each<[string, Partial<LoanFormData>]>([
		['a refinance', { transactionType: 'refinance' }],
		['a cash-out', { transactionType: 'cash-out-refinance' }],
		['a purchase with a property', { transactionType: 'purchase', hasFoundProperty: 'yes' }],
		['a purchase still shopping', { transactionType: 'purchase', hasFoundProperty: 'no' }],
	])('%s: just before the quote preference, short and long mode alike', (_name, answers) => {
		expect(beforePreference({ ...bridge, ...answers })).toBe('bridge-experience')
		expect(buildWizardSteps({ ...bridge, ...answers, formMode: 'long' })).toContain('bridge-experience')
		// The other flows keep the spec's steps.
		expect(buildWizardSteps({ ...bridge, ...answers, loanProgram: 'dscr' })).not.toContain('bridge-experience')
	})

	test('needs the number of projects, a whole number from 0 to 100, and nothing more (no project timeline)', () => {
		const cashOut: LoanFormData = { ...bridge, transactionType: 'cash-out-refinance' }
		expect(isStepComplete('bridge-experience', cashOut, facts)).toBe(false)
		expect(projectStepIssues('bridge-experience', cashOut)).toEqual([
			{ field: 'projectExperience', message: 'Enter how many projects you completed in the last 3 years (0 if none)' },
		])
		expect(isStepComplete('bridge-experience', { ...cashOut, projectExperience: '101' }, facts)).toBe(false)
		expect(isStepComplete('bridge-experience', { ...cashOut, projectExperience: '0' }, facts)).toBe(true)
		expect(isStepComplete('bridge-experience', { ...cashOut, projectExperience: '5' }, facts)).toBe(true)
		const answered: LoanFormData = {
			...cashOut,
			propertyFullAddress: '1 Main St, Tampa, FL',
			estimatedPropertyValue: '$500,000',
			currentBalance: '$200,000',
			cashOutPercentage: '70',
		}
		expect(isStepAccessible('quote-preference', answered, facts)).toBe(false)
		expect(isStepAccessible('quote-preference', { ...answered, projectExperience: '3' }, facts)).toBe(true)
	})

	test('the answer is the fix & flip one: kept from fix & flip to bridge, dropped for DSCR', () => {
		const toBridge = applyFormChange(flip, { loanProgram: 'short-term-bridge' })
		expect(toBridge.projectExperience).toBe('3')
		expect(toBridge.projectMonths).toBeUndefined()
		expect(toBridge.rehabBudget).toBeUndefined()
		const toDscr = applyFormChange({ ...bridge, projectExperience: '4' }, { loanProgram: 'dscr' })
		expect(toDscr.projectExperience).toBeUndefined()
	})
})
