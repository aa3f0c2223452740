/**
 * What the visitor is told after the long form (spec 1 §2 step 18, §8): the scheduler's promise only
 * when a scheduler is configured (SCHEDULING_URL); otherwise what really happens next.
 */
export function longFormSuccessNotice(schedulingUrl: string | null) {
	return {
		title: 'Application submitted successfully!',
		description: schedulingUrl ? 'Redirecting to schedule your appointment...' : 'A loan officer will call you within 24 hours.',
	}
}
