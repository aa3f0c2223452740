import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { FunnelCounts, FunnelDays } from './lead-funnel.ts'
import { leadCampaign, leadSource } from './sales-figures.server.ts'

export type LeadFunnel = {
	days: FunnelDays
	total: FunnelCounts
	/** The sources and campaigns with the most leads first (at most 12); the total counts every lead. */
	sources: Array<{ source: string; campaign: string } & FunnelCounts>
}

/** A lead that is, or ever was, in one of these statuses has been qualified (docs/decisions/0122). */
const QUALIFIED = ['qualified', 'hot', 'closed']
const SOURCE_ROWS = 12

/**
 * docs/decisions/0122: the leads created in the last `days` days and how far each got. Contacted: the lead's first
 * contact is recorded (docs/decisions/0036), or it got further. Qualified: its status is, or was at any time by its
 * history, Qualified, Hot or Closed. Closed: its status is Closed now (a closing that fell through is not a loan).
 */
export async function leadFunnel(db: Database, days: FunnelDays): Promise<LeadFunnel> {
	const everQualified = sql`exists (select 1 from lead_activity a where a.lead_id = ${leads.id} and a.action = 'status_changed'
		and a.detail->>'to' in (${sql.join(
			QUALIFIED.map((status) => sql`${status}`),
			sql`, `,
		)}))`
	const qualified = sql`(${leads.status} in (${sql.join(
		QUALIFIED.map((status) => sql`${status}`),
		sql`, `,
	)}) or ${everQualified})`
	const contacted = sql`(${leads.firstContactedAt} is not null or ${qualified})`
	const closed = sql`${leads.status} = 'closed'`
	const rows = await db
		.select({
			source: leadSource,
			campaign: leadCampaign,
			leads: sql<number>`count(*)`.mapWith(Number),
			contacted: sql<number>`count(*) filter (where ${contacted})`.mapWith(Number),
			qualified: sql<number>`count(*) filter (where ${qualified})`.mapWith(Number),
			closed: sql<number>`count(*) filter (where ${closed})`.mapWith(Number),
		})
		.from(leads)
		.where(sql`${leads.createdAt} >= now() - make_interval(days => ${days})`)
		.groupBy(leadSource, leadCampaign)
		.orderBy(sql`count(*) desc`, sql`count(*) filter (where ${closed}) desc`, leadSource, leadCampaign)
	const total: FunnelCounts = { leads: 0, contacted: 0, qualified: 0, closed: 0 }
	for (const row of rows) {
		total.leads += row.leads
		total.contacted += row.contacted
		total.qualified += row.qualified
		total.closed += row.closed
	}
	return { days, total, sources: rows.slice(0, SOURCE_ROWS) }
}
