import { isUuid } from '#app/features/http/uuid.ts'
import { type SQL, and, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import { can } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { AssignedFilter } from '../model/lead-assignment.ts'

/**
 * docs/decisions/0034: the leads a staff member may read and change. Managers and admins: every lead. A loan
 * officer: the leads assigned to them and the unassigned pool; any other lead answers as if it did not
 * exist, so guessing an id tells nothing.
 */
export function leadScope(actor: StaffUser): SQL | undefined {
	if (can(actor.roles, 'leads.all')) return undefined
	return or(eq(leads.assignedTo, actor.id), isNull(leads.assignedTo))
}

/**
 * leadScope as disjoint parts whose union it is, so a count can read each part by its own index (docs/decisions/0114):
 * every lead for a manager (no condition); an officer's own leads, then the unassigned pool.
 */
export function leadScopeParts(actor: StaffUser): [SQL | undefined, ...SQL[]] {
	if (can(actor.roles, 'leads.all')) return [undefined]
	return [eq(leads.assignedTo, actor.id), isNull(leads.assignedTo)]
}

/** The "Assigned" filter: my leads, or the unassigned pool; everyone (`all`, or none) is the actor's whole scope. */
export function assignedCondition(actor: StaffUser, assigned: AssignedFilter | null | undefined): SQL | undefined {
	if (assigned === 'me') return eq(leads.assignedTo, actor.id)
	if (assigned === 'unassigned') return isNull(leads.assignedTo)
	return undefined
}

/**
 * docs/decisions/0106: the list starts where its reader works. A loan officer's opens on their own leads (the pool is
 * one tap away); a manager's, who works everyone's, on every lead. A filter in the address always wins.
 */
export function defaultAssigned(actor: StaffUser, assigned: AssignedFilter | null | undefined): AssignedFilter | null {
	if (assigned) return assigned
	return can(actor.roles, 'leads.all') ? null : 'me'
}

/** One lead, within what the actor may see. */
export const leadInScope = (actor: StaffUser, leadId: string) => and(eq(leads.id, leadId), leadScope(actor))

/**
 * docs/decisions/0049: the one lookup every lead action and the details go through. A lead outside the actor's scope,
 * a deleted one, a made-up id and something that is not an id at all are the same answer: null ("No such lead").
 */
export async function findLeadInScope(db: Database, actor: StaffUser, leadId: string | null | undefined) {
	if (!leadId || !isUuid(leadId)) return null
	const [lead] = await db.select({ id: leads.id, assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, leadId))
	return lead ?? null
}
