import { expect, test, vi } from 'vitest'
import type { Logger } from '#app/context.ts'
import { authLogger } from './auth-logger.server.ts'

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() })

test('better-auth’s lines go to the app logger without e-mails; objects by their kind; debug lines not at all', () => {
	const log = logger()
	const auth = authLogger(log as unknown as Logger)
	auth.log('warn', 'no user jane@example.com', 'for jane@example.com', { password: 'secret' }, 3)
	expect(log.warn).toHaveBeenCalledWith({ source: 'better-auth', details: ['for [email]', 'object', '3'] }, 'no user [email]')
	auth.log('info', 'plain')
	expect(log.info).toHaveBeenCalledWith({ source: 'better-auth' }, 'plain')
	auth.log('debug', 'chatty')
	expect(log.debug).not.toHaveBeenCalled()
})
