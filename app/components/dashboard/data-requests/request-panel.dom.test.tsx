import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderInRouter } from '../../../../tests/render-in-router.tsx'
import { RequestPanel } from './request-panel.tsx'

type Opened = Parameters<typeof RequestPanel>[0]['request']

const opened = (overrides: Partial<Opened> = {}): Opened => ({
	id: '00000000-0000-4000-8000-000000000001',
	type: 'delete',
	channel: 'email',
	receivedOn: '2026-11-20',
	email: 'jane@example.com',
	phone: null,
	status: 'open',
	outcome: null,
	level: 'categories',
	verifiedPoints: ['email', 'phone'],
	signedDeclaration: false,
	acknowledgedAt: null,
	extendedAt: null,
	extensionReason: null,
	erasedAt: null,
	eraseReason: null,
	answeredAt: null,
	notes: '',
	clock: {
		acknowledgementDue: '2026-12-07',
		answerDue: '2027-01-04',
		answerDaysLeft: 38,
		acknowledgementOverdue: false,
		answerOverdue: false,
	},
	steps: [],
	...overrides,
})

describe('an opened data request (docs/decisions/0091)', () => {
	test('the export waits for a requester verified for specific pieces; a delete request offers the erase', async () => {
		renderInRouter(<RequestPanel request={opened()} result={undefined} busy={false} />)
		expect(await screen.findByRole('button', { name: 'Download JSON file' })).toHaveProperty('disabled', true)
		expect(screen.getByRole('button', { name: 'Download readable page (HTML)' })).toHaveProperty('disabled', true)
		expect(screen.getByText('The export needs a requester verified for specific pieces.')).toBeTruthy()
		expect(screen.getByRole('button', { name: 'Erase personal data' })).toBeTruthy()
	})

	test('verified for specific pieces, a request to know is exported and offers no erase', async () => {
		renderInRouter(<RequestPanel request={opened({ type: 'know', level: 'specific' })} result={undefined} busy={false} />)
		expect(await screen.findByRole('button', { name: 'Download JSON file' })).toHaveProperty('disabled', false)
		expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull()
	})

	test('an extended, acknowledged request says so instead of offering the step again; the reason error is its own form’s', async () => {
		renderInRouter(
			<RequestPanel
				request={opened({ acknowledgedAt: '2026-11-23T15:00:00.000Z', extendedAt: '2026-12-01T15:00:00.000Z', extensionReason: 'Archive' })}
				result={{ ok: false, form: 'erase', errors: { reason: 'Say why the data is erased (at least 10 characters)' } }}
				busy={false}
			/>,
		)
		expect(await screen.findByText('Receipt confirmed 2026-11-23.')).toBeTruthy()
		expect(screen.getByText('Extended: Archive')).toBeTruthy()
		expect(screen.queryByRole('button', { name: /^Confirm receipt/ })).toBeNull()
		expect(screen.getByLabelText('Reason for erasing').getAttribute('aria-invalid')).toBe('true')
		expect(screen.getAllByText('Say why the data is erased (at least 10 characters)')).toHaveLength(1)
	})

	test('a closed request shows its steps only', async () => {
		renderInRouter(
			<RequestPanel
				request={opened({
					status: 'closed',
					outcome: 'answered',
					steps: [{ id: 1, at: '2026-11-20T14:05:00.000Z', step: 'recorded', actorEmail: 'privacy@lender.example', detail: {} }],
				})}
				result={undefined}
				busy={false}
			/>,
		)
		expect((await screen.findByRole('list', { name: 'Steps of this request' })).textContent).toBe(
			'2026-11-20 14:05 UTC: recorded by privacy@lender.example',
		)
		expect(screen.queryByRole('button')).toBeNull()
	})
})
