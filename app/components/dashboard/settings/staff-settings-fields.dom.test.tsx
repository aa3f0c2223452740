import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { STAFF_MAIL_REASON_MESSAGE } from '#app/features/content/staff-settings.ts'
import '../../../../tests/render-in-router.tsx'
import { StaffMailFields } from './staff-settings-fields.tsx'

const zone = 'America/New_York'

describe('the staff e-mail setting (docs/decisions/0089)', () => {
	test('minimal asks for nothing more; choosing full asks why, and the same schema as the action refuses a short reason', () => {
		render(<StaffMailFields setting={{ detail: 'minimal' }} timeZone={zone} errors={{}} />)
		expect(screen.getByLabelText('Minimal (recommended)')).toHaveProperty('checked', true)
		expect(screen.queryByLabelText("Why must staff e-mail carry the borrower's details?")).toBeNull()
		fireEvent.click(screen.getByLabelText('Full details'))
		const reason = screen.getByLabelText("Why must staff e-mail carry the borrower's details?")
		expect(reason).toHaveProperty('required', true)
		fireEvent.change(reason, { target: { value: 'because' } })
		fireEvent.blur(reason)
		expect(screen.getByText(STAFF_MAIL_REASON_MESSAGE)).toBeTruthy()
		fireEvent.change(reason, { target: { value: 'Our LOS import reads the phone from the e-mail' } })
		fireEvent.blur(reason)
		expect(screen.queryByText(STAFF_MAIL_REASON_MESSAGE)).toBeNull()
	})

	test('while full is on, the screen says who switched it on, when and why, and keeps the reason in the field', () => {
		const setting = {
			detail: 'full',
			reason: 'Our LOS import reads the phone',
			by: 'owner@example.com',
			at: '2026-11-27T14:05:00.000Z',
		} as const
		render(<StaffMailFields setting={setting} timeZone={zone} errors={{}} />)
		expect(screen.getByTestId('staff-mail-full-since').textContent).toBe(
			'Full details since Friday, November 27, 2026 at 9:05 AM EST, switched on by owner@example.com: Our LOS import reads the phone',
		)
		expect(screen.getByLabelText("Why must staff e-mail carry the borrower's details?")).toHaveProperty(
			'value',
			'Our LOS import reads the phone',
		)
	})

	test("the action's message for the reason shows under the field", () => {
		render(
			<StaffMailFields
				setting={{ detail: 'full', reason: 'x'.repeat(12), by: 'a@example.com', at: '2026-11-27T14:05:00.000Z' }}
				timeZone={zone}
				errors={{ staffMailReason: 'The reason must be at most 500 characters' }}
			/>,
		)
		expect(screen.getByText('The reason must be at most 500 characters')).toBeTruthy()
	})
})
