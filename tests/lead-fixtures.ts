import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'

/** The borrower of most lead tests. */
export const janeContact = { firstName: 'Jane', lastName: 'Investor', email: 'jane@example.com', phone: '(949) 555-0123' }

/** A complete DSCR refinance short form without its contact step: the lead most API tests post. */
export const refinanceAnswers = {
	formMode: 'short',
	loanProgram: 'dscr',
	propertyType: 'single-family',
	transactionType: 'refinance',
	addressInputMethod: 'full-address',
	propertyFullAddress: '100 Main St, Austin, TX 78701, USA',
	estimatedPropertyValue: '$750,000',
	currentBalance: '$200,000',
	quotePreference: 'call',
} satisfies LoanFormData

const { quotePreference: _preference, ...refinanceBeforePreference } = refinanceAnswers
/**
 * The borrower of the terms journey (the e2e terms specs and the terms benchmark): that refinance as the wizard keeps it
 * at "How do you want to receive your quote?", with the address as the wizard's suggestion fills it and a $400,000
 * balance, so the loan the loading screen prices is $400,000.
 */
export const termsJourneyAnswers = {
	...refinanceBeforePreference,
	propertyFullAddress: '100 Main St, Austin, TX 78701',
	currentBalance: '$400,000',
} satisfies LoanFormData

/** A fix & flip's short form up to the contact step (docs/decisions/0028: its exit is asked before the contact step). */
export const fixFlipAnswers = {
	formMode: 'short',
	loanProgram: 'fix-flip',
	propertyType: 'condo-townhome',
	addressInputMethod: 'full-address',
	propertyFullAddress: '12 Ocean Ave, San Clemente, CA',
	purchasePrice: '$300,000',
	rehabBudget: '$60,000',
	afterRepairValue: '$450,000',
	projectExperience: '3',
	projectMonths: '6',
	projectExitStrategy: 'other',
	projectExitStrategyOther: 'Sell to my tenant',
	quotePreference: 'call',
} satisfies LoanFormData

/** The long form's own answers (formMode long), to spread over a short form's answers. */
export const longFormAnswers = {
	formMode: 'long',
	ficoScoreDetailed: '740-759',
	currentlyRented: 'yes',
	monthlyRent: '$3,200',
	hasMonthlyHOA: 'no',
	propertyCondition: 'good',
	interestOnlyPreference: 'no',
	escrowPreference: 'yes',
	titlePreference: 'entity',
	exitStrategy: 'other',
	exitStrategyOther: 'Refinance into a portfolio loan',
	primaryResidenceOwnership: 'own',
	primaryResidenceFullAddress: '9 Oak Ave, Irvine, CA',
	otherInvestmentCount: '3',
	additionalQuoteProperties: 'no',
	additionalScenarioDetails: 'Tenant in place until 2027.',
} as const
