import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import type { LeadTaskView } from '#app/features/leads/work/lead-tasks.server.ts'
import { LeadNextTask, localInputValue, offsetAt, tomorrowMorning } from './lead-tasks.tsx'

afterEach(cleanup)

const leadId = '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601'
const task = (overrides: Partial<LeadTaskView>): LeadTaskView => ({
	id: crypto.randomUUID(),
	leadId,
	kind: 'call_back',
	dueAt: new Date('2026-11-28T14:00:00Z'),
	note: null,
	assignedTo: 'me',
	assigneeName: 'Olive Officer',
	completedAt: null,
	canChange: true,
	...overrides,
})

/** The Next task panel on a stub of the leads screen, whose action records each post and answers as the server would. */
function renderNextTask(tasks: LeadTaskView[]) {
	const posted: Array<Record<string, FormDataEntryValue>> = []
	const Stub = createRoutesStub([
		{
			id: 'routes/dashboard/leads',
			path: '/dashboard/leads',
			HydrateFallback: () => null,
			loader: () => ({ viewer: { id: 'me', isOfficer: true, canManage: false }, officers: [] }),
			Component: () => <LeadNextTask lead={{ id: leadId, firstName: 'Ada', lastName: 'Investor', tasks }} />,
			action: async ({ request }) => {
				const fields = Object.fromEntries(await request.formData())
				posted.push(fields)
				return { ok: true, intent: fields.intent, message: 'Task added', leadId }
			},
		},
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	return posted
}

describe('Next task in the lead details (docs/decisions/0105)', () => {
	test('the earliest open task is the Next task, with Complete; the others and the done ones are folded', async () => {
		const posted = renderNextTask([
			task({ kind: 'send_terms', dueAt: new Date('2026-11-28T14:00:00Z') }),
			task({ kind: 'request_documents', dueAt: new Date('2026-11-30T14:00:00Z') }),
			task({ kind: 'other', completedAt: new Date() }),
		])
		const panel = await screen.findByTestId('lead-next-task')
		const [next] = within(panel).getAllByTestId('lead-task')
		expect(next!.textContent).toContain('Send terms · due November 28, 2026 at 9:00 AM EST')
		expect(within(panel).getByText('1 more open')).toBeTruthy()
		expect(within(panel).getByText('Done (1)')).toBeTruthy()
		fireEvent.click(within(next!).getByRole('button', { name: 'Complete Send terms, Ada Investor' }))
		await waitFor(() => expect(posted).toEqual([{ intent: 'task-complete', taskId: expect.any(String) }]))
	})

	test('Add task checks the form with the server’s schema, then posts the time typed with its zone’s offset', async () => {
		const posted = renderNextTask([])
		expect(await screen.findByText('No open task. Add one so this lead is not forgotten.')).toBeTruthy()
		fireEvent.click(screen.getByRole('button', { name: 'Add task' }))
		const form = await screen.findByRole('form', { name: 'Add task' })
		const due = within(form).getByLabelText(/^Due \(your time, .+\)$/) as HTMLInputElement
		expect(due.value).toBe(tomorrowMorning())
		// A time already past is refused in the browser with the server's words, and nothing is posted.
		fireEvent.change(due, { target: { value: localInputValue(new Date(Date.now() - 2 * 3_600_000)) } })
		fireEvent.click(within(form).getByRole('button', { name: 'Save task' }))
		expect((await within(form).findByRole('alert')).textContent).toBe('Choose a due time that has not passed')
		expect(posted).toEqual([])
		fireEvent.change(within(form).getByLabelText('Task'), { target: { value: 'send_terms' } })
		fireEvent.change(due, { target: { value: tomorrowMorning() } })
		fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: 'DSCR terms at 1.25' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Save task' }))
		await waitFor(() =>
			expect(posted).toEqual([
				{
					intent: 'task-add',
					leadId,
					kind: 'send_terms',
					due: tomorrowMorning(),
					offset: String(new Date(tomorrowMorning()).getTimezoneOffset()),
					note: 'DSCR terms at 1.25',
					assigneeId: '',
				},
			]),
		)
		// Saved: the form closes (the loader's answer shows the task).
		await waitFor(() => expect(screen.queryByRole('form', { name: 'Add task' })).toBeNull())
		expect(offsetAt('not a date')).toBe(0)
	})
})
