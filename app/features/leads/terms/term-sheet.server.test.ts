import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { propertyAddress } from './term-sheet.server.ts'

/** docs/decisions/0095: the term sheet names the property as the borrower gave it. */
describe('the property on a term sheet', () => {
	const answers = (given: Record<string, string>) => given as LoanFormData

	test('is the full address when one was given, else the address typed, trimmed', () => {
		expect(propertyAddress(answers({ propertyFullAddress: ' 12 Ocean Ave, San Clemente, CA ', manualCity: 'Austin' }))).toBe(
			'12 Ocean Ave, San Clemente, CA',
		)
		expect(propertyAddress(answers({ propertyAddress: '9 Elm St', manualCity: 'Austin' }))).toBe('9 Elm St')
	})

	test('is the general location without one: city, state and ZIP, each only when given', () => {
		expect(propertyAddress(answers({ manualCity: 'Austin', manualState: 'TX', manualZip: '78701' }))).toBe('Austin, TX, 78701')
		expect(propertyAddress(answers({ manualState: 'TX', manualZip: '78701' }))).toBe('TX, 78701')
		expect(propertyAddress(answers({ manualCity: 'Austin', manualZip: ' ' }))).toBe('Austin')
	})

	test('is nothing when the answers name no place', () => {
		expect(propertyAddress(answers({ propertyFullAddress: '  ' }))).toBeNull()
	})
})
