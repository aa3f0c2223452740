import { cleanup, render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import type { LeadFunnel } from '#app/features/dashboard/lead-funnel.server.ts'
import { LeadFunnelPanel, LeadFunnelPending } from './lead-funnel.tsx'

afterEach(cleanup)

function show(funnel: LeadFunnel) {
	const Stub = createRoutesStub([{ path: '/dashboard', Component: () => <LeadFunnelPanel funnel={funnel} /> }])
	render(<Stub initialEntries={['/dashboard']} />)
	return screen.getByRole('region', { name: 'From lead to closed loan' })
}

// docs/decisions/0122
test('each stage with its count and its share of the stage before; the whole way in one figure; a row per source', () => {
	const panel = show({
		days: 90,
		total: { leads: 40, contacted: 30, qualified: 12, closed: 5, funded: 4, volume: 1_725_000 },
		sources: [
			{ source: 'google', campaign: 'dscr-spring', leads: 30, contacted: 24, qualified: 10, closed: 4, funded: 3, volume: 1_300_000 },
			{ source: 'Direct', campaign: '', leads: 10, contacted: 6, qualified: 2, closed: 1, funded: 1, volume: 425_000 },
		],
	})
	expect(within(panel).getByText(/The leads created in the last 90 days/)).toBeTruthy()
	expect(within(panel).getByTestId('funnel-leads').textContent).toBe('Leads40')
	expect(within(panel).getByTestId('funnel-contacted').textContent).toBe('Contacted3075 % of leads')
	expect(within(panel).getByTestId('funnel-qualified').textContent).toBe('Qualified1240 % of contacted')
	expect(within(panel).getByTestId('funnel-closed').textContent).toBe('Closed541 % of qualified')
	expect(within(panel).getByTestId('funnel-overall').textContent).toBe('Lead to closed loan: 12 %')
	// docs/decisions/0123: the volume the closed loans funded, and the closed lead still without its figures.
	expect(within(panel).getByTestId('funnel-funded').textContent).toBe(
		'Funded: $1,725,000 in 4 loans · 1 closed lead has no funded loan recorded yet',
	)
	const rows = within(panel)
		.getAllByRole('row')
		.slice(1)
		.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
	expect(rows).toEqual([
		['googledscr-spring', '30', '24', '10', '4', '13 %', '$1,300,000'],
		['Direct', '10', '6', '2', '1', '10 %', '$425,000'],
	])
	// A phone shows the same figures as a list per source.
	const cards = within(within(panel).getByRole('list', { name: 'By source and campaign' })).getAllByRole('listitem')
	expect(cards.map((card) => card.textContent)).toEqual([
		'google · dscr-springLeads30Contacted24Qualified10Closed4Lead to closed13 %Funded$1,300,000',
		'DirectLeads10Contacted6Qualified2Closed1Lead to closed10 %Funded$425,000',
	])
	const periods = within(panel).getByRole('navigation', { name: 'Funnel period' })
	expect(within(periods).getByRole('link', { name: '90 days' }).getAttribute('aria-current')).toBe('page')
	expect(within(periods).getByRole('link', { name: '12 months' }).getAttribute('href')).toBe('/dashboard?funnel=365')
	expect(within(periods).getByRole('link', { name: '30 days' }).getAttribute('aria-current')).toBeNull()
})

test('without leads in the period: dashes for the shares and a sentence instead of the table', () => {
	const panel = show({ days: 365, total: { leads: 0, contacted: 0, qualified: 0, closed: 0, funded: 0, volume: 0 }, sources: [] })
	expect(within(panel).getByTestId('funnel-contacted').textContent).toBe('Contacted0— of leads')
	expect(within(panel).getByTestId('funnel-overall').textContent).toBe('Lead to closed loan: —')
	expect(within(panel).getByTestId('funnel-funded').textContent).toBe('Funded: $0 in 0 loans')
	expect(within(panel).getByText('No lead has come in during the last 12 months.')).toBeTruthy()
	expect(within(panel).queryByRole('table')).toBeNull()
	expect(within(panel).queryByRole('list', { name: 'By source and campaign' })).toBeNull()
})

test('while the funnel is counted the panel says so; if counting failed it says what to do', () => {
	const { unmount } = render(<LeadFunnelPending />)
	const pending = screen.getByRole('region', { name: 'From lead to closed loan' })
	expect(pending.getAttribute('aria-busy')).toBe('true')
	expect(within(pending).getByText('Counting the leads…')).toBeTruthy()
	unmount()
	render(<LeadFunnelPending failed />)
	expect(screen.getByRole('alert').textContent).toBe('The funnel could not be counted just now. Reload the page to try again.')
})
