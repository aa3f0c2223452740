import { describe, expect, test } from 'vitest'
import { passwordProblem } from './password-policy.server.ts'

const TOO_COMMON = 'This password is too common; choose one that is harder to guess'

describe('password policy (OWASP: length and not a common password)', () => {
	test('a common password is refused in any letter case', () => {
		for (const password of ['password1', 'Password1', 'PASSWORD1', 'Iloveyou1', 'QWERTY123'])
			expect(passwordProblem(password)).toBe(TOO_COMMON)
	})

	test('length limits and a long passphrase', () => {
		expect(passwordProblem('Ab1!xyz')).toBe('Password must be at least 8 characters')
		expect(passwordProblem('a'.repeat(129))).toBe('Password must be at most 128 characters')
		expect(passwordProblem('correct horse battery staple')).toBeNull()
	})
})
