import { describe, expect, test } from 'vitest'
import { retentionPolicySchema } from './content-schemas.ts'

const policy = (fields: Record<string, unknown>) =>
	retentionPolicySchema.safeParse({ leadMonths: '24', contactMonths: '24', consentYears: '5', longerReason: '', ...fields })
const messages = (fields: Record<string, unknown>) =>
	policy(fields).error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`) ?? []

/** docs/decisions/0090: the retention policy's bounds, each side of each. */
describe('the retention policy', () => {
	test('leads and contact messages: 1 to 120 whole months, each refused with its own words', () => {
		for (const field of ['leadMonths', 'contactMonths']) {
			expect(policy({ [field]: '1' }).success, field).toBe(true)
			expect(policy({ [field]: '120', longerReason: 'a loan file kept for audits' }).success, field).toBe(true)
		}
		expect(messages({ leadMonths: '0' })).toEqual(['leadMonths: The time a lead is kept is at least 1 month'])
		expect(messages({ contactMonths: '121', longerReason: 'a loan file kept for audits' })).toEqual([
			'contactMonths: The time a contact message is kept is at most 120 months',
		])
		expect(messages({ leadMonths: '12.5' })).toEqual(['leadMonths: Enter the time a lead is kept in whole months'])
		expect(messages({ contactMonths: '6.5' })).toEqual(['contactMonths: Enter the time a contact message is kept in whole months'])
	})

	test('consent evidence: 4 to 10 whole years', () => {
		expect(policy({ consentYears: '4' }).success).toBe(true)
		expect(policy({ consentYears: '10' }).success).toBe(true)
		expect(messages({ consentYears: '11' })).toEqual(['consentYears: Consent evidence is kept at most 10 years'])
		expect(messages({ consentYears: '4.5' })).toEqual(['consentYears: Enter the years consent evidence is kept in whole years'])
	})

	test('24 months needs no reason; 25 of either needs one of 10 characters at least, and at most 300', () => {
		expect(policy({ leadMonths: '24', contactMonths: '24', longerReason: '' }).success).toBe(true)
		for (const field of ['leadMonths', 'contactMonths']) {
			expect(messages({ [field]: '25' }), field).toEqual([
				'longerReason: Personal data is disposed of within 24 months unless the business needs it or the law requires it: say why (at least 10 characters)',
			])
			expect(policy({ [field]: '25', longerReason: 'x'.repeat(9) }).success, field).toBe(false)
			expect(policy({ [field]: '25', longerReason: 'x'.repeat(10) }).success, field).toBe(true)
		}
		expect(policy({ leadMonths: '36', longerReason: 'x'.repeat(300) }).success).toBe(true)
		expect(policy({ leadMonths: '36', longerReason: 'x'.repeat(301) }).success).toBe(false)
	})
})
