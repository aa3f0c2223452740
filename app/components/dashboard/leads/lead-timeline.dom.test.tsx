import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { NOTE_EDIT_WINDOW_MINUTES } from '#app/features/leads/model/lead-notes.ts'
import type { LeadActivityEntry } from '#app/features/leads/work/lead-activity.server.ts'
import type { LeadNoteView } from '#app/features/leads/work/lead-notes.server.ts'
import type { LeadMailView } from '#app/features/leads/work/lead-timeline.server.ts'
import { LeadTimeline } from './lead-timeline.tsx'

afterEach(cleanup)

const leadId = '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601'
const now = new Date('2026-11-27T15:00:00Z')
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
const note = (overrides: Partial<LeadNoteView>): LeadNoteView => ({
	id: crypto.randomUUID(),
	authorId: 'me',
	authorName: 'Olive Officer',
	body: 'A note',
	createdAt: minutesAgo(1),
	editedAt: null,
	revisionCount: 0,
	...overrides,
})
const entry = (id: number, action: LeadActivityEntry['action'], detail: unknown, minutes: number): LeadActivityEntry => ({
	id,
	action,
	detail,
	actorEmail: 'mia@example.com',
	createdAt: minutesAgo(minutes),
})

/** The timeline on a stub of the leads screen (viewer `me`), whose action records each post and answers as the server would. */
function renderTimeline(notes: LeadNoteView[], activity: LeadActivityEntry[] = [], mails: LeadMailView[] = []) {
	const posted: Array<Record<string, FormDataEntryValue>> = []
	const Stub = createRoutesStub([
		{
			id: 'routes/dashboard/leads',
			path: '/dashboard/leads',
			HydrateFallback: () => null,
			loader: () => ({ viewer: { id: 'me', isOfficer: true, canManage: false }, officers: [] }),
			Component: () => <LeadTimeline lead={{ id: leadId, notes, activity, webhookEvents: [], mails }} now={now} />,
			action: async ({ request }) => {
				const fields = Object.fromEntries(await request.formData())
				posted.push(fields)
				return { ok: true, intent: fields.intent, message: 'Notes saved successfully', leadId }
			},
		},
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	return posted
}

describe('the lead’s timeline (docs/decisions/0107)', () => {
	test('notes and history in one list, newest first, each with its kind, who and when; the old box’s text as Earlier notes', async () => {
		renderTimeline(
			[
				note({ body: 'Prefers texts', createdAt: minutesAgo(5), editedAt: minutesAgo(4) }),
				note({ authorId: null, authorName: null, body: 'From the old box', createdAt: minutesAgo(600) }),
			],
			[
				entry(1, 'status_changed', { from: 'new', to: 'contacted' }, 2),
				entry(2, 'contact_logged', { channel: 'call', outcome: 'no_answer' }, 30),
				// The note's own line shows its adding: the history entry is not repeated.
				entry(3, 'note_added', { noteId: 'x', length: 13 }, 5),
			],
		)
		const list = await screen.findByTestId('lead-timeline', {}, { timeout: 10_000 })
		const items = within(list).getAllByRole('listitem')
		expect(items.map((item) => item.dataset.kind)).toEqual(['status', 'note', 'contact', 'note'])
		expect(items[0]!.textContent).toContain('Status changed from New to Contacted by mia@example.com')
		expect(items[1]!.textContent).toContain('Prefers texts')
		expect(within(items[1]!).getByTestId('note-edited').textContent).toContain('edited')
		expect(items[3]!.textContent).toContain('Earlier notes')
	})

	test(`Correct note is offered on one’s own note only, and only within ${NOTE_EDIT_WINDOW_MINUTES} minutes`, async () => {
		renderTimeline([
			note({ body: 'Mine, fresh', createdAt: minutesAgo(NOTE_EDIT_WINDOW_MINUTES - 1) }),
			note({ body: 'Mine, old', createdAt: minutesAgo(NOTE_EDIT_WINDOW_MINUTES + 1) }),
			note({ body: 'Theirs, fresh', authorId: 'someone-else', authorName: 'Otto Officer' }),
			note({ body: 'Earlier', authorId: null, authorName: null }),
		])
		const list = await screen.findByTestId('lead-timeline', {}, { timeout: 10_000 })
		const withButton = within(list)
			.getAllByRole('listitem')
			.filter((item) => within(item).queryByRole('button', { name: 'Correct note' }))
			.map((item) => within(item).getByTestId('note-body').textContent)
		expect(withButton).toEqual(['Mine, fresh'])
	})

	test('a note is checked with the server’s schema before it is posted; a good one is added, never replacing another', async () => {
		const posted = renderTimeline([note({ body: 'Kept' })])
		const box = await screen.findByLabelText('Admin Notes', {}, { timeout: 10_000 })
		fireEvent.change(box, { target: { value: '   ' } })
		fireEvent.click(screen.getByRole('button', { name: 'Save Notes' }))
		expect((await screen.findByRole('alert')).textContent).toBe('Write the note first')
		expect(posted).toEqual([])
		fireEvent.change(box, { target: { value: 'Called back' } })
		fireEvent.click(screen.getByRole('button', { name: 'Save Notes' }))
		await waitFor(() => expect(posted).toEqual([{ intent: 'note-add', leadId, body: 'Called back' }]))
	})

	test('correcting one’s note posts its id and the new text', async () => {
		const mine = note({ body: 'Call at 5' })
		const posted = renderTimeline([mine])
		fireEvent.click(await screen.findByRole('button', { name: 'Correct note' }, { timeout: 10_000 }))
		const box = screen.getByLabelText('Correct the note')
		fireEvent.change(box, { target: { value: 'Call at 6' } })
		fireEvent.click(screen.getByRole('button', { name: 'Save correction' }))
		await waitFor(() => expect(posted).toEqual([{ intent: 'note-edit', noteId: mine.id, body: 'Call at 6' }]))
	})
})

describe('e-mails on the lead’s timeline (docs/decisions/0113)', () => {
	const mail = (id: number, overrides: Partial<LeadMailView>): LeadMailView => ({
		id,
		kind: 'borrower-terms',
		channel: 'email',
		subject: 'Your indicative terms from Acme Lending',
		status: 'sent',
		createdAt: minutesAgo(20),
		...overrides,
	})

	test('each message shows to whom by role, its subject and its state, among the notes; never an address', async () => {
		renderTimeline(
			[note({ body: 'Sent the terms', createdAt: minutesAgo(10) })],
			[],
			[
				mail(1, {}),
				mail(2, {
					kind: 'notify-assigned-lead',
					subject: 'Assigned to you: Jane (DSCR)',
					status: 'pending',
					createdAt: minutesAgo(5),
				}),
				mail(3, {
					kind: 'task-reminder',
					subject: 'Task due: Call back, jane@example.com',
					status: 'dead',
					createdAt: minutesAgo(30),
				}),
				// Composed when it is sent (docs/decisions/0097): no subject yet.
				mail(4, { kind: 'borrower-confirmation', subject: null, status: 'pending', createdAt: minutesAgo(40) }),
				mail(5, { kind: 'assigned-lead-text', channel: 'sms', subject: 'Text message', createdAt: minutesAgo(50) }),
			],
		)
		const list = await screen.findByTestId('lead-timeline', {}, { timeout: 10_000 })
		const items = within(list).getAllByRole('listitem')
		expect(items.map((item) => item.dataset.kind)).toEqual(['mail', 'note', 'mail', 'mail', 'mail', 'mail'])
		expect(
			within(list)
				.getAllByTestId('timeline-mail')
				.map((line) => line.textContent),
		).toEqual([
			'E-mail sent to assigned officer: Assigned to you: Jane (DSCR) (queued)',
			'E-mail sent to borrower: Your indicative terms from Acme Lending (sent)',
			'E-mail sent to assigned officer: Task due: Call back, (address) (failed)',
			'E-mail sent to borrower: Confirmation of the quote request (queued)',
			'Text message sent to assigned officer: Text message (sent)',
		])
		expect(items[0]!.textContent).toContain('E-mail')
		expect(items[5]!.textContent).toContain('Text')
		expect(list.textContent).not.toContain('@')
	})
})
