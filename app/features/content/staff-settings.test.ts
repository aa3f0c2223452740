import { describe, expect, test } from 'vitest'
import { type StaffMailSetting, staffMailChangeNote } from './staff-settings.ts'

const full = (reason: string): StaffMailSetting => ({ detail: 'full', reason, by: 'admin@example.com', at: '2026-11-27T10:00:00.000Z' })

/** docs/decisions/0089: the settings version that changes the staff e-mail's detail carries the change, and its reason, as its note. */
describe('the note of a change to the staff e-mail detail', () => {
	test('switched to full: the reason; a new reason while full: the new reason; back to minimal: said so', () => {
		expect(staffMailChangeNote({ detail: 'minimal' }, full('Our CRM needs the borrower in each e-mail'))).toBe(
			'Staff e-mail set to full details. Reason: Our CRM needs the borrower in each e-mail',
		)
		expect(staffMailChangeNote(full('Our CRM needs the borrower in each e-mail'), full('Audit 2026-12 asked for it'))).toBe(
			'Staff e-mail set to full details. Reason: Audit 2026-12 asked for it',
		)
		expect(staffMailChangeNote(full('Audit 2026-12 asked for it'), { detail: 'minimal' })).toBe('Staff e-mail set to minimal details')
	})

	test('the same setting again has no note', () => {
		expect(staffMailChangeNote(full('Audit 2026-12 asked for it'), full('Audit 2026-12 asked for it'))).toBeNull()
		expect(staffMailChangeNote({ detail: 'minimal' }, { detail: 'minimal' })).toBeNull()
	})
})
