import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { createRoutesStub, useLoaderData, useRevalidator } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import type { LeadColumn } from '#app/features/leads/work/lead-columns.ts'
import { LEAD_COLUMNS_ACTION, useLeadColumns } from './use-lead-columns.ts'

afterEach(cleanup)

/**
 * docs/decisions/0052: a column choice shows at once and the saved list takes over once reloaded. A list reloaded while
 * a later save is still on its way (the reload of an earlier save, under load) must not undo that later choice on screen.
 */
test('a list reloaded while a save is on its way does not undo the choice on screen; the saved list then takes over', async () => {
	let stored: LeadColumn[] = ['date', 'firstName', 'lastName']
	let finishSave: (() => void) | undefined
	function Screen() {
		const { saved } = useLoaderData() as { saved: LeadColumn[] }
		const { columns, save } = useLeadColumns(saved)
		const revalidator = useRevalidator()
		return (
			<>
				<p data-testid="columns">{columns.join(',')}</p>
				<button type="button" onClick={() => save(['lastName', 'date', 'firstName'])}>
					Move
				</button>
				<button type="button" onClick={() => void revalidator.revalidate()}>
					Reload
				</button>
			</>
		)
	}
	const Stub = createRoutesStub([
		{ path: '/dashboard/leads', Component: Screen, loader: () => ({ saved: stored }) },
		{
			path: LEAD_COLUMNS_ACTION,
			action: async ({ request }) => {
				const columns = (await request.formData()).getAll('column') as LeadColumn[]
				await new Promise<void>((resolve) => {
					finishSave = resolve
				})
				stored = columns
				return { ok: true, columns }
			},
		},
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	const shown = () => screen.getByTestId('columns').textContent
	await waitFor(() => expect(shown()).toBe('date,firstName,lastName'))

	await act(async () => screen.getByRole('button', { name: 'Move' }).click())
	expect(shown()).toBe('lastName,date,firstName')
	await waitFor(() => expect(finishSave).toBeDefined())
	// Another reload lands first, with a list that is not the one being saved.
	stored = ['firstName', 'date']
	await act(async () => screen.getByRole('button', { name: 'Reload' }).click())
	await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
	expect(shown()).toBe('lastName,date,firstName')

	await act(async () => finishSave!())
	await waitFor(() => expect(shown()).toBe('lastName,date,firstName'))
	// Once the save is done, what the server holds is shown.
	stored = ['date']
	await act(async () => screen.getByRole('button', { name: 'Reload' }).click())
	await waitFor(() => expect(shown()).toBe('date'))
})

/**
 * A choice made as the list first appears, before the screen's effects have run (a quick click under load), is kept:
 * nothing that runs once on mount may clear it.
 */
test('a choice made before the screen has finished appearing is not undone', async () => {
	function Screen() {
		const { saved } = useLoaderData() as { saved: LeadColumn[] }
		const { columns, save } = useLeadColumns(saved)
		// A layout effect runs before the passive ones: the same order as a click handled before they are flushed.
		// biome-ignore lint/correctness/useExhaustiveDependencies: once, as the screen appears
		useLayoutEffect(() => save(['lastName', 'date']), [])
		return <p data-testid="columns">{columns.join(',')}</p>
	}
	const Stub = createRoutesStub([
		{ path: '/dashboard/leads', Component: Screen, loader: () => ({ saved: ['date', 'firstName'] }) },
		{ path: LEAD_COLUMNS_ACTION, action: () => new Promise(() => {}) },
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	await waitFor(() => expect(screen.getByTestId('columns').textContent).toBe('lastName,date'))
	await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
	expect(screen.getByTestId('columns').textContent).toBe('lastName,date')
})
