import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { WizardDropOff } from '#app/features/dashboard/wizard-drop-off.server.ts'
import { WizardDropOffPanel, WizardDropOffPending } from './wizard-drop-off.tsx'

afterEach(cleanup)

const step = (
	name: WizardDropOff['programs'][number]['steps'][number]['step'],
	label: string,
	visits: number,
	{ lead = false, branch = null as string | null } = {},
) => ({ step: name, label, branch, visits, lead })

// docs/decisions/0124
test('the visits of the period in one line, then per program each step with the visits that reached it and their share', () => {
	render(
		<WizardDropOffPanel
			dropOff={{
				days: 30,
				visits: 40,
				choseProgram: 30,
				leads: 6,
				programs: [
					// Listed by the programs' order, shown by their visits.
					{
						program: 'short-term-bridge',
						label: 'Short-Term Bridge',
						visits: 6,
						leads: 0,
						steps: [step('property-type', 'Property type', 6)],
					},
					{
						program: 'dscr',
						label: 'DSCR Loan',
						visits: 24,
						leads: 6,
						steps: [
							step('property-type', 'Property type', 24),
							step('refinance-value-loan', 'Value and loan', 8, { branch: 'Only for a refinance or a cash-out refinance' }),
							step('contact-info', 'Contact details', 9),
							step('short-thank-you', 'Lead sent (short form)', 6, { lead: true }),
						],
					},
					{ program: 'fix-flip', label: 'Fix & Flip', visits: 0, leads: 0, steps: [step('property-type', 'Property type', 0)] },
				],
			}}
		/>,
	)
	const panel = screen.getByRole('region', { name: 'The quote wizard, step by step' })
	expect(within(panel).getByText(/opened the quote wizard in the last 30 days/)).toBeTruthy()
	expect(within(panel).getByTestId('wizard-summary').textContent).toBe('Visits: 40 · chose a program: 30 (75 %) · became a lead: 6 (15 %)')
	// A program nobody chose is left out; the first is open.
	expect(within(panel).queryByTestId('wizard-program-fix-flip')).toBeNull()
	const dscr = within(panel).getByTestId('wizard-program-dscr') as HTMLDetailsElement
	expect(dscr.open).toBe(true)
	expect(
		within(panel)
			.getAllByTestId(/^wizard-program-/)
			.map((program) => program.dataset.testid),
	).toEqual(['wizard-program-dscr', 'wizard-program-short-term-bridge'])
	expect(dscr.querySelector('summary')!.textContent).toBe('DSCR Loan: 24 visits, 6 leads (25 %)')
	const rows = within(within(dscr).getByRole('table'))
		.getAllByRole('row')
		.slice(1)
		.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
	expect(rows).toEqual([
		['Property type', '24', '100 %'],
		// A branch's step says whom it is asked of.
		['Value and loanOnly for a refinance or a cash-out refinance', '8', '33 %'],
		['Contact details', '9', '37 %'],
		['Lead sent (short form)', '6', '25 %'],
	])
	const bridge = within(panel).getByTestId('wizard-program-short-term-bridge') as HTMLDetailsElement
	expect(bridge.open).toBe(false)
	expect(bridge.querySelector('summary')!.textContent).toBe('Short-Term Bridge: 6 visits, 0 leads (0 %)')
})

test('without visits: dashes and a sentence; while counting and after a failure, the panel says so', () => {
	const { unmount } = render(<WizardDropOffPanel dropOff={{ days: 365, visits: 0, choseProgram: 0, leads: 0, programs: [] }} />)
	expect(screen.getByTestId('wizard-summary').textContent).toBe('Visits: 0 · chose a program: 0 (—) · became a lead: 0 (—)')
	expect(screen.getByText('No visit chose a program during the last 12 months.')).toBeTruthy()
	unmount()
	const pending = render(<WizardDropOffPending />)
	expect(screen.getByRole('region', { name: 'The quote wizard, step by step' }).getAttribute('aria-busy')).toBe('true')
	pending.unmount()
	render(<WizardDropOffPending failed />)
	expect(screen.getByRole('alert').textContent).toBe('The wizard’s visits could not be counted just now. Reload the page to try again.')
})
