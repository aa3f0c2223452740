import { Form, Link } from 'react-router'
import { buttonClass, cardClass } from '#app/components/ui/styles.ts'
import { backlogQuestion, waitingText } from '#app/features/leads/model/lead-bulk.ts'

/** The address of the question, and of the screen without it. */
export const ROUTING_PATH = '/dashboard/routing'
export const CONFIRM_BACKLOG = 'assign-backlog'

/**
 * docs/decisions/0108: with automatic assignment on, the leads waiting in the unassigned pool and a way to route them
 * all by the rules. It asks first, on the page itself (a link to the question, then a form that posts), so it works
 * before the scripts have loaded (docs/decisions/0078).
 */
export function BacklogPanel({ waiting, confirming, answer }: { waiting: number; confirming: boolean; answer: string | null }) {
	return (
		<section className={`${cardClass} space-y-3 p-5`} aria-labelledby="routing-backlog" data-testid="routing-backlog">
			<h2 id="routing-backlog" className="text-lg font-bold text-slate-900">
				Unassigned leads
			</h2>
			{answer ? (
				<p role="status" className="text-sm text-green-800" data-testid="backlog-answer">
					{answer}
				</p>
			) : null}
			<p className="text-slate-800" data-testid="backlog-count">
				{waitingText(waiting)}
			</p>
			{waiting > 0 && !confirming ? (
				<Link to={`${ROUTING_PATH}?${CONFIRM_BACKLOG}=1`} className={buttonClass.secondary} preventScrollReset>
					Assign them by the routing rules…
				</Link>
			) : null}
			{waiting > 0 && confirming ? (
				<Form method="post" action={ROUTING_PATH} className="space-y-3 rounded-md bg-amber-50 p-4" aria-label="Assign the waiting leads">
					<input type="hidden" name="intent" value="backlog" />
					<p className="text-sm text-amber-900">{backlogQuestion(waiting)}</p>
					<div className="flex flex-wrap gap-2">
						<button type="submit" className={buttonClass.primary}>
							Assign {waiting === 1 ? 'it' : `all ${waiting}`}
						</button>
						<Link to={ROUTING_PATH} className={buttonClass.secondary} preventScrollReset>
							Cancel
						</Link>
					</div>
				</Form>
			) : null}
		</section>
	)
}
