import { errorForLog } from '#app/features/logging/safe-error.ts'
import type { Logger } from '#app/context.ts'
import { withoutEmails } from '#app/features/security/safe-log.server.ts'

/** An argument better-auth logs: errors by their summary, plain values without e-mails, objects by their kind only. */
function describeArgument(value: unknown) {
	if (value instanceof Error) return errorForLog(value)
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return withoutEmails(String(value))
	return typeof value
}

/**
 * better-auth's own logger, sent through the app's logger: JSON lines like every other log line, with
 * no personal data (e-mail addresses scrubbed, objects reduced to their kind).
 */
export function authLogger(log: Logger | undefined) {
	return {
		level: 'info' as const,
		disabled: !log,
		log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
			if (!log || level === 'debug') return
			const details = args.map(describeArgument)
			log[level]({ source: 'better-auth', ...(details.length > 0 ? { details } : {}) }, withoutEmails(String(message)))
		},
	}
}
