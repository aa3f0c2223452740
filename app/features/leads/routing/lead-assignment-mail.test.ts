import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { assignedLeadEmail, leadHistorySentence } from './lead-assignment-mail.ts'

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

describe('what the timeline already holds, counted (docs/decisions/0107)', () => {
	test('calls without a note still count: only a lead with neither has “no notes or calls yet”', () => {
		expect(leadHistorySentence({ notes: 0, contacts: 0 })).toBe('It has no notes or calls yet.')
		expect(leadHistorySentence({ notes: 0, contacts: 2 })).toBe(
			'It already has 0 notes and 2 calls, texts or e-mails on its timeline: open the lead to read them.',
		)
		expect(leadHistorySentence({ notes: 1, contacts: 0 })).toBe(
			'It already has 1 note and 0 calls, texts or e-mails on its timeline: open the lead to read them.',
		)
		expect(leadHistorySentence({ notes: 3, contacts: 1 })).toBe(
			'It already has 3 notes and 1 call, text or e-mail on its timeline: open the lead to read them.',
		)
	})
})
