import { and, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leads, users } from '#db/schema.ts'
import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import { escalationEmail } from './lead-assignment-mail.ts'
import { claimDueTasks } from './claim-due-tasks.server.ts'
import { taskEscalationEmail } from './task-mail.ts'
import { stateForStaff } from '../display/lead-notifications.ts'
import { parseApplication } from '../model/lead-application.ts'
import { REPEAT_INQUIRY_DAYS } from '../model/repeat-inquiry.ts'
import { getRoutingSettings, managerEmails } from './lead-routing.server.ts'

/** Leads escalated per run; the next run (a few seconds later) takes the rest. */
const ESCALATION_BATCH = 50
/**
 * docs/decisions/0063: the same people's other untouched requests read (and locked, marked and listed) per run. A
 * visitor who sent thousands of requests with one phone made each run read, lock, mark and list all of them in
 * one transaction: the soak's first escalation took hundreds of MB the process never gave back. The rest are
 * marked when they fall due themselves, without another e-mail (their person is already escalated).
 */
export const RELATED_BATCH = 50

type Untouched = {
	id: string
	firstName: string
	lastName: string
	loanType: string | null
	createdAt: Date
	assignedTo: string | null
	emailNormalized: string | null
	phoneNormalized: string | null
	escalatedAt: Date | null
	message: string | null
}

/** docs/decisions/0053: requests that share an e-mail or a phone (directly or through another request) are one person. */
export function groupByPerson<T extends { id: string; emailNormalized: string | null; phoneNormalized: string | null }>(
	requests: readonly T[],
): T[][] {
	const parent = new Map(requests.map((request) => [request.id, request.id]))
	const root = (id: string): string => {
		const up = parent.get(id)!
		return up === id ? id : root(up)
	}
	const firstWithKey = new Map<string, string>()
	for (const request of requests) {
		for (const key of [
			request.emailNormalized && `e:${request.emailNormalized}`,
			request.phoneNormalized && `p:${request.phoneNormalized}`,
		]) {
			if (!key) continue
			const seen = firstWithKey.get(key)
			if (seen) parent.set(root(request.id), root(seen))
			else firstWithKey.set(key, request.id)
		}
	}
	const groups = new Map<string, T[]>()
	for (const request of requests) {
		const key = root(request.id)
		const group = groups.get(key)
		if (group) group.push(request)
		else groups.set(key, [request])
	}
	return [...groups.values()]
}

/**
 * docs/decisions/0036, speed-to-lead: a new lead nobody has contacted for the configured minutes is escalated once
 * to the managers (moderators and admins; the settings' admin e-mail when there are none). One e-mail
 * per person (docs/decisions/0053): their other untouched requests of the repeat-inquiry window go in
 * the same e-mail, and a person already escalated and still untouched is not escalated again. Marking
 * the leads and queueing the e-mails is one transaction, and leads another process is escalating are
 * skipped, so several processes may run this at once without a second e-mail. Answers how many leads
 * were escalated.
 */
type EscalationOptions = {
	baseUrl: string
	fallbackEmail: () => Promise<string>
	timeZone?: () => Promise<string>
	/** docs/decisions/0089: the Settings' staff e-mail detail; minimal when not given. */
	detail?: () => Promise<StaffMailDetail>
}

/**
 * What both escalations need before their transaction: the escalation minutes (null when switched off), the fallback
 * address, the office's time zone and the mail detail. Read before the transaction: the content store queries the
 * database itself, and on the embedded database (one connection) a query outside an open transaction waits for it to
 * end, so for ever.
 */
async function escalationSetting(db: Database, options: EscalationOptions) {
	const { escalationMinutes } = await getRoutingSettings(db)
	if (escalationMinutes <= 0) return null
	return {
		escalationMinutes,
		fallbackEmail: await options.fallbackEmail(),
		timeZone: options.timeZone ? await options.timeZone() : DEFAULT_TIME_ZONE,
		detail: options.detail ? await options.detail() : ('minimal' as const),
	}
}

export async function escalateUntouchedLeads(db: Database, options: EscalationOptions) {
	const setting = await escalationSetting(db, options)
	if (!setting) return 0
	const { escalationMinutes, fallbackEmail, timeZone, detail } = setting
	return db.transaction(async (tx) => {
		const columns = {
			id: leads.id,
			firstName: leads.firstName,
			lastName: leads.lastName,
			loanType: leads.loanType,
			createdAt: leads.createdAt,
			assignedTo: leads.assignedTo,
			emailNormalized: leads.emailNormalized,
			phoneNormalized: leads.phoneNormalized,
			escalatedAt: leads.escalatedAt,
			message: leads.message,
		}
		const untouched = and(isNull(leads.firstContactedAt), eq(leads.status, 'new'))
		const due: Untouched[] = await tx
			.select(columns)
			.from(leads)
			.where(and(untouched, isNull(leads.escalatedAt), lte(leads.createdAt, sql`now() - make_interval(mins => ${escalationMinutes})`)))
			.orderBy(leads.createdAt)
			.limit(ESCALATION_BATCH)
			.for('update', { skipLocked: true })
		if (due.length === 0) return 0
		const emails = due.flatMap((lead) => (lead.emailNormalized ? [lead.emailNormalized] : []))
		const phones = due.flatMap((lead) => (lead.phoneNormalized ? [lead.phoneNormalized] : []))
		// The same person's other untouched requests, escalated already or not yet due: those already escalated first
		// (one is enough to know managers have heard of the person), then the oldest, RELATED_BATCH of them at most.
		const samePerson = [
			...(emails.length > 0 ? [inArray(leads.emailNormalized, [...new Set(emails)])] : []),
			...(phones.length > 0 ? [inArray(leads.phoneNormalized, [...new Set(phones)])] : []),
		]
		const relatedAndOneMore: Untouched[] =
			samePerson.length === 0
				? []
				: await tx
						.select(columns)
						.from(leads)
						.where(
							and(
								untouched,
								or(...samePerson),
								gt(leads.createdAt, sql`now() - make_interval(days => ${REPEAT_INQUIRY_DAYS})`),
								notInArray(
									leads.id,
									due.map((lead) => lead.id),
								),
							),
						)
						.orderBy(sql`${leads.escalatedAt} is null`, leads.createdAt)
						.limit(RELATED_BATCH + 1)
						.for('update', { skipLocked: true })
		// One more than is taken says whether a person may have more requests than the e-mail lists.
		const more = relatedAndOneMore.length > RELATED_BATCH
		const related = relatedAndOneMore.slice(0, RELATED_BATCH)
		const relatedIds = new Set(related.map((lead) => lead.id))
		const people = groupByPerson([...due, ...related])
		const toMark = people.flatMap((person) => person.filter((lead) => lead.escalatedAt === null))
		await tx
			.update(leads)
			.set({ escalatedAt: sql`now()` })
			.where(
				inArray(
					leads.id,
					toMark.map((lead) => lead.id),
				),
			)
		const managers = await managerEmails(tx)
		const to = managers.length > 0 ? managers : [fallbackEmail]
		const assigneeIds = [...new Set(toMark.map((lead) => lead.assignedTo).filter((id): id is string => id !== null))]
		const names = new Map(
			assigneeIds.length === 0
				? []
				: (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, assigneeIds))).map((user) => [
						user.id,
						user.name,
					]),
		)
		for (const person of people) {
			// Managers already know of this person: their earlier request is escalated and still untouched.
			if (person.some((lead) => lead.escalatedAt !== null)) continue
			const requests = person.map((lead) => ({
				...lead,
				state: stateForStaff(parseApplication(lead.message)),
				assigneeName: lead.assignedTo ? (names.get(lead.assignedTo) ?? null) : null,
			}))
			const listsAll = !more || !person.some((lead) => relatedIds.has(lead.id))
			// docs/decisions/0113: on the timeline of the person's oldest request, the one the e-mail names first.
			const oldest = [...person].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!
			await enqueueMail(
				tx,
				'lead-escalation',
				escalationEmail(to, requests, escalationMinutes, { baseUrl: options.baseUrl, timeZone, more: !listsAll, detail }),
				{ leadId: oldest.id },
			)
		}
		await tx
			.insert(leadActivity)
			.values(toMark.map((lead) => ({ leadId: lead.id, action: 'escalated' as const, detail: { minutes: escalationMinutes } })))
		return toMark.length
	})
}

/**
 * docs/decisions/0105: an open follow-up task still not done the escalation minutes (Lead Routing, 0 = off) after it was
 * due counts like an untouched lead: it is escalated once to the same managers, the same way. One transaction marks
 * `escalated_at` on up to 50 such tasks (`FOR UPDATE SKIP LOCKED`, so processes running it together never pick the
 * same task), queues one e-mail per task with the lead's link and the task's owner, and logs `task_escalated` in the
 * lead's history. Answers how many tasks were escalated.
 */
export async function escalateOverdueTasks(db: Database, options: EscalationOptions) {
	const setting = await escalationSetting(db, options)
	if (!setting) return 0
	const { escalationMinutes, fallbackEmail, timeZone, detail } = setting
	return db.transaction(async (tx) => {
		const { due, names } = await claimDueTasks(tx, 'escalatedAt', sql`now() - make_interval(mins => ${escalationMinutes})`)
		if (due.length === 0) return 0
		const managers = await managerEmails(tx)
		const to = managers.length > 0 ? managers : [fallbackEmail]
		const ownerIds = [...new Set(due.flatMap((task) => (task.assignedTo ? [task.assignedTo] : [])))]
		const owners = new Map(
			ownerIds.length === 0
				? []
				: (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds))).map((user) => [
						user.id,
						user.name,
					]),
		)
		for (const task of due) {
			const lead = names.get(task.leadId) ?? { firstName: 'Lead', lastName: '' }
			await enqueueMail(
				tx,
				'task-escalation',
				taskEscalationEmail(
					to,
					{
						...task,
						firstName: lead.firstName,
						lastName: lead.lastName,
						assigneeName: task.assignedTo ? (owners.get(task.assignedTo) ?? null) : null,
					},
					escalationMinutes,
					{ baseUrl: options.baseUrl, timeZone, detail },
				),
				{ leadId: task.leadId },
			)
		}
		await tx.insert(leadActivity).values(
			due.map((task) => ({
				leadId: task.leadId,
				action: 'task_escalated' as const,
				detail: { taskId: task.id, kind: task.kind, minutes: escalationMinutes },
			})),
		)
		return due.length
	})
}
