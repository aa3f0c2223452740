import { errorForLog } from '#app/features/logging/safe-error.ts'
import type { AppServices } from '#app/context.ts'

const inProgress = new Set<Promise<void>>()

/**
 * decision 0021: "Forgot your password?" answers before anything depends on whether the account
 * exists. The lookup, the reset token and the queued e-mail happen after the answer is on its way, so
 * its timing tells nothing about which e-mails belong to staff. A failure is logged, never shown.
 */
export function startPasswordReset(services: AppServices, email: string) {
	const task: Promise<void> = Promise.resolve()
		.then(() => services.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } }))
		.then(
			() => undefined,
			(error: unknown) => services.log.warn({ err: errorForLog(error) }, 'password reset request failed'),
		)
		.finally(() => inProgress.delete(task))
	inProgress.add(task)
}

/** Resolves when every reset request started so far has finished (tests; a shutdown may wait on it). */
export async function passwordResetsSettled() {
	await Promise.all([...inProgress])
}
