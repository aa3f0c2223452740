import { cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import type { LeadListRow } from '#app/features/leads/work/list-leads.server.ts'
import { LeadCards } from './lead-cards.tsx'
import { leadCell } from './lead-cells.tsx'

afterEach(cleanup)

const lead = (overrides: Partial<LeadListRow> = {}): LeadListRow => ({
	id: '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601',
	createdAt: new Date('2026-11-27T15:00:00Z'),
	firstName: 'Jane',
	lastName: 'Investor',
	email: 'jane@example.com',
	phone: '(949) 555-0123',
	loanType: 'DSCR',
	propertyType: 'single-family',
	transactionType: 'refinance',
	propertyValue: '$750,000',
	status: 'new',
	formCompletionStatus: 'short_form',
	sourcePage: '/fast-quote',
	repeatInquiry: false,
	assignedTo: null,
	assigneeName: null,
	firstContactedAt: new Date('2026-11-27T15:05:00Z'),
	contactRequestedAt: null,
	loanAmount: 337_500,
	chosenTerms: '6.125% · 30-year fixed',
	...overrides,
})

// docs/decisions/0113: the loan amount under Property Value and the chosen terms under Loan Type, in one cell each.
describe('leads table cells: loan amount and chosen terms', () => {
	test('the property value cell carries the loan amount as its second line', () => {
		render(<div data-testid="cell">{leadCell('propertyValue', lead())}</div>)
		expect(screen.getByTestId('cell').textContent).toContain('$750,000')
		expect(screen.getByTestId('lead-loan-amount').textContent).toMatch(/^Loan \$337,500$/)
	})

	test('the loan type cell carries the chosen terms as its second line', () => {
		render(<div data-testid="cell">{leadCell('loanType', lead())}</div>)
		expect(screen.getByTestId('cell').textContent).toMatch(/^DSCR/)
		expect(screen.getByTestId('lead-chosen-terms').textContent).toMatch(/^Terms 6\.125% · 30-year fixed$/)
	})

	test('no terms chosen and no amount known read as a dash', () => {
		render(
			<div>
				{leadCell('loanType', lead({ chosenTerms: null }))}
				{leadCell('propertyValue', lead({ loanAmount: null, propertyValue: null }))}
			</div>,
		)
		expect(screen.getByTestId('lead-chosen-terms').textContent).toMatch(/^Terms —$/)
		expect(screen.getByTestId('lead-loan-amount').textContent).toMatch(/^Loan —$/)
	})

	test("a phone's card shows both", async () => {
		const Stub = createRoutesStub([
			{
				path: '/dashboard/leads',
				Component: () => (
					<LeadCards
						query={{ search: '', statuses: [], sort: 'newest', page: 1 }}
						leads={[lead()]}
						selected={new Set()}
						onSelectedChange={() => {}}
					/>
				),
			},
		])
		render(<Stub initialEntries={['/dashboard/leads']} />)
		const card = await screen.findByTestId('lead-card')
		expect(card.textContent).toContain('Loan $337,500')
		expect(card.textContent).toContain('Terms 6.125% · 30-year fixed')
	})
})
