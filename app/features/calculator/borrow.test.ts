import { describe, expect, test } from 'vitest'
import { readBorrowForm } from './borrow.ts'

const form = (values: Record<string, string>) => readBorrowForm(new URLSearchParams(values))

describe('what could I borrow: the bounds of the form (docs/decisions/0065)', () => {
	test('a value of $100,000,000 is taken; a dollar more is refused with the bound in words', () => {
		expect(form({ borrowRent: '3,500', borrowValue: '100,000,000' })).toMatchObject({
			state: 'valid',
			inputs: { propertyValue: 100_000_000 },
		})
		expect(form({ borrowRent: '3,500', borrowValue: '100,000,001' })).toMatchObject({
			state: 'invalid',
			errors: { value: 'Enter a value of at most $100,000,000' },
		})
	})
})
