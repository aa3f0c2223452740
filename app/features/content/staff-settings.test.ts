import { describe, expect, test } from 'vitest'
import { type StaffMailSetting, staffMailChangeNote, staffMailSettingFor } from './staff-settings.ts'

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

/** docs/decisions/0089: full details are kept with who switched them on, when and why. */
describe('who chose full staff e-mail, when and why', () => {
	const reason = 'Our CRM needs the borrower in each e-mail'
	const stored = full(reason)
	const now = new Date('2026-11-28T08:15:00.000Z')

	test('the reason already stored keeps its admin and its time', () => {
		expect(staffMailSettingFor({ staffMailDetail: 'full', staffMailReason: reason }, stored, 'second@example.com', now)).toEqual(stored)
	})

	test('a new reason records the new reason, this admin and now, not the earlier ones', () => {
		const newReason = 'Audit 2026-12 asked for it'
		expect(staffMailSettingFor({ staffMailDetail: 'full', staffMailReason: newReason }, stored, 'second@example.com', now)).toEqual({
			detail: 'full',
			reason: newReason,
			by: 'second@example.com',
			at: '2026-11-28T08:15:00.000Z',
		})
	})

	test('minimal forgets the reason', () => {
		expect(staffMailSettingFor({ staffMailDetail: 'minimal' }, stored, 'second@example.com', now)).toEqual({ detail: 'minimal' })
	})
})
