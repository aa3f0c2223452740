import { expect, test } from 'vitest'
import { withoutEmails } from './safe-log.server.ts'

test('every e-mail address in a log text is replaced, not only the first', () => {
	expect(withoutEmails('user jane.doe@example.com and <bob+x@mail.example.org> not found')).toBe('user [email] and <[email]> not found')
	expect(withoutEmails('no address here: @ and example.com')).toBe('no address here: @ and example.com')
})
