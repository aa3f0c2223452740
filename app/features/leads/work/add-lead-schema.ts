import { z } from 'zod'
import { US_STATES, usStateCode } from '#app/features/places/us-address.ts'
import { ENABLED_LOAN_PROGRAMS, LOAN_PROGRAMS, TRANSACTION_TYPES } from '#app/features/quote-wizard/options.ts'
import { ADD_LEAD_PROPERTY_TYPES } from '../model/lead-form-options.ts'
import { type MoneyField, moneyFieldErrors } from '#app/features/quote-wizard/money-rules.ts'
import { emailField, personNameField, phoneField } from '#app/features/validation/form-fields.ts'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'
import { LEAD_MESSAGES } from './lead-messages.ts'
import { MANUAL_SOURCE_PAGE } from '../model/lead-form-options.ts'
import { LEAD_STATUS_VALUES, type LeadStatus } from '../model/lead-statuses.ts'

/**
 * docs/decisions/0109: Add Lead asks what the wizard asks (its programs, property types, transaction types, the
 * property's state and the amounts of that program), so a lead taken by phone is routed like a wizard lead.
 */
export const PHONE_LEAD_PROGRAMS = LOAN_PROGRAMS.filter((program) => ENABLED_LOAN_PROGRAMS.has(program.value))
export const PHONE_LEAD_STATES = Object.entries(US_STATES).map(([value, label]) => ({ value, label }))

/** docs/decisions/0109: the programs whose wizard asks purchase or refinance (fix & flip and construction do not). */
export const asksTransaction = (program: string | null | undefined) => program === 'dscr' || program === 'short-term-bridge'
const isRefinance = (transaction: string | null | undefined) => transaction === 'refinance' || transaction === 'cash-out-refinance'

/** docs/decisions/0109: the amounts the wizard asks of this program and transaction, kept short for a call. */
export function phoneLeadAmounts(program: string | null | undefined, transaction: string | null | undefined): PhoneLeadAmount[] {
	if (!program) return []
	if (asksTransaction(program) && !transaction) return []
	// Fix & flip and construction ask no transaction: a stale one (picked before the program changed) is ignored.
	const refinance = asksTransaction(program) && isRefinance(transaction)
	// docs/decisions/0113: spec 2 §2's "property value" is asked of every program and transaction: a refinance's
	// estimated value, and beside a purchase's price (a purchase may be below or above what the property is worth).
	const amounts: PhoneLeadAmount[] = refinance ? ['estimatedPropertyValue', 'currentBalance'] : ['purchasePrice', 'estimatedPropertyValue']
	// The DSCR wizard asks the rent the property earns (the loan is sized on it).
	if (program === 'dscr') amounts.push('monthlyRent')
	return amounts
}
export type PhoneLeadAmount = Extract<MoneyField, 'purchasePrice' | 'estimatedPropertyValue' | 'currentBalance' | 'monthlyRent'>
export const PHONE_LEAD_AMOUNT_LABELS: Record<PhoneLeadAmount, string> = {
	purchasePrice: 'Purchase Price',
	// spec 2 §2's Add Lead field (docs/decisions/0113), kept as the wizard's estimatedPropertyValue answer.
	estimatedPropertyValue: 'Property Value',
	currentBalance: 'Current Loan Balance',
	monthlyRent: 'Monthly Rent',
}

// spec 2 §5: optional fields left empty are saved as null.
const optionalText = (max: number, base = singleLineText) =>
	base()
		.trim()
		.max(max, `Must be at most ${max} characters`)
		.optional()
		.transform((value) => value || null)
/** A choice from a list: anything else (empty, or a value of another list) is refused with the field's message. */
const choice = <V extends string>(list: ReadonlyArray<{ value: V }>) =>
	singleLineText()
		.optional()
		.transform((value) => (list.some((option) => option.value === value) ? (value as V) : null))

export const ADD_LEAD_MESSAGES = {
	program: 'Choose the loan program',
	propertyType: 'Choose a property type: Single Family, Multi-Family, Mixed Use, Townhouse, Condo, Commercial or Land',
	transactionType: 'Choose purchase, refinance or cash-out refinance',
	state: 'Choose the state the property is in',
} as const

/** spec 2 §2 Add Lead dialog and §5, docs/decisions/0109; shared by the dialog and the action. */
export const createLeadSchema = z
	.object({
		// spec 2 §5: the four contact fields are required together, with one message.
		firstName: personNameField({ label: 'First name', max: 100, required: LEAD_MESSAGES.requiredFields }),
		lastName: personNameField({ label: 'Last name', max: 100, required: LEAD_MESSAGES.requiredFields }),
		email: emailField(LEAD_MESSAGES.requiredFields),
		phone: phoneField({ required: LEAD_MESSAGES.requiredFields }),
		loanProgram: choice(PHONE_LEAD_PROGRAMS),
		propertyType: choice(ADD_LEAD_PROPERTY_TYPES),
		transactionType: choice(TRANSACTION_TYPES),
		propertyAddress: optionalText(200),
		propertyState: singleLineText()
			.optional()
			.transform((value) => usStateCode(value ?? '')),
		purchasePrice: optionalText(30),
		estimatedPropertyValue: optionalText(30),
		currentBalance: optionalText(30),
		monthlyRent: optionalText(30),
		message: optionalText(5000, safeText),
		sourcePage: optionalText(200).transform((value) => value ?? MANUAL_SOURCE_PAGE),
		// spec 2 §4: manual leads default to new and may start in any status.
		status: z
			.enum(['', ...LEAD_STATUS_VALUES], { message: 'Choose a status' })
			.optional()
			.transform((value): LeadStatus => value || 'new'),
		// docs/decisions/0109: the caller agreed, on the phone, to the script the officer read.
		verbalConsent: z
			.enum(['on', 'true', ''], { message: 'Tick the box only if the caller agreed' })
			.optional()
			.transform((value) => value === 'on' || value === 'true'),
		// docs/decisions/0109: the contact-form message this lead is made of.
		contactMessageId: z
			.union([z.uuid('Unknown message'), z.literal('')])
			.optional()
			.transform((value) => value || null),
	})
	.superRefine((input, context) => {
		const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message })
		if (!input.loanProgram) issue('loanProgram', ADD_LEAD_MESSAGES.program)
		if (!input.propertyType) issue('propertyType', ADD_LEAD_MESSAGES.propertyType)
		if (asksTransaction(input.loanProgram) && !input.transactionType) issue('transactionType', ADD_LEAD_MESSAGES.transactionType)
		if (!input.propertyState) issue('propertyState', ADD_LEAD_MESSAGES.state)
		// The wizard's ranges and messages (docs/decisions/0024), for the amounts this program asks.
		const errors = moneyFieldErrors(amountsOf(input))
		for (const field of phoneLeadAmounts(input.loanProgram, input.transactionType)) {
			const message = errors[field]
			if (message) issue(field, message)
		}
	})
	.transform((input) => {
		// What the program does not ask is not kept: a fix & flip has no transaction, a purchase no balance.
		const asked = new Set(phoneLeadAmounts(input.loanProgram, input.transactionType))
		const keep = (field: PhoneLeadAmount) => (asked.has(field) ? input[field] : null)
		return {
			...input,
			loanProgram: input.loanProgram!,
			propertyType: input.propertyType!,
			propertyState: input.propertyState!,
			transactionType: asksTransaction(input.loanProgram) ? input.transactionType : null,
			purchasePrice: keep('purchasePrice'),
			estimatedPropertyValue: keep('estimatedPropertyValue'),
			currentBalance: keep('currentBalance'),
			monthlyRent: keep('monthlyRent'),
		}
	})
export type CreateLeadInput = z.output<typeof createLeadSchema>

const amountsOf = (input: Record<PhoneLeadAmount, string | null>) => ({
	formMode: 'short' as const,
	purchasePrice: input.purchasePrice ?? undefined,
	estimatedPropertyValue: input.estimatedPropertyValue ?? undefined,
	currentBalance: input.currentBalance ?? undefined,
	monthlyRent: input.monthlyRent ?? undefined,
})
