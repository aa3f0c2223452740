import { describe, expect, test } from 'vitest'
import { withPunctuation } from './punctuation.ts'

describe('withPunctuation', () => {
	test('a name that ends in a period ends the sentence with that one period', () => {
		expect(withPunctuation('Example Lending Co.', '.')).toBe('Example Lending Co.')
		expect(withPunctuation('Example Lending Co. ', '.')).toBe('Example Lending Co.')
		expect(withPunctuation('Lend Now!', '.')).toBe('Lend Now!')
	})

	test('a name without a period gets the period', () => {
		expect(withPunctuation('Example Lending', '.')).toBe('Example Lending.')
		expect(withPunctuation('NMLS #0000000', '.')).toBe('NMLS #0000000.')
	})

	test('other punctuation follows the abbreviation as written', () => {
		expect(withPunctuation('Example Lending Co.', ',')).toBe('Example Lending Co.,')
		expect(withPunctuation('Example Lending Co.', '?')).toBe('Example Lending Co.?')
	})
})
