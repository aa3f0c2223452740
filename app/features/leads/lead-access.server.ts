import { type SQL, and, eq, isNull, or } from 'drizzle-orm'
import { leads } from '#db/schema.ts'
import { can } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { AssignedFilter } from './lead-assignment.ts'

/**
 * Issue 10: the leads a staff member may read and change. Managers and admins: every lead. A loan
 * officer: the leads assigned to them and the unassigned pool; any other lead answers as if it did not
 * exist, so guessing an id tells nothing.
 */
export function leadScope(actor: StaffUser): SQL | undefined {
	if (can(actor.roles, 'leads.all')) return undefined
	return or(eq(leads.assignedTo, actor.id), isNull(leads.assignedTo))
}

/** The "Assigned" filter: my leads, or the unassigned pool. */
export function assignedCondition(actor: StaffUser, assigned: AssignedFilter | null | undefined): SQL | undefined {
	if (assigned === 'me') return eq(leads.assignedTo, actor.id)
	if (assigned === 'unassigned') return isNull(leads.assignedTo)
	return undefined
}

/** One lead, within what the actor may see. */
export const leadInScope = (actor: StaffUser, leadId: string) => and(eq(leads.id, leadId), leadScope(actor))
