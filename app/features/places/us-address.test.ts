import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { stateField, zipField } from './us-address-fields.ts'
import { STATE_MESSAGE, US_STATES, ZIP_MESSAGE, isZipCode, stateOfZip, usAddressParts, usStateCode } from './us-address.ts'

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

describe('the state and ZIP of a typed address (docs/decisions/0077)', () => {
	test.each([
		['123 Main St, Austin, TX 78701', { state: 'TX', zip: '78701' }],
		['123 Main St, Austin, TX 78701, USA', { state: 'TX', zip: '78701' }],
		['123 Main St, Austin, Texas', { state: 'TX' }],
		['123 Main St, Austin, tx', { state: 'TX' }],
		['123 Main St Austin TX 78701-1234', { state: 'TX', zip: '78701-1234' }],
		['9 Oak Ave, Irvine, CA, United States', { state: 'CA' }],
		['500 Pine Rd, New York, New York 10001', { state: 'NY', zip: '10001' }],
		['123 Main St, 78701', { state: 'TX', zip: '78701' }],
		['12 Oak Ct 78701', { state: 'TX', zip: '78701' }],
		['1 Elm Ct, Hartford', {}],
		['123 Main Street', {}],
		['123 Main St, 00000', { zip: '00000' }],
		['', {}],
	])('%j', (address, parts) => {
		expect(usAddressParts(address)).toEqual(parts)
	})

	test('the state of every US ZIP code of the dataset is its prefix’s, but for a handful of prefixes that cross a line', () => {
		const require = createRequire(import.meta.url)
		const { codes } = require('zipcodes') as { codes: Record<string, { zip: string; state: string; country: string }> }
		const records = Object.values(codes).filter((record) => record.country === 'US' && Object.hasOwn(US_STATES, record.state))
		const wrong = records.filter((record) => stateOfZip(record.zip) !== record.state)
		expect(records.length).toBeGreaterThan(40_000)
		// 063 (CT) holds one NY ZIP (Fishers Island), 205 (DC) one MD and one VA, 739 (OK) one TX, 834 (ID) one WY.
		expect(wrong.length).toBeLessThanOrEqual(5)
		expect(stateOfZip('96701')).toBe('HI')
		expect(stateOfZip('00901')).toBeNull()
		expect(stateOfZip('09001')).toBeNull()
		expect(stateOfZip('abc')).toBeNull()
	})
})
