import { type Placeholder, type SQL, and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { accounts, leadActivity, leadRoutingOfficers, leadRoutingSettings, leads, users } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import type { OfficerRoutingInput, RoutingSettingsInput } from '../model/lead-assignment.ts'
import { propertyStateOf } from '../model/property-state.ts'

type Executor = Database | Transaction

export type RoutingSettings = { autoAssign: boolean; escalationMinutes: number }
export const DEFAULT_ROUTING_SETTINGS: RoutingSettings = { autoAssign: true, escalationMinutes: 15 }

/** Any advisory-lock key of our own: lead creations pick their officer one after another. */
const ROUTING_LOCK = 7_310_010

export async function getRoutingSettings(db: Executor): Promise<RoutingSettings> {
	const [row] = await db
		.select({ autoAssign: leadRoutingSettings.autoAssign, escalationMinutes: leadRoutingSettings.escalationMinutes })
		.from(leadRoutingSettings)
		.where(eq(leadRoutingSettings.id, 1))
	return row ?? DEFAULT_ROUTING_SETTINGS
}

export async function saveRoutingSettings(db: Database, actor: StaffUser, input: RoutingSettingsInput) {
	const values = { ...input, updatedAt: new Date(), updatedBy: actor.email }
	await db
		.insert(leadRoutingSettings)
		.values({ id: 1, ...values })
		.onConflictDoUpdate({ target: leadRoutingSettings.id, set: values })
}

/** Holds the role `user` (a loan officer), is not disabled and has chosen a password (accepted the invitation). */
export const activeOfficerCondition = and(
	sql`${users.role} ~ '(^|,)\\s*user\\s*(,|$)'`,
	sql`coalesce(${users.banned}, false) = false`,
	sql`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.password} is not null)`,
)

export type OfficerRouting = {
	id: string
	name: string
	email: string
	receivesLeads: boolean
	states: string[]
	loanTypes: string[]
	lastRoutedAt: Date | null
}

/** Every active loan officer with their routing rule (no rule: receives every lead). */
export async function listOfficers(db: Executor): Promise<OfficerRouting[]> {
	const rows = await db
		.select({
			id: users.id,
			name: users.name,
			email: users.email,
			receivesLeads: leadRoutingOfficers.receivesLeads,
			states: leadRoutingOfficers.states,
			loanTypes: leadRoutingOfficers.loanTypes,
			lastRoutedAt: leadRoutingOfficers.lastRoutedAt,
		})
		.from(users)
		.leftJoin(leadRoutingOfficers, eq(leadRoutingOfficers.userId, users.id))
		.where(activeOfficerCondition)
		.orderBy(asc(users.name), asc(users.email))
	return rows.map((row) => ({ ...row, receivesLeads: row.receivesLeads ?? true, states: row.states ?? [], loanTypes: row.loanTypes ?? [] }))
}

/** The officer, if the id belongs to an active one. */
export async function findActiveOfficer(db: Executor, userId: string) {
	const [officer] = await db
		.select({ id: users.id, name: users.name, email: users.email })
		.from(users)
		.where(and(eq(users.id, userId), activeOfficerCondition))
	return officer ?? null
}

/** Saves one officer's rule; false when the id is not an active officer. */
export async function saveOfficerRouting(db: Database, input: OfficerRoutingInput) {
	if (!(await findActiveOfficer(db, input.userId))) return false
	const values = { receivesLeads: input.receivesLeads, states: input.states, loanTypes: input.loanTypes }
	await db
		.insert(leadRoutingOfficers)
		.values({ userId: input.userId, ...values })
		.onConflictDoUpdate({ target: leadRoutingOfficers.userId, set: values })
	return true
}

/** The property's state, read the one way (kept here for routing's callers; it lives with the lead's mapping). */
export { propertyStateOf }

export type RoutedLead = { state: string | null; loanType: string | null }

/** The history entry routing writes for a lead. */
export type RoutingHistoryEntry = { leadId: string; action: 'assigned'; detail: { toId: string; toName: string; by: 'routing' } }

/** The active officers whose rule accepts the lead's state and loan type (no rule: every lead); placeholders for a prepared statement. */
const officerFits = (lead: { [K in keyof RoutedLead]: RoutedLead[K] | Placeholder }) =>
	and(
		activeOfficerCondition,
		sql`coalesce(${leadRoutingOfficers.receivesLeads}, true)`,
		sql`(coalesce(cardinality(${leadRoutingOfficers.states}), 0) = 0 or ${lead.state}::text = any(${leadRoutingOfficers.states}))`,
		sql`(coalesce(cardinality(${leadRoutingOfficers.loanTypes}), 0) = 0 or ${lead.loanType}::text = any(${leadRoutingOfficers.loanTypes}))`,
	)

/** The officer whose turn it is: the one who waited longest since their last routed lead. */
const nextOfficer = (executor: Executor, lead: RoutedLead) =>
	executor
		.select({ id: users.id, name: users.name, email: users.email })
		.from(users)
		.leftJoin(leadRoutingOfficers, eq(leadRoutingOfficers.userId, users.id))
		.where(officerFits(lead))
		.orderBy(sql`${leadRoutingOfficers.lastRoutedAt} asc nulls first`, asc(users.createdAt), asc(users.id))
		.limit(1)

/**
 * One boolean expression, for a statement that reads other facts too: is automatic routing on and does
 * an active officer accept this lead? True is only a hint: routeNewLead and takeRoutingTurn look again
 * under the routing lock. (No settings row: the defaults, routing on.)
 */
export function routingWouldAssign(db: Executor, lead: { [K in keyof RoutedLead]: RoutedLead[K] | Placeholder }): SQL {
	const autoAssign = db
		.select({ autoAssign: leadRoutingSettings.autoAssign })
		.from(leadRoutingSettings)
		.where(eq(leadRoutingSettings.id, 1))
	const anyOfficer = db
		.select({ one: sql`1` })
		.from(users)
		.leftJoin(leadRoutingOfficers, eq(leadRoutingOfficers.userId, users.id))
		.where(officerFits(lead))
	return sql`(coalesce((${autoAssign}), ${DEFAULT_ROUTING_SETTINGS.autoAssign}) and exists (${anyOfficer}))`
}

/**
 * docs/decisions/0035, inside the lead's transaction, when routingWouldAssign said yes: takes the routing
 * lock (two leads created at once must not both go to the officer whose turn it is) and answers the
 * officer whose turn it now is, or null when nobody fits any more. The caller records the assignment
 * with routingAssignmentWrites, in the same transaction.
 */
export async function takeRoutingTurn(tx: Transaction, lead: RoutedLead) {
	await tx.execute(sql`select pg_advisory_xact_lock(${ROUTING_LOCK})`)
	const [officer] = await nextOfficer(tx, lead)
	return officer ?? null
}

/**
 * What routing writes besides the lead's own assigned_to and assigned_at, as common table expressions
 * for the statement that inserts the lead: the officer's turn and the lead's history entry.
 */
export function routingAssignmentWrites(tx: Transaction, leadId: string, officer: { id: string; name: string }) {
	return [
		tx.$with('routing_turn').as(
			tx
				.insert(leadRoutingOfficers)
				.values({ userId: officer.id, lastRoutedAt: sql`now()` })
				.onConflictDoUpdate({ target: leadRoutingOfficers.userId, set: { lastRoutedAt: sql`now()` } })
				.returning({ userId: leadRoutingOfficers.userId }),
		),
		tx.$with('routing_history').as(
			tx
				.insert(leadActivity)
				.values({ leadId, action: 'assigned', detail: { toId: officer.id, toName: officer.name, by: 'routing' } })
				.returning({ id: leadActivity.id }),
		),
	] as const
}

/**
 * docs/decisions/0035, automatic routing, inside the lead's creation transaction: round-robin among the active
 * officers whose rule accepts the lead's state and loan type (the one who waited longest since their
 * last routed lead goes first). Answers the officer, or null (routing off or nobody fits: the lead stays
 * in the unassigned pool). `recordHistory`: how the history entry is written when a manager routes a waiting lead
 * (docs/decisions/0108); a new lead's has no actor.
 */
export async function routeNewLead(
	tx: Transaction,
	lead: { id: string } & RoutedLead,
	recordHistory?: (tx: Transaction, entry: RoutingHistoryEntry) => Promise<void>,
) {
	const settings = await getRoutingSettings(tx)
	if (!settings.autoAssign) return null
	// Nobody fits: the lead goes to the pool without waiting for, or holding, the routing lock.
	if ((await nextOfficer(tx, lead)).length === 0) return null
	// Two leads created at once must not both go to the officer whose turn it is: take turns, then look again.
	const officer = await takeRoutingTurn(tx, lead)
	if (!officer) return null
	await tx
		.insert(leadRoutingOfficers)
		.values({ userId: officer.id, lastRoutedAt: sql`now()` })
		.onConflictDoUpdate({ target: leadRoutingOfficers.userId, set: { lastRoutedAt: sql`now()` } })
	await tx.update(leads).set({ assignedTo: officer.id, assignedAt: sql`now()` }).where(eq(leads.id, lead.id))
	const detail = { toId: officer.id, toName: officer.name, by: 'routing' } as const
	// docs/decisions/0108: a manager who routes a waiting lead records it in their name (its history and the activity log).
	if (recordHistory) await recordHistory(tx, { leadId: lead.id, action: 'assigned', detail })
	else await tx.insert(leadActivity).values({ leadId: lead.id, action: 'assigned', detail })
	return officer
}

/** The e-mail addresses of managers (moderators and admins) who may sign in. */
export async function managerEmails(db: Executor) {
	const rows = await db
		.select({ email: users.email })
		.from(users)
		.where(
			and(
				sql`${users.role} ~ '(^|,)\\s*(admin|moderator)\\s*(,|$)'`,
				sql`coalesce(${users.banned}, false) = false`,
				isNotNull(users.email),
			),
		)
		.orderBy(asc(users.email))
	return rows.map((row) => row.email)
}
