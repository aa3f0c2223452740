import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { parseLeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { renderInRouter } from '../../../../tests/render-in-router.tsx'
import { PoolWaiting } from './pool-waiting.tsx'

/** docs/decisions/0106: an officer's own list points to the pool while unassigned leads wait. */

const mine = parseLeadListQuery(new URLSearchParams('assigned=me'))

describe('the pool note on an officer’s own list', () => {
	test('one unassigned lead is enough: the note names it and links to the unassigned leads', () => {
		renderInRouter(<PoolWaiting query={mine} canManage={false} unassigned={1} />)
		expect(screen.getByTestId('pool-waiting').textContent).toContain('1 unassigned lead is waiting.')
		expect(screen.getByRole('link', { name: 'Show unassigned' }).getAttribute('href')).toBe('/?assigned=unassigned')
	})

	test('from a later page of Mine, the link opens the first page of the unassigned leads', () => {
		renderInRouter(<PoolWaiting query={parseLeadListQuery(new URLSearchParams('assigned=me&page=3'))} canManage={false} unassigned={2} />)
		expect(screen.getByRole('link', { name: 'Show unassigned' }).getAttribute('href')).toBe('/?assigned=unassigned')
	})

	test('several are counted; none, no note', () => {
		renderInRouter(<PoolWaiting query={mine} canManage={false} unassigned={3} />)
		expect(screen.getByTestId('pool-waiting').textContent).toContain('3 unassigned leads are waiting.')
		renderInRouter(<PoolWaiting query={mine} canManage={false} unassigned={0} />)
		expect(screen.getAllByTestId('pool-waiting')).toHaveLength(1)
	})

	test('not on a manager’s list, nor on a list other than Mine', () => {
		renderInRouter(<PoolWaiting query={mine} canManage unassigned={4} />)
		renderInRouter(<PoolWaiting query={parseLeadListQuery(new URLSearchParams('assigned=all'))} canManage={false} unassigned={4} />)
		expect(screen.queryByTestId('pool-waiting')).toBeNull()
	})
})
