import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadFundings, leads } from '#db/schema.ts'
import type { FunnelDays, FunnelFigures } from './lead-funnel.ts'
import { leadCampaign, leadSource } from './sales-figures.server.ts'

export type LeadFunnel = {
	days: FunnelDays
	total: FunnelFigures
	/** The sources and campaigns with the most leads first (at most 12); the total counts every lead. */
	sources: Array<{ source: string; campaign: string } & FunnelFigures>
}

/**
 * A lead that is, or ever was, in one of these statuses has been qualified (docs/decisions/0122). Written as the
 * partial index `lead_activity_qualified_idx` writes it (migration 0035), so the database answers from that index.
 */
const QUALIFIED = sql.raw(`('qualified', 'hot', 'closed')`)
const SOURCE_ROWS = 12

/**
 * docs/decisions/0122: the leads created in the last `days` days and how far each got. Contacted: the lead's first
 * contact is recorded (docs/decisions/0036), or it got further. Qualified: its status is, or was at any time by its
 * history (a change to or from one of them), Qualified, Hot or Closed. Closed: its status is Closed now (a closing
 * that fell through is not a loan). Each lead's stages are worked out once, then counted per source and campaign.
 * docs/decisions/0123: of the closed leads, those with their funded loan recorded, and the sum of its amounts.
 */
export async function leadFunnel(db: Database, days: FunnelDays): Promise<LeadFunnel> {
	const stages = db
		.select({
			source: sql<string>`${leadSource}`.as('source'),
			campaign: sql<string>`${leadCampaign}`.as('campaign'),
			contacted: sql<boolean>`${leads.firstContactedAt} is not null`.as('contacted'),
			// Spelt out with its own alias: inside a subquery the query builder leaves column names unqualified.
			qualified: sql<boolean>`(${leads.status} in ${QUALIFIED} or exists (select 1 from lead_activity qa where qa.lead_id = "leads"."id"
				and qa.action = 'status_changed' and (qa.detail->>'to' in ${QUALIFIED} or qa.detail->>'from' in ${QUALIFIED})))`.as('qualified'),
			closed: sql<boolean>`${leads.status} = 'closed'`.as('closed'),
			// Only a Closed lead's funded loan counts: one recorded before the closing fell through is not a loan.
			fundedAmount: sql<number | null>`case when ${leads.status} = 'closed' then "lead_fundings"."amount" end`.as('funded_amount'),
		})
		.from(leads)
		.leftJoin(leadFundings, sql`"lead_fundings"."lead_id" = "leads"."id"`)
		.where(sql`${leads.createdAt} >= now() - make_interval(days => ${days})`)
		.as('stages')
	const rows = await db
		.select({
			source: stages.source,
			campaign: stages.campaign,
			leads: sql<number>`count(*)`.mapWith(Number),
			contacted: sql<number>`count(*) filter (where ${stages.contacted} or ${stages.qualified})`.mapWith(Number),
			qualified: sql<number>`count(*) filter (where ${stages.qualified})`.mapWith(Number),
			closed: sql<number>`count(*) filter (where ${stages.closed})`.mapWith(Number),
			funded: sql<number>`count(${stages.fundedAmount})`.mapWith(Number),
			volume: sql<number>`coalesce(sum(${stages.fundedAmount}), 0)`.mapWith(Number),
		})
		.from(stages)
		.groupBy(stages.source, stages.campaign)
		.orderBy(sql`count(*) desc`, sql`count(*) filter (where ${stages.closed}) desc`, stages.source, stages.campaign)
	const total: FunnelFigures = { leads: 0, contacted: 0, qualified: 0, closed: 0, funded: 0, volume: 0 }
	for (const row of rows) {
		total.leads += row.leads
		total.contacted += row.contacted
		total.qualified += row.qualified
		total.closed += row.closed
		total.funded += row.funded
		total.volume += row.volume
	}
	return { days, total, sources: rows.slice(0, SOURCE_ROWS) }
}
