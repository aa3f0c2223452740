import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { newLeadEmail } from './lead-notifications.ts'

const lead = {
	id: 'lead-2',
	firstName: 'Jane',
	lastName: 'Investor',
	email: 'jane@example.com',
	phone: '(949) 555-0123',
	loanType: 'DSCR Rental Loan',
	propertyType: 'single-family',
	transactionType: 'refinance',
	propertyValue: '$750,000',
	repeatOfLeadId: null,
}
const formData = { loanProgram: 'dscr', firstName: 'Jane', lastName: 'Investor' } as LoanFormData

describe('the staff e-mail for a new lead', () => {
	test('a repeat inquiry says so in its subject, so staff see it in the inbox list', () => {
		expect(newLeadEmail({ ...lead, repeatOfLeadId: 'lead-1' }, formData, 'https://lender.example').subject).toBe(
			'New lead: Jane Investor (DSCR Rental Loan) [repeat inquiry]',
		)
		expect(newLeadEmail(lead, formData, 'https://lender.example').subject).toBe('New lead: Jane Investor (DSCR Rental Loan)')
	})
})
