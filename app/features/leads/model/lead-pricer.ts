import { z } from 'zod'
import { parseDollars } from '#app/features/money/money.ts'
import type { TermsChoiceInput, TermsRefinements } from '#app/features/pricing/borrower-terms.ts'
import {
	DSCR_PRODUCTS,
	FICO_BANDS,
	PREPAYMENT_OPTIONS,
	PROPERTY_TYPE_VALUES,
	type PropertyTypeValue,
} from '#app/features/pricing/rate-sheet.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * docs/decisions/0112: the staff quick-pricer. An officer on the phone prices the caller's scenario from the lead's
 * answers with what the caller says (credit band, rent, value and loan amount, property type, the loan, prepayment and
 * points) and may attach the priced terms to the lead. One schema checks the form before posting and the action again.
 */

export const PRICER_MESSAGES = {
	ficoBand: 'Choose the caller’s credit score band',
	amount: 'Enter an amount in whole dollars, like 250,000',
	loanBelowValue: 'The loan amount must be less than the property value',
	pointsNeedPrepayment: 'Choose a prepayment option to price points',
	points: 'Choose points from 0 to 5',
	sheetVersion: 'Price the scenario before attaching its terms',
	priced: 'Priced from the current rate sheet',
	attached: 'Terms attached to the lead',
	notOffered: 'These terms are not offered, so they cannot be attached.',
	sheetChanged: 'The rate sheet changed since these terms were priced. Price the scenario again, then attach it.',
	noFigures: 'Enter the property value and the loan amount to price this scenario',
	priceFailed: 'The scenario could not be priced. Please try again.',
	attachFailed: 'The terms could not be attached. Please try again.',
	tooMany: (wait: string) => `You priced many scenarios in the last hour. Please try again in ${wait}.`,
} as const

/** An amount as people type it ($, commas, cents), in whole dollars; empty is not given. */
const dollars = (field: string) =>
	singleLineText()
		.optional()
		.transform((text, context) => {
			const typed = text?.trim() ?? ''
			if (typed === '') return undefined
			const amount = /^\$?\s*\d[\d,]*(\.\d{1,2})?$/.test(typed) ? parseDollars(typed) : null
			if (amount === null) {
				context.addIssue({ code: 'custom', path: [field], message: PRICER_MESSAGES.amount })
				return z.NEVER
			}
			return Math.round(amount)
		})
/** A choice from a list; empty is not given (the lead's answer, or the sheet's default, prices it). */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
	z
		.union([z.enum(values, { message }), z.literal('')])
		.optional()
		.transform((value) => (value ? value : undefined) as T[number] | undefined)

const shape = {
	leadId: z.uuid('Unknown lead'),
	ficoBand: z.enum(FICO_BANDS, { message: PRICER_MESSAGES.ficoBand }),
	propertyType: optionalChoice(PROPERTY_TYPE_VALUES, `Choose a property type: ${PROPERTY_TYPE_VALUES.join(', ')}`),
	propertyValue: dollars('propertyValue'),
	loanAmount: dollars('loanAmount'),
	monthlyRent: dollars('monthlyRent'),
	product: optionalChoice(DSCR_PRODUCTS, `Choose a product: ${DSCR_PRODUCTS.join(', ')}`),
	interestOnly: z
		.enum(['yes', 'no', ''], { message: 'Interest-only must be yes or no' })
		.optional()
		.transform((value) => (value === 'yes' ? true : value === 'no' ? false : undefined)),
	prepayment: optionalChoice(PREPAYMENT_OPTIONS, `Choose a prepayment option: ${PREPAYMENT_OPTIONS.join(', ')}`),
	points: z
		.union([z.enum(['0', '0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5'], { message: PRICER_MESSAGES.points }), z.literal('')])
		.optional()
		.transform((value) => (value ? Number(value) : undefined)),
}

type PricerFields = { propertyValue?: number; loanAmount?: number; points?: number; prepayment?: string }
function pricerRules(input: PricerFields, context: z.RefinementCtx) {
	if (input.propertyValue !== undefined && input.loanAmount !== undefined && input.loanAmount >= input.propertyValue)
		context.addIssue({ code: 'custom', path: ['loanAmount'], message: PRICER_MESSAGES.loanBelowValue })
	if (input.points && !input.prepayment)
		context.addIssue({ code: 'custom', path: ['prepayment'], message: PRICER_MESSAGES.pointsNeedPrepayment })
}

/** The `price` intent: the scenario to price (nothing is stored). */
export const leadPricerSchema = z.object(shape).superRefine(pricerRules)
/** The `attach` intent: the same scenario, and the rate sheet version its terms were priced on when shown. */
export const attachTermsSchema = z
	.object({
		...shape,
		sheetVersion: z.coerce
			.number({ message: PRICER_MESSAGES.sheetVersion })
			.int(PRICER_MESSAGES.sheetVersion)
			.min(0, PRICER_MESSAGES.sheetVersion),
	})
	.superRefine(pricerRules)
export type LeadPricerInput = z.output<typeof leadPricerSchema>
export type AttachTermsInput = z.output<typeof attachTermsSchema>

/** The form's fields, posted as typed. */
export const PRICER_FIELDS = [
	'ficoBand',
	'propertyType',
	'propertyValue',
	'loanAmount',
	'monthlyRent',
	'product',
	'interestOnly',
	'prepayment',
	'points',
] as const
export type PricerForm = Record<(typeof PRICER_FIELDS)[number], string>

/** The borrower's refinements and choice of the public panel (docs/decisions/0066), from the officer's inputs. */
export function pricerRefinements(input: LeadPricerInput): { refinements: TermsRefinements; choice?: TermsChoiceInput } {
	const refinements: TermsRefinements = { ficoBand: input.ficoBand }
	if (input.monthlyRent !== undefined) refinements.monthlyRent = input.monthlyRent
	if (input.product !== undefined) refinements.product = input.product
	if (input.interestOnly !== undefined) refinements.interestOnly = input.interestOnly
	const choice = input.prepayment ? { prepayment: input.prepayment, points: input.points ?? 0 } : undefined
	return { refinements, ...(choice ? { choice } : {}) }
}

/** The wizard's property type of the lead's answer: Add Lead's condo and townhouse are the sheet's "Condo / Townhome". */
export function pricerPropertyType(answer: string | undefined): PropertyTypeValue | '' {
	if (answer === 'condo' || answer === 'townhouse') return 'condo-townhome'
	return (PROPERTY_TYPE_VALUES as readonly string[]).includes(answer ?? '') ? (answer as PropertyTypeValue) : ''
}

const typed = (text: string | undefined) => {
	const amount = text === undefined ? null : parseDollars(text)
	return amount === null || amount <= 0 ? '' : String(Math.floor(amount))
}

/**
 * What the form starts with: the lead's own answers (credit band, property type, value, loan, rent). A purchase's loan
 * is its price less the down payment when the answers give one; a refinance's, its balance (Add Lead asks no down
 * payment, so the officer types the loan the caller wants).
 */
export function pricerDefaults(answers: LoanFormData): PricerForm {
	const purchase = answers.transactionType === 'purchase'
	const value = typed(purchase ? answers.purchasePrice : answers.estimatedPropertyValue)
	const down = answers.downPayment === undefined ? null : parseDollars(answers.downPayment)
	const loan = purchase
		? value && down !== null && down >= 0 && down < Number(value)
			? String(Math.floor(Number(value) - down))
			: ''
		: answers.transactionType === 'refinance'
			? typed(answers.currentBalance)
			: ''
	const rent = answers.currentlyRented === 'yes' ? answers.monthlyRent : (answers.estimatedMonthlyRent ?? answers.monthlyRent)
	const interestOnly = [answers.interestOnlyPreference, answers.interestOnlyOption].find((answer) => answer === 'yes' || answer === 'no')
	return {
		ficoBand: (FICO_BANDS as readonly string[]).includes(answers.ficoScoreDetailed ?? '') ? answers.ficoScoreDetailed! : '',
		propertyType: pricerPropertyType(answers.propertyType),
		propertyValue: value,
		loanAmount: loan,
		monthlyRent: typed(rent),
		product: '',
		interestOnly: interestOnly ?? '',
		prepayment: '',
		points: '',
	}
}

/** docs/decisions/0112: what the officer may set beyond the borrower's refinements (a DSCR loan's property and amounts). */
export type PricerScenario = Pick<LeadPricerInput, 'propertyType' | 'propertyValue' | 'loanAmount'>

export const pricerScenarioOf = (input: LeadPricerInput): PricerScenario => ({
	propertyType: input.propertyType,
	propertyValue: input.propertyValue,
	loanAmount: input.loanAmount,
})

/**
 * A DSCR lead's answers with the officer's property type, value and loan written as the wizard writes them, so the one
 * mapping of answers to a pricing request (scenarioFromAnswers) reads them; the request then takes the officer's
 * figures exactly (a cash-out's loan is a share of the value in the answers).
 */
export function answersForPricer(answers: LoanFormData, scenario: PricerScenario): LoanFormData {
	const next: LoanFormData = { ...answers, ...(scenario.propertyType ? { propertyType: scenario.propertyType } : {}) }
	const { propertyValue: value, loanAmount: loan } = scenario
	if (value === undefined || loan === undefined || loan >= value) return next
	if (answers.transactionType === 'purchase')
		return { ...next, purchasePrice: String(value), downPayment: String(value - loan), hasFoundProperty: 'yes' }
	if (answers.transactionType === 'cash-out-refinance')
		return {
			...next,
			estimatedPropertyValue: String(value),
			cashOutPercentage: 'other',
			cashOutPercentageOther: String((loan / value) * 100),
		}
	return { ...next, estimatedPropertyValue: String(value), currentBalance: String(loan) }
}
