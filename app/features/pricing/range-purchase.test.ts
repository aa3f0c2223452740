import { describe, expect, test } from 'vitest'
import { rangePurchase } from './range-purchase.ts'

describe('a purchase priced from its ranges (docs/decisions/0074)', () => {
	test('the middle of the price range and of the down payment range, said so', () => {
		expect(rangePurchase('250k-500k', '20-25', { withDown: true })).toEqual({
			price: 375_000,
			downPercent: 22.5,
			label: 'Priced for a $375,000 purchase with 22.5 % down, the middle of the ranges you chose',
		})
		expect(rangePurchase('under-250k', 'less-20', { withDown: true })).toMatchObject({ price: 125_000, downPercent: 10 })
		expect(rangePurchase('1m-3m', '30-40', { withDown: true })).toMatchObject({ price: 2_000_000, downPercent: 35 })
		// An older range the submission mapper knows.
		expect(rangePurchase('500k-750k', '25-30', { withDown: true })).toMatchObject({ price: 625_000, downPercent: 27.5 })
	})

	test('a range open at its top has no middle: priced at its start, and the label says that instead', () => {
		expect(rangePurchase('3m-plus', '20-25', { withDown: true })).toEqual({
			price: 3_000_000,
			downPercent: 22.5,
			label:
				'Priced for a $3,000,000 purchase with 22.5 % down: the start of the price range ($3M+) and the middle of the down payment range you chose',
		})
		expect(rangePurchase('500k-1m', 'more-40', { withDown: true })?.label).toBe(
			'Priced for a $750,000 purchase with 40 % down: the middle of the price range and the start of the down payment range (More than 40%) you chose',
		)
	})

	test('a bridge (the loan is the most the caps allow) leaves the down payment out', () => {
		expect(rangePurchase('250k-500k', undefined, { withDown: false })).toEqual({
			price: 375_000,
			downPercent: 0,
			label: 'Priced for a $375,000 purchase, the middle of the price range you chose',
		})
		expect(rangePurchase('over-1m', '20-25', { withDown: false })?.label).toBe(
			'Priced for a $1,000,000 purchase, the start of the price range you chose (Over $1M)',
		)
	})

	test('an unknown range prices nothing', () => {
		expect(rangePurchase('castle', '20-25', { withDown: true })).toBeNull()
		expect(rangePurchase('250k-500k', undefined, { withDown: true })).toBeNull()
		expect(rangePurchase(undefined, undefined, { withDown: false })).toBeNull()
	})
})
