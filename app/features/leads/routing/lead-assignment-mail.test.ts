import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { assignedLeadEmail } from './lead-assignment-mail.ts'

const lead = {
	id: '7b0b5f8e-2f9a-4a0e-9a51-2d1f6c3e8a10',
	firstName: 'Jane',
	lastName: 'Investor',
	email: 'jane@example.com',
	phone: '+19495550123',
	loanType: 'DSCR Loan',
	propertyType: 'single-family',
	transactionType: 'refinance',
	propertyValue: '$500,000',
	repeatOfLeadId: null,
}
const officer = { email: 'officer@example.com' }
const answers = refinanceAnswers as LoanFormData

/** docs/decisions/0089: a minimal staff e-mail carries no address of the borrower's, Reply-To included; a full one answers to them. */
describe("an officer's e-mail about a lead routed to them", () => {
	test('minimal (the default): no Reply-To, and the borrower’s address nowhere in it', () => {
		const mail = assignedLeadEmail(officer, lead, answers, 'http://localhost:3000', 'America/New_York')
		expect(mail).not.toHaveProperty('replyTo')
		expect(JSON.stringify(mail)).not.toContain('jane@example.com')
	})

	test('full: Reply-To is the borrower', () => {
		expect(assignedLeadEmail(officer, lead, answers, 'http://localhost:3000', 'America/New_York', 'full').replyTo).toBe('jane@example.com')
	})
})
