import { describe, expect, test } from 'vitest'
import { CONTAINS_COMPANY, CONTAINS_EMAIL, passwordProblem } from './password-policy.server.ts'

const TOO_COMMON = 'This password is too common; choose one that is harder to guess'
const owner = { email: 'jane.doe@example.com', companyName: 'Keystone Lending Co.' }

describe('password policy (OWASP: length and not a common password)', () => {
	test('a common password is refused in any letter case', () => {
		for (const password of ['password1', 'Password1', 'PASSWORD1', 'Iloveyou1', 'QWERTY123'])
			expect(passwordProblem(password, owner)).toBe(TOO_COMMON)
	})

	test('length limits and a long passphrase', () => {
		expect(passwordProblem('Ab1!xyz', owner)).toBe('Password must be at least 8 characters')
		expect(passwordProblem('a'.repeat(129), owner)).toBe('Password must be at most 128 characters')
		expect(passwordProblem('correct horse battery staple', owner)).toBeNull()
	})

	test('8 and 128 characters are each allowed: the limits are inclusive', () => {
		expect(passwordProblem('Xq7#Vb2!', owner)).toBeNull()
		expect(passwordProblem(`Xq7#Vb2!${'z'.repeat(120)}`, owner)).toBeNull()
	})

	test('a control character anywhere in the password is refused', () => {
		expect(passwordProblem('Quiet-Harbour\u0000Tulip-42', owner)).toBe(
			'Contains characters that are not allowed (control characters or broken symbols); please retype it',
		)
	})
})

describe("the account's e-mail and the company's name (docs/decisions/0076)", () => {
	test("a password containing the e-mail's local part is refused, however it is written", () => {
		for (const password of ['jane.doe-2026!', 'JaneDoe#Spring26', 'my jane-doe passphrase', 'jane.doe@example.com'])
			expect(passwordProblem(password, owner), password).toBe(CONTAINS_EMAIL)
	})

	test("a password containing the company's name or its distinctive word is refused", () => {
		for (const password of ['KeystoneLendingCo1!', 'keystone lending co', 'Keystone#2026#Spring', 'my-KEYSTONE-pass'])
			expect(passwordProblem(password, owner), password).toBe(CONTAINS_COMPANY)
	})

	test('the generic words of a name and a very short local part refuse nothing', () => {
		expect(passwordProblem('Lending-Season-Tulip-42', owner)).toBeNull()
		expect(passwordProblem('Jo-Tulip-Harbour-42', { email: 'jo@example.com', companyName: 'Co' })).toBeNull()
		expect(passwordProblem('Quiet-Harbour-Tulip-42', owner)).toBeNull()
	})

	test('a distinctive word of four letters counts; a name of three letters does not', () => {
		expect(passwordProblem('Quiet-Acme-Tulip-42', { ...owner, companyName: 'Acme Lending' })).toBe(CONTAINS_COMPANY)
		expect(passwordProblem('Quiet-Abc-Tulip-42', { ...owner, companyName: 'Abc' })).toBeNull()
	})

	test('each generic word of a name refuses nothing, "capital" too', () => {
		expect(passwordProblem('Capital-Season-Tulip-42', { ...owner, companyName: 'Keystone Capital' })).toBeNull()
	})

	test('a local part of three characters counts; digits in it count too', () => {
		expect(passwordProblem('Quiet-joe-Tulip-42', { ...owner, email: 'joe@example.com' })).toBe(CONTAINS_EMAIL)
		expect(passwordProblem('Quiet-Tulip-Harbour-7', { ...owner, email: 'tulip7@example.com' })).toBeNull()
	})
})
