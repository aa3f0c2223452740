import fs from 'node:fs/promises'
import { and, count, eq, gt, gte, isNotNull, notInArray, sql } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { contactMessages, contentEntries, leadActivity, leads, sessions, users } from '#db/schema.ts'
import { CALL_OUTCOMES } from '#app/features/leads/model/lead-assignment.ts'

export const CHART_DAYS = 30

export type DailyLeads = { day: string; leads: number }

export type SpeedToLead = { contacted: number; waiting: number; medianMs: number | null; p90Ms: number | null }

/**
 * docs/decisions/0036: how long wizard leads of the last 30 days waited for their first call, e-mail or status
 * change (median and 90th percentile), and how many are still waiting.
 */
export async function speedToLead(db: AppServices['db']): Promise<SpeedToLead> {
	const wait = sql`extract(epoch from (${leads.firstContactedAt} - ${leads.createdAt})) * 1000`
	const [row] = await db
		.select({
			contacted: sql<number>`count(${leads.firstContactedAt})`.mapWith(Number),
			waiting: sql<number>`count(*) filter (where ${leads.firstContactedAt} is null and ${leads.status} = 'new')`.mapWith(Number),
			medianMs: sql<number | null>`percentile_cont(0.5) within group (order by ${wait})`,
			p90Ms: sql<number | null>`percentile_cont(0.9) within group (order by ${wait})`,
		})
		.from(leads)
		.where(and(gte(leads.createdAt, sql`now() - make_interval(days => ${CHART_DAYS})`), isNotNull(leads.shortFormCompletedAt)))
	const ms = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)))
	return { contacted: row!.contacted, waiting: row!.waiting, medianMs: ms(row!.medianMs), p90Ms: ms(row!.p90Ms) }
}

export type CallOutcomeCounts = Record<(typeof CALL_OUTCOMES)[number], number>

/** docs/decisions/0104: the calls staff logged in the last 30 days, by how they went (calls logged before outcomes, none). */
export async function callOutcomeCounts(db: AppServices['db']): Promise<CallOutcomeCounts> {
	const outcome = sql<string | null>`${leadActivity.detail}->>'outcome'`
	const rows = await db
		.select({ outcome, calls: count() })
		.from(leadActivity)
		.where(
			and(
				eq(leadActivity.action, 'contact_logged'),
				sql`${leadActivity.detail}->>'channel' = 'call'`,
				gte(leadActivity.createdAt, sql`now() - make_interval(days => ${CHART_DAYS})`),
			),
		)
		.groupBy(outcome)
	const counts = Object.fromEntries(CALL_OUTCOMES.map((name) => [name, 0])) as CallOutcomeCounts
	for (const row of rows) if (row.outcome && row.outcome in counts) counts[row.outcome as keyof CallOutcomeCounts] = Number(row.calls)
	return counts
}

/** The overview's figures, each counted in SQL. */
export async function overviewFigures(services: AppServices) {
	const { db } = services
	const [[userCounts], [sessionCounts], [contentCounts], daily, [conversion], [unread], speed, calls] = await Promise.all([
		db.select({ total: count(), admins: sql<number>`count(*) filter (where ${users.role} ~ '(^|,)admin(,|$)')` }).from(users),
		db.select({ active: count() }).from(sessions).where(gt(sessions.expiresAt, sql`now()`)),
		// What the public site says; the retention policy (docs/decisions/0090) and the data-request e-mails (0091) are
		// records of the dashboard's own.
		db
			.select({ items: count() })
			.from(contentEntries)
			.where(notInArray(contentEntries.key, ['retention', 'dataRequestMail'])),
		db.execute(sql`
			select to_char(day, 'YYYY-MM-DD') as day, count(${leads.id})::int as leads
			from generate_series(current_date - ${CHART_DAYS - 1}::int, current_date, interval '1 day') as day
			left join ${leads} on ${leads.createdAt} >= day and ${leads.createdAt} < day + interval '1 day'
			group by day order by day`),
		db
			.select({
				shortForms: sql<number>`count(*) filter (where ${leads.formCompletionStatus} in ('short_form', 'long_form'))`,
				longForms: sql<number>`count(*) filter (where ${leads.formCompletionStatus} = 'long_form')`,
			})
			.from(leads)
			.where(gte(leads.createdAt, sql`now() - make_interval(days => ${CHART_DAYS})`)),
		db.select({ unread: count() }).from(contactMessages).where(sql`${contactMessages.readAt} is null`),
		speedToLead(db),
		callOutcomeCounts(db),
	])
	const testimonials = await services.content.get('testimonials')
	const shortForms = Number(conversion!.shortForms)
	const longForms = Number(conversion!.longForms)
	return {
		totalUsers: Number(userCounts!.total),
		adminUsers: Number(userCounts!.admins),
		activeSessions: Number(sessionCounts!.active),
		// Content records plus the individual testimonials staff curate.
		contentItems: Number(contentCounts!.items) + testimonials.length,
		dailyLeads: (daily as unknown as { rows: DailyLeads[] }).rows.map((row) => ({ day: row.day, leads: Number(row.leads) })),
		conversion: { shortForms, longForms, rate: shortForms === 0 ? null : longForms / shortForms },
		unreadMessages: Number(unread!.unread),
		speedToLead: speed,
		callOutcomes: calls,
		system: await systemStatus(services),
	}
}

async function systemStatus(services: AppServices) {
	let database = false
	try {
		await services.db.execute(sql`select 1`)
		database = true
	} catch {
		database = false
	}
	let storage = false
	try {
		await fs.mkdir(services.config.dataDir, { recursive: true })
		await fs.access(services.config.dataDir, fs.constants.W_OK)
		storage = true
	} catch {
		storage = false
	}
	return { database, authentication: true, storage }
}
