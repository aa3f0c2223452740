import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { assignedLeadEmail, ownLeadLongFormEmail } from '../routing/lead-assignment-mail.ts'
import { longFormEmail, newLeadEmail } from './lead-notifications.ts'

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
const zone = { timeZone: 'America/New_York' }
/** The full e-mail (docs/decisions/0089): contact details and every answer; minimal is tested in staff-mail-detail.server.test.ts. */
const full = { timeZone: 'America/New_York', detail: 'full' } as const

describe('the staff e-mail for a new lead', () => {
	test('a repeat inquiry says so in its subject, so staff see it in the inbox list', () => {
		expect(newLeadEmail({ ...lead, repeatOfLeadId: 'lead-1' }, formData, 'https://lender.example', full).subject).toBe(
			'New lead: Jane Investor (DSCR Rental Loan) [repeat inquiry]',
		)
		expect(newLeadEmail(lead, formData, 'https://lender.example', full).subject).toBe('New lead: Jane Investor (DSCR Rental Loan)')
		// Minimal (the default) names the first name only.
		expect(newLeadEmail({ ...lead, repeatOfLeadId: 'lead-1' }, formData, 'https://lender.example', zone).subject).toBe(
			'New lead: Jane (DSCR Rental Loan) [repeat inquiry]',
		)
	})

	test("an officer's copy says the person asked before, never which lead (it may be another officer's)", () => {
		const repeat = { ...lead, repeatOfLeadId: '7d0c5a2e-0000-4000-8000-000000000001' }
		for (const detail of ['minimal', 'full'] as const) {
			const managers = newLeadEmail(repeat, formData, 'https://lender.example', { ...zone, detail }).lines.join('\n')
			expect(managers).toContain('Repeat inquiry: matches lead 7d0c5a2e-0000-4000-8000-000000000001 from the last 90 days')
			const officer = assignedLeadEmail(
				{ email: 'officer@example.com' },
				repeat,
				formData,
				'https://lender.example',
				'America/New_York',
				detail,
			)
			const text = officer.lines.join('\n')
			expect(text).toContain('Repeat inquiry: the same e-mail or phone asked for a quote in the last 90 days')
			expect(text).not.toContain('7d0c5a2e')
			expect(officer.subject).toContain('[repeat inquiry]')
		}
	})
})

describe('docs/decisions/0079: every time a person reads in a full staff e-mail is in the office zone, named', () => {
	const submitted = { ...formData, submitted_at: '2026-11-22T15:04:00.000Z', long_form_submitted_at: '2026-11-22T15:30:00.000Z' }

	test('the new-lead e-mail and its officer copy', () => {
		for (const mail of [
			newLeadEmail(lead, submitted, 'https://lender.example', { timeZone: 'America/Los_Angeles', detail: 'full' }),
			assignedLeadEmail({ email: 'officer@example.com' }, lead, submitted, 'https://lender.example', 'America/Los_Angeles', 'full'),
		]) {
			const text = mail.lines.join('\n')
			expect(text).toContain('Short form submitted: Sunday, November 22, 2026 at 7:04 AM PST')
			expect(text).not.toMatch(/UTC|T15:04/)
		}
	})

	test('the long-form e-mail and the owner copy', () => {
		const application = submitted as LoanFormData & Record<string, unknown>
		for (const mail of [
			longFormEmail(lead, application, 'https://lender.example', 'America/Chicago', 'full'),
			ownLeadLongFormEmail({ email: 'officer@example.com' }, lead, application, 'https://lender.example', 'America/Chicago', 'full'),
		]) {
			const text = mail.lines.join('\n')
			expect(text).toContain('Short form submitted: Sunday, November 22, 2026 at 9:04 AM CST')
			expect(text).toContain('Long form submitted: Sunday, November 22, 2026 at 9:30 AM CST')
			expect(text).not.toContain('UTC')
		}
	})
})
