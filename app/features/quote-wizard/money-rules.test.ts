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
