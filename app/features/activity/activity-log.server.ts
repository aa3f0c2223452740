import { AsyncLocalStorage } from 'node:async_hooks'
import type { RouterContextProvider } from 'react-router'
import { requestInfoContext } from '#app/context.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import type { Database } from '#db/client.ts'
import { activityLog } from '#db/schema.ts'
import { type ActivityAction, type SubjectKind, activityActionSchema, canonicalContent } from './activity-entry.ts'

/** Where a request came from, as the server established it (never a header taken as is, docs/decisions/0077). */
export type RequestFacts = { ip: string | null; userAgent: string | null }

/** Who did it, as they were at the time, and from where; every field may be unknown (a failed sign-in has no account). */
export type ActivityActor = { id: string | null; email: string | null; roles: string | null } & RequestFacts

/** A staff member acting in a request: lead code passes it where it passes a StaffUser (docs/decisions/0087). */
export type ActingStaff = StaffUser & { request?: RequestFacts }

export type ActivitySubject = { kind: SubjectKind; id: string | null }
export type ActivityRecord = { action: ActivityAction; subject?: ActivitySubject | null }

const NO_REQUEST: RequestFacts = { ip: null, userAgent: null }

/** Facts of the request being handled, for code that only has the request's async context (better-auth's hooks). */
const currentRequest = new AsyncLocalStorage<RequestFacts>()

/** The request's facts from its router context (null outside a request, as in a script). */
export function requestFactsOf(context: Readonly<RouterContextProvider>): RequestFacts {
	try {
		const info = context.get(requestInfoContext)
		return { ip: info.clientIp, userAgent: info.userAgent }
	} catch {
		return currentRequest.getStore() ?? NO_REQUEST
	}
}

/** Root middleware: the rest of the request runs with its facts at hand (see currentRequestFacts). */
export function withRequestFacts<T>(context: Readonly<RouterContextProvider>, next: () => Promise<T>): Promise<T> {
	return currentRequest.run(requestFactsOf(context), next)
}

/** The facts of the request this code runs in, when a root middleware set them. */
export const currentRequestFacts = (): RequestFacts => currentRequest.getStore() ?? NO_REQUEST

/** The one place an actor is made: the staff member (as they are now) and the request's facts. */
export function activityActor(
	staff: Pick<StaffUser, 'id' | 'email' | 'roles'> | null,
	facts: RequestFacts = currentRequestFacts(),
): ActivityActor {
	return { id: staff?.id ?? null, email: staff?.email ?? null, roles: staff ? staff.roles.join(',') : null, ...facts }
}

/** A job acting for nobody (the daily retention run): its entries have no person, address or device (docs/decisions/0087). */
export const JOB_ACTOR: ActivityActor = activityActor(null, NO_REQUEST)

/** The staff member of a route's loader or action, with the request's facts, for code that takes a StaffUser. */
export const actingStaff = (staff: StaffUser, context: Readonly<RouterContextProvider>): ActingStaff => ({
	...staff,
	request: requestFactsOf(context),
})

/** The actor of a StaffUser that may carry its request's facts (ActingStaff). */
export const actorOfStaff = (staff: ActingStaff) => activityActor(staff, staff.request ?? currentRequestFacts())

/**
 * Appends entries to the activity log in one statement: in the caller's transaction when given one, so a change and its
 * entry commit together. The insert trigger chains them (drizzle/0019_activity_log.sql). An action that does not fit
 * its schema throws: nothing is logged in a shape nobody reads.
 */
export async function appendActivity(executor: Database | Transaction, actor: ActivityActor, records: readonly ActivityRecord[]) {
	if (records.length === 0) return
	const at = new Date()
	const rows = records.map((record) => {
		const action = activityActionSchema.parse(record.action)
		// What jsonb will give back: undefined keys dropped, dates as text.
		const details = JSON.parse(JSON.stringify(action.details)) as unknown
		const subject = { kind: record.subject?.kind ?? null, id: record.subject?.id ?? null }
		const actorFields = { id: actor.id, email: actor.email, roles: actor.roles }
		return {
			at,
			actorId: actor.id,
			actorEmail: actor.email,
			actorRoles: actor.roles,
			ip: actor.ip,
			userAgent: actor.userAgent,
			action: action.type,
			subjectKind: subject.kind,
			subjectId: subject.id,
			details,
			canonical: canonicalContent({
				at,
				actor: actorFields,
				ip: actor.ip,
				userAgent: actor.userAgent,
				action: action.type,
				subject,
				details,
			}),
		}
	})
	await executor.insert(activityLog).values(rows)
}

/** One entry, for the common case. */
export const recordActivity = (executor: Database | Transaction, actor: ActivityActor, action: ActivityAction, subject?: ActivitySubject) =>
	appendActivity(executor, actor, [{ action, subject: subject ?? null }])
