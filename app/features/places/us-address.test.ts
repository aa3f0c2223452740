import { describe, expect, test } from 'vitest'
import { stateField, zipField } from './us-address-fields.ts'
import { STATE_MESSAGE, US_STATES, ZIP_MESSAGE, isZipCode, usStateCode } from './us-address.ts'

describe('US states and ZIP codes (docs/decisions/0032)', () => {
	test('the 50 states and DC, no territories', () => {
		expect(Object.keys(US_STATES)).toHaveLength(51)
		expect(usStateCode('DC')).toBe('DC')
		expect(usStateCode('PR')).toBeNull()
		expect(usStateCode('GU')).toBeNull()
	})

	test('a state is read from its code or name, in any case', () => {
		expect(usStateCode('tx')).toBe('TX')
		expect(usStateCode(' Texas ')).toBe('TX')
		expect(usStateCode('new  york')).toBe('NY')
		expect(usStateCode('ZZ')).toBeNull()
		expect(usStateCode('Tex')).toBeNull()
	})

	test('a ZIP code has 5 digits, or ZIP+4', () => {
		expect(isZipCode('78701')).toBe(true)
		expect(isZipCode('78701-1234')).toBe(true)
		for (const bad of ['3', '7870', '787011', '78701-12', 'abcde', '78701 1234']) expect(isZipCode(bad), bad).toBe(false)
	})

	test('the schema fields store the state code and give a specific message', () => {
		expect(stateField.parse('texas')).toBe('TX')
		expect(stateField.parse('')).toBe('')
		expect(stateField.safeParse('ZZ').error?.issues[0]?.message).toBe(STATE_MESSAGE)
		expect(zipField.safeParse('3').error?.issues[0]?.message).toBe(ZIP_MESSAGE)
		expect(zipField.parse(' 78701 ')).toBe('78701')
	})
})
