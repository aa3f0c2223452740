import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { assignedLeadEmail } from '../routing/lead-assignment-mail.ts'
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

	test("an officer's copy says the person asked before, never which lead (it may be another officer's)", () => {
		const repeat = { ...lead, repeatOfLeadId: '7d0c5a2e-0000-4000-8000-000000000001' }
		const managers = newLeadEmail(repeat, formData, 'https://lender.example').lines.join('\n')
		expect(managers).toContain('Repeat inquiry: matches lead 7d0c5a2e-0000-4000-8000-000000000001 from the last 90 days')
		const officer = assignedLeadEmail({ email: 'officer@example.com' }, repeat, formData, 'https://lender.example')
		const text = officer.lines.join('\n')
		expect(text).toContain('Repeat inquiry: the same e-mail or phone asked for a quote in the last 90 days')
		expect(text).not.toContain('7d0c5a2e')
		expect(officer.subject).toContain('[repeat inquiry]')
	})
})
