import { describe, expect, test } from 'vitest'
import { twoFactorChoiceSchema, twoFactorSettingFor } from './two-factor-setting.ts'

const stored = { reason: 'Our auditors approved a pilot', by: 'first@example.com', at: '2026-11-01T09:00:00.000Z' }
const now = new Date('2026-11-27T15:30:00.000Z')

/** docs/decisions/0088: switching the second factor off is kept with who, when and why. */
describe('who switched the second factor off, when and why', () => {
	test('the reason already stored keeps its admin and its time', () => {
		expect(twoFactorSettingFor({ requireTwoFactor: false, twoFactorOffReason: stored.reason }, stored, 'second@example.com', now)).toEqual({
			requireTwoFactor: false,
			twoFactorOff: stored,
		})
	})

	test('a new reason records this admin and now, not the earlier admin', () => {
		const reason = 'The pilot was extended to December'
		expect(twoFactorSettingFor({ requireTwoFactor: false, twoFactorOffReason: reason }, stored, 'second@example.com', now)).toEqual({
			requireTwoFactor: false,
			twoFactorOff: { reason, by: 'second@example.com', at: '2026-11-27T15:30:00.000Z' },
		})
	})

	test('on again forgets the reason', () => {
		expect(twoFactorSettingFor({ requireTwoFactor: true }, stored, 'second@example.com', now)).toEqual({
			requireTwoFactor: true,
			twoFactorOff: null,
		})
	})

	test('the reason is 10 characters or more: 9 are refused, 10 are enough', () => {
		expect(twoFactorChoiceSchema.safeParse({ requireTwoFactor: false, twoFactorOffReason: 'x'.repeat(9) }).success).toBe(false)
		expect(twoFactorChoiceSchema.safeParse({ requireTwoFactor: false, twoFactorOffReason: 'x'.repeat(10) }).success).toBe(true)
	})
})
