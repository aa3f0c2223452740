import { parseDollars } from '#app/features/money/money.ts'
import type { LoanFormData } from './form-data.ts'

/**
 * Sane ranges of the wizard's amounts (docs/decisions/0024), checked by the wizard's steps and by the
 * API with the same messages. They catch typos and junk, not underwriting: a loan officer decides the rest.
 */
export const PROPERTY_VALUE_BOUNDS = { min: 10_000, max: 100_000_000 } as const
/** A current balance above twice the value is a typo (an extra digit), not an underwater property. */
export const MAX_BALANCE_TO_VALUE = 2
export const CASH_OUT_OTHER_BOUNDS = { min: 1, max: 100 } as const
export const MONTHLY_AMOUNT_MAX = 1_000_000

export type MoneyField =
	| 'purchasePrice'
	| 'downPayment'
	| 'estimatedPropertyValue'
	| 'currentBalance'
	| 'cashOutPercentageOther'
	| 'monthlyRent'
	| 'estimatedMonthlyRent'
	| 'monthlyHOAAmount'

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`

const valueRange = `between ${dollars(PROPERTY_VALUE_BOUNDS.min)} and ${dollars(PROPERTY_VALUE_BOUNDS.max)}`

export const MONEY_MESSAGES = {
	purchasePrice: `Purchase price must be ${valueRange}`,
	estimatedPropertyValue: `Estimated property value must be ${valueRange}`,
	downPaymentNegative: 'Down payment cannot be negative',
	downPaymentAbovePrice: 'Down payment cannot be more than the purchase price',
	downPaymentTooLarge: `Down payment must be at most ${dollars(PROPERTY_VALUE_BOUNDS.max)}`,
	currentBalanceNegative: 'Current mortgage balance cannot be negative',
	currentBalanceAboveValue: 'Current mortgage balance cannot be more than twice the property value',
	currentBalanceTooLarge: `Current mortgage balance must be at most ${dollars(PROPERTY_VALUE_BOUNDS.max * MAX_BALANCE_TO_VALUE)}`,
	cashOutPercentageOther: `Enter a percentage between ${CASH_OUT_OTHER_BOUNDS.min}% and ${CASH_OUT_OTHER_BOUNDS.max}%`,
	monthlyRent: `Monthly rent must be between $0 and ${dollars(MONTHLY_AMOUNT_MAX)}`,
	estimatedMonthlyRent: `Estimated monthly rent must be between $0 and ${dollars(MONTHLY_AMOUNT_MAX)}`,
	monthlyHOAAmount: `Monthly HOA amount must be between $0 and ${dollars(MONTHLY_AMOUNT_MAX)}`,
	notAnAmount: 'Enter an amount in dollars, such as $250,000',
} as const

/** A percentage such as "85", "85%" or "72.5 %"; NaN for anything else. */
export function percentAmount(text: string): number {
	const match = /^(\d{1,3}(\.\d{1,2})?)\s*%?$/.exec(text.trim())
	return match ? Number(match[1]) : Number.NaN
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== ''

/** The message of each amount given that is out of its range; empty answers are the completeness rule's business. */
export function moneyFieldErrors(data: LoanFormData): Partial<Record<MoneyField, string>> {
	const errors: Partial<Record<MoneyField, string>> = {}
	const amount = (field: MoneyField) => {
		const value = data[field]
		if (!present(value)) return null
		const parsed = parseDollars(value)
		if (parsed === null) errors[field] = MONEY_MESSAGES.notAnAmount
		return parsed
	}
	const within = (value: number, min: number, max: number) => value >= min && value <= max

	const price = amount('purchasePrice')
	const priceValid = price !== null && within(price, PROPERTY_VALUE_BOUNDS.min, PROPERTY_VALUE_BOUNDS.max)
	if (price !== null && !priceValid) errors.purchasePrice = MONEY_MESSAGES.purchasePrice
	const downPayment = amount('downPayment')
	if (downPayment !== null) {
		if (downPayment < 0) errors.downPayment = MONEY_MESSAGES.downPaymentNegative
		else if (priceValid && downPayment > price) errors.downPayment = MONEY_MESSAGES.downPaymentAbovePrice
		else if (downPayment > PROPERTY_VALUE_BOUNDS.max) errors.downPayment = MONEY_MESSAGES.downPaymentTooLarge
	}

	const value = amount('estimatedPropertyValue')
	const valueValid = value !== null && within(value, PROPERTY_VALUE_BOUNDS.min, PROPERTY_VALUE_BOUNDS.max)
	if (value !== null && !valueValid) errors.estimatedPropertyValue = MONEY_MESSAGES.estimatedPropertyValue
	const balance = amount('currentBalance')
	if (balance !== null) {
		if (balance < 0) errors.currentBalance = MONEY_MESSAGES.currentBalanceNegative
		else if (valueValid && balance > value * MAX_BALANCE_TO_VALUE) errors.currentBalance = MONEY_MESSAGES.currentBalanceAboveValue
		else if (balance > PROPERTY_VALUE_BOUNDS.max * MAX_BALANCE_TO_VALUE) errors.currentBalance = MONEY_MESSAGES.currentBalanceTooLarge
	}

	if (present(data.cashOutPercentageOther)) {
		const percent = percentAmount(data.cashOutPercentageOther)
		const { min, max } = CASH_OUT_OTHER_BOUNDS
		if (!within(percent, min, max)) errors.cashOutPercentageOther = MONEY_MESSAGES.cashOutPercentageOther
	}

	for (const field of ['monthlyRent', 'estimatedMonthlyRent', 'monthlyHOAAmount'] as const) {
		const monthly = amount(field)
		if (monthly !== null && !within(monthly, 0, MONTHLY_AMOUNT_MAX)) errors[field] = MONEY_MESSAGES[field]
	}
	return errors
}
