import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { pricingRequestSchema } from './pricing-request.ts'
import { scenarioFromAnswers } from './scenario-from-answers.ts'

const dscr = (answers: Partial<LoanFormData>): LoanFormData => ({
	formMode: 'short',
	loanProgram: 'dscr',
	propertyType: 'single-family',
	...answers,
})

describe('the pricing scenario of the wizard’s answers', () => {
	test.each<[string, Partial<LoanFormData>, Record<string, unknown>]>([
		[
			'a purchase: price less the down payment',
			{ transactionType: 'purchase', purchasePrice: '$400,000', downPayment: '100,000' },
			{ purpose: 'purchase', propertyValue: 400_000, loanAmount: 300_000 },
		],
		[
			'a rate/term refinance: the balance',
			{ transactionType: 'refinance', estimatedPropertyValue: '500000', currentBalance: '$310,500' },
			{ purpose: 'rate-term', propertyValue: 500_000, loanAmount: 310_500 },
		],
		[
			'a cash-out: the value × the percentage',
			{ transactionType: 'cash-out-refinance', estimatedPropertyValue: '500,000', cashOutPercentage: '75' },
			{ purpose: 'cash-out', loanAmount: 375_000 },
		],
		[
			'a cash-out at another percentage',
			{
				transactionType: 'cash-out-refinance',
				estimatedPropertyValue: '500,000',
				cashOutPercentage: 'other',
				cashOutPercentageOther: '72.5%',
			},
			{ loanAmount: 362_500 },
		],
	])('%s', (_name, answers, expected) => {
		const scenario = scenarioFromAnswers(dscr(answers))
		expect(scenario?.request).toMatchObject({ program: 'dscr', ...expected })
		expect(scenario?.request).not.toHaveProperty('ficoBand')
		expect(scenario?.assumed).toEqual(['Your credit score (each band is shown)'])
		expect(pricingRequestSchema.safeParse(scenario?.request).success).toBe(true)
	})

	test('the long form’s detailed FICO, rent, HOA and interest-only choice price it exactly', () => {
		const scenario = scenarioFromAnswers(
			dscr({
				formMode: 'long',
				transactionType: 'purchase',
				purchasePrice: '400000',
				downPayment: '100000',
				ficoScoreDetailed: '740-759',
				currentlyRented: 'yes',
				monthlyRent: '$3,200',
				hasMonthlyHOA: 'yes',
				monthlyHOAAmount: '150',
				interestOnlyOption: 'yes',
			}),
		)
		expect(scenario).toEqual({
			request: expect.objectContaining({ ficoBand: '740-759', monthlyRent: 3200, monthlyHoa: 150, interestOnly: true }),
			assumed: [],
		})
	})

	test('a vacant property is priced on its estimated rent', () => {
		const scenario = scenarioFromAnswers(
			dscr({
				transactionType: 'purchase',
				purchasePrice: '400000',
				downPayment: '100000',
				currentlyRented: 'no',
				estimatedMonthlyRent: '2,900',
			}),
		)
		expect(scenario?.request).toMatchObject({ monthlyRent: 2900 })
	})

	test('fix & flip and construction use the project’s figures and experience', () => {
		expect(
			scenarioFromAnswers({
				formMode: 'short',
				loanProgram: 'fix-flip',
				transactionType: 'purchase',
				purchasePrice: '200,000',
				rehabBudget: '50000',
				afterRepairValue: '350000',
				projectExperience: '2',
			})?.request,
		).toEqual({ program: 'fix-flip', acquisition: 200_000, budget: 50_000, finishedValue: 350_000, experience: 2 })
		expect(
			scenarioFromAnswers({
				formMode: 'short',
				loanProgram: 'fix-flip',
				purchasePrice: '200,000',
				rehabBudget: '$0',
				afterRepairValue: '250000',
				projectExperience: '0',
			})?.request,
		).toMatchObject({ budget: 0 })
		expect(
			scenarioFromAnswers({
				formMode: 'short',
				loanProgram: 'construction',
				landValue: '100000',
				constructionBudget: '400000',
				afterCompletionValue: '700000',
				projectExperience: '6',
			})?.request,
		).toEqual({ program: 'construction', acquisition: 100_000, budget: 400_000, finishedValue: 700_000, experience: 6 })
	})

	test('a bridge loan is priced for the experience the borrower gave (docs/decisions/0074)', () => {
		const scenario = scenarioFromAnswers({
			formMode: 'short',
			loanProgram: 'short-term-bridge',
			transactionType: 'purchase',
			hasFoundProperty: 'yes',
			purchasePrice: '500000',
			downPayment: '100000',
			projectExperience: '6',
		})
		expect(scenario?.request).toEqual({
			program: 'short-term-bridge',
			acquisition: 500_000,
			budget: 0,
			finishedValue: 500_000,
			experience: 6,
		})
		expect(scenario?.assumed).toEqual(['Your credit score (each band is shown)'])
	})

	test('a bridge lead from before the wizard asked the experience is priced as for a new investor, and says so', () => {
		const scenario = scenarioFromAnswers({
			formMode: 'short',
			loanProgram: 'short-term-bridge',
			transactionType: 'purchase',
			purchasePrice: '500000',
			downPayment: '100000',
		})
		expect(scenario?.request).toMatchObject({ experience: 0 })
		expect(scenario?.assumed[0]).toMatch(/^No completed projects yet/)
	})

	test('a cash-out carries the balance its loan pays off (docs/decisions/0074)', () => {
		const answers = dscr({ transactionType: 'cash-out-refinance', estimatedPropertyValue: '500,000', cashOutPercentage: '80' })
		expect(scenarioFromAnswers({ ...answers, currentBalance: '$200,000' })).toMatchObject({
			request: { loanAmount: 400_000 },
			cashOut: { payoff: 200_000 },
		})
		expect(scenarioFromAnswers(answers)?.cashOut).toEqual({ payoff: null })
		expect(
			scenarioFromAnswers(dscr({ transactionType: 'refinance', estimatedPropertyValue: '500000', currentBalance: '300000' })),
		).not.toHaveProperty('cashOut')
	})

	test('a cash-out of a property owned free and clear pays off $0; a balance that is not an amount pays off an unknown sum', () => {
		const answers = dscr({ transactionType: 'cash-out-refinance', estimatedPropertyValue: '500,000', cashOutPercentage: '70' })
		expect(scenarioFromAnswers({ ...answers, currentBalance: '$0' })).toMatchObject({
			request: { loanAmount: 350_000 },
			cashOut: { payoff: 0 },
		})
		expect(scenarioFromAnswers({ ...answers, currentBalance: 'none' })?.cashOut).toEqual({ payoff: null })
	})

	test('a rent of $0 is no rent: the DSCR is assumed', () => {
		const answers = dscr({
			transactionType: 'refinance',
			estimatedPropertyValue: '500000',
			currentBalance: '300000',
			currentlyRented: 'yes',
		})
		expect(scenarioFromAnswers({ ...answers, monthlyRent: '$0' })?.request).not.toHaveProperty('monthlyRent')
		expect(scenarioFromAnswers({ ...answers, monthlyRent: '$1' })?.request).toMatchObject({ monthlyRent: 1 })
	})

	test('experience is up to four digits of projects; more is no answer', () => {
		const flip = (projectExperience: string) =>
			scenarioFromAnswers({
				formMode: 'short',
				loanProgram: 'fix-flip',
				purchasePrice: '200,000',
				rehabBudget: '50000',
				afterRepairValue: '350000',
				projectExperience,
			})
		expect(flip('1000')?.request).toMatchObject({ experience: 1000 })
		expect(flip('10000')).toBeNull()
	})

	test('a purchase still shopping is priced for the middle of its price and down payment ranges, and says so (docs/decisions/0074)', () => {
		const shopping = dscr({
			transactionType: 'purchase',
			hasFoundProperty: 'no',
			targetState: 'FL',
			priceRange: '250k-500k',
			downPaymentAmount: '20-25',
		})
		const scenario = scenarioFromAnswers(shopping)
		expect(scenario?.request).toMatchObject({ program: 'dscr', purpose: 'purchase', propertyValue: 375_000, loanAmount: 290_625 })
		expect(scenario?.pricedFor).toBe('Priced for a $375,000 purchase with 22.5 % down, the middle of the ranges you chose')
		expect(pricingRequestSchema.safeParse(scenario?.request).success).toBe(true)
		const bridge = scenarioFromAnswers({ ...shopping, loanProgram: 'short-term-bridge', projectExperience: '2' })
		expect(bridge?.request).toEqual({
			program: 'short-term-bridge',
			acquisition: 375_000,
			budget: 0,
			finishedValue: 375_000,
			experience: 2,
		})
		expect(bridge?.pricedFor).toBe('Priced for a $375,000 purchase, the middle of the price range you chose')
	})

	test('a bridge refinance asks for its balance, a bridge cash-out for the value × its share', () => {
		const bridge = { formMode: 'short', loanProgram: 'short-term-bridge', estimatedPropertyValue: '$400,000' } as const
		expect(scenarioFromAnswers({ ...bridge, transactionType: 'refinance', currentBalance: '$250,000' })?.request).toMatchObject({
			acquisition: 400_000,
			loanAmount: 250_000,
			refinance: true,
		})
		expect(scenarioFromAnswers({ ...bridge, transactionType: 'cash-out-refinance', cashOutPercentage: '70' })?.request).toMatchObject({
			loanAmount: 280_000,
			refinance: true,
		})
		expect(scenarioFromAnswers({ ...bridge, transactionType: 'refinance' })).toBeNull()
	})

	test.each<[string, LoanFormData]>([
		[
			'a purchase still shopping without a down payment range',
			dscr({ transactionType: 'purchase', hasFoundProperty: 'no', priceRange: '250k-500k' }),
		],
		['a down payment of the whole price', dscr({ transactionType: 'purchase', purchasePrice: '400000', downPayment: '400000' })],
		['an amount that is not one', dscr({ transactionType: 'refinance', estimatedPropertyValue: 'about 500k', currentBalance: '300000' })],
		[
			'a property type the sheet does not know',
			dscr({ propertyType: 'castle', transactionType: 'refinance', estimatedPropertyValue: '500000', currentBalance: '300000' }),
		],
		['no program', { formMode: 'short' }],
	])('%s gets no terms', (_name, answers) => {
		expect(scenarioFromAnswers(answers)).toBeNull()
	})
})
