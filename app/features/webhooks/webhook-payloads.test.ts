import { describe, expect, test } from 'vitest'
import { leadData } from './webhook-payloads.ts'

// docs/decisions/0079: codes and labels side by side, amounts as numbers beside text, times in ISO 8601.
describe('a lead as a payload carries it', () => {
	const at = new Date('2026-11-22T15:04:00.000Z')
	const lead = {
		id: 'lead-1',
		createdAt: at,
		firstName: 'Jane',
		lastName: 'Investor',
		email: 'jane@example.com',
		phone: '(949) 555-0123',
		status: 'contacted',
		loanType: 'DSCR',
		propertyType: 'single-family',
		transactionType: 'refinance',
		propertyValue: '$750,000',
		sourcePage: '/fast-quote',
		message: JSON.stringify({
			loanProgram: 'dscr',
			propertyType: 'single-family',
			estimatedPropertyValue: '750000',
			submitted_at: at.toISOString(),
		}),
		formCompletionStatus: 'short_form',
		shortFormCompletedAt: at,
		longFormCompletedAt: null,
		firstContactedAt: null,
		contactRequestedAt: at,
		repeatOfLeadId: null,
		attribution: null,
		assignedAt: null,
	}

	test('codes with their labels, the value as a number, every time ISO 8601', () => {
		const data = leadData(lead, null, null, 'https://lender.example')
		expect(data).toMatchObject({
			status: 'contacted',
			statusLabel: 'Contacted',
			formCompletion: 'short_form',
			formCompletionLabel: 'Short Form',
			contactRequestedAt: '2026-11-22T15:04:00.000Z',
			loan: {
				propertyType: 'single-family',
				propertyTypeLabel: 'Single Family',
				transactionType: 'refinance',
				propertyValue: '$750,000',
				propertyValueAmount: 750000,
			},
		})
		expect(data.loan.transactionTypeLabel).not.toBe('refinance')
		const answer = (key: string) => data.answers.find((row) => row.key === key)
		expect(answer('propertyType')).toMatchObject({ value: 'Single Family', code: 'single-family' })
		expect(answer('estimatedPropertyValue')).toMatchObject({ value: '$750,000', code: '750000' })
		expect(answer('submitted_at')).toMatchObject({ value: '2026-11-22T15:04:00.000Z' })
		expect(answer('submitted_at')).not.toHaveProperty('code')
	})

	test('a range is text without an amount', () => {
		expect(leadData({ ...lead, propertyValue: '$250K - $500K' }, null, null, '').loan.propertyValueAmount).toBeNull()
	})
})
