import { expect, test } from 'vitest'
import { hashPassword, verifyPassword } from './password-hash.server.ts'

test('a password is kept as Argon2id with OWASP’s parameters, and only it verifies', async () => {
	const hash = await hashPassword('Quiet-Harbour-Tulip-42')
	expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
	expect(await verifyPassword({ hash, password: 'Quiet-Harbour-Tulip-42' })).toBe(true)
	expect(await verifyPassword({ hash, password: 'Quiet-Harbour-Tulip-43' })).toBe(false)
})

test('a stored value that is not a hash (a damaged row, an old scheme) verifies no password', async () => {
	expect(await verifyPassword({ hash: 'not-a-hash', password: 'not-a-hash' })).toBe(false)
	expect(await verifyPassword({ hash: '', password: '' })).toBe(false)
})
