import { describe, expect, test } from 'vitest'
import { moneyFieldErrors } from './money-rules.ts'

/** docs/decisions/0024: the monthly amounts the wizard asks, each from $0 to $1,000,000, with its own message. */

describe('monthly amounts', () => {
	test.each([
		['monthlyRent', 'Monthly rent must be between $0 and $1,000,000'],
		['estimatedMonthlyRent', 'Estimated monthly rent must be between $0 and $1,000,000'],
		['monthlyHOAAmount', 'Monthly HOA amount must be between $0 and $1,000,000'],
	] as const)('%s: $1,000,000 and $0 are accepted, $1,000,001 refused with its message', (field, message) => {
		expect(moneyFieldErrors({ formMode: 'short', [field]: '$1,000,000' })).toEqual({})
		expect(moneyFieldErrors({ formMode: 'short', [field]: '$0' })).toEqual({})
		expect(moneyFieldErrors({ formMode: 'short', [field]: '$1,000,001' })).toEqual({ [field]: message })
	})
})

/** docs/decisions/0024: each range tried at both of its edges, from each side, with the words the borrower reads. */
const errorsOf = (answers: Partial<Record<string, string>>) => moneyFieldErrors({ formMode: 'short', ...answers })

describe('purchase price and estimated property value: $10,000 to $100,000,000', () => {
	test.each([
		['purchasePrice', 'Purchase price must be between $10,000 and $100,000,000'],
		['estimatedPropertyValue', 'Estimated property value must be between $10,000 and $100,000,000'],
	] as const)('%s', (field, message) => {
		expect(errorsOf({ [field]: '$10,000' })).toEqual({})
		expect(errorsOf({ [field]: '$100,000,000' })).toEqual({})
		expect(errorsOf({ [field]: '$9,999' })).toEqual({ [field]: message })
		expect(errorsOf({ [field]: '$100,000,001' })).toEqual({ [field]: message })
		expect(errorsOf({ [field]: 'a lot' })).toEqual({ [field]: 'Enter an amount in dollars, such as $250,000' })
	})
})

describe('down payment: $0 up to the purchase price, at most $100,000,000 when the price is invalid', () => {
	test('the price itself and $0 are accepted; a dollar more than the price is refused', () => {
		expect(errorsOf({ purchasePrice: '$300,000', downPayment: '$300,000' })).toEqual({})
		expect(errorsOf({ purchasePrice: '$300,000', downPayment: '$0' })).toEqual({})
		expect(errorsOf({ purchasePrice: '$300,000', downPayment: '$300,001' })).toEqual({
			downPayment: 'Down payment cannot be more than the purchase price',
		})
		expect(errorsOf({ purchasePrice: '$300,000', downPayment: '-1' })).toEqual({ downPayment: 'Down payment cannot be negative' })
	})

	test('with an invalid price the down payment is held to $100,000,000 only', () => {
		expect(errorsOf({ purchasePrice: '$5,000', downPayment: '$100,000,000' })).toEqual({
			purchasePrice: 'Purchase price must be between $10,000 and $100,000,000',
		})
		expect(errorsOf({ purchasePrice: '$5,000', downPayment: '$100,000,001' })).toEqual({
			purchasePrice: 'Purchase price must be between $10,000 and $100,000,000',
			downPayment: 'Down payment must be at most $100,000,000',
		})
		expect(errorsOf({ downPayment: '$100,000,001' })).toEqual({ downPayment: 'Down payment must be at most $100,000,000' })
		expect(errorsOf({ downPayment: '$100,000,000' })).toEqual({})
	})
})

describe('current mortgage balance: $0 up to twice the property value', () => {
	test('twice the value and $0 are accepted; a dollar more than twice is refused', () => {
		expect(errorsOf({ estimatedPropertyValue: '$400,000', currentBalance: '$800,000' })).toEqual({})
		expect(errorsOf({ estimatedPropertyValue: '$400,000', currentBalance: '$0' })).toEqual({})
		expect(errorsOf({ estimatedPropertyValue: '$400,000', currentBalance: '$800,001' })).toEqual({
			currentBalance: 'Current mortgage balance cannot be more than twice the property value',
		})
		expect(errorsOf({ estimatedPropertyValue: '$400,000', currentBalance: '-1' })).toEqual({
			currentBalance: 'Current mortgage balance cannot be negative',
		})
	})

	test('with an invalid value the balance is held to $200,000,000 only', () => {
		expect(errorsOf({ estimatedPropertyValue: '$5,000', currentBalance: '$200,000,000' })).toEqual({
			estimatedPropertyValue: 'Estimated property value must be between $10,000 and $100,000,000',
		})
		expect(errorsOf({ currentBalance: '$200,000,000' })).toEqual({})
		expect(errorsOf({ currentBalance: '$200,000,001' })).toEqual({
			currentBalance: 'Current mortgage balance must be at most $200,000,000',
		})
	})
})

describe('the custom cash-out percentage: 1% to 100%', () => {
	test.each(['1', '1%', '72.5 %', '99.99', '100', '100%'])('%s is accepted', (percent) => {
		expect(errorsOf({ cashOutPercentageOther: percent })).toEqual({})
	})
	test.each(['0', '0.99', '100.01', '101%', '1000', '72.555', 'eighty', '-5'])('%s is refused', (percent) => {
		expect(errorsOf({ cashOutPercentageOther: percent })).toEqual({
			cashOutPercentageOther: 'Enter a percentage between 1% and 100%',
		})
	})
})
