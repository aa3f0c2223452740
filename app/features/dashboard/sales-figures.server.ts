import { and, count, gte, isNotNull, notInArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import { LEAD_STATUSES } from '#app/features/leads/model/lead-statuses.ts'
import { listOfficers } from '#app/features/leads/routing/lead-routing.server.ts'
import { CHART_DAYS } from './overview.server.ts'

/** docs/decisions/0108: a lead in one of these statuses is done with; any other is open (in someone's load). */
export const FINISHED_STATUSES = ['closed', 'lost', 'dnq', 'ni'] as const

export type SalesFigures = {
	pipeline: Array<{ status: string; label: string; leads: number }>
	sources: Array<{ source: string; campaign: string; leads: number }>
	officers: Array<{ id: string; name: string; openLeads: number; contacted: number; medianMs: number | null }>
}

const since = () => gte(leads.createdAt, sql`now() - make_interval(days => ${CHART_DAYS})`)

const touch = sql`${leads.attribution}->'firstTouch'`
/** Where a lead came from: its first touch's utm_source; a referrer without one is "Referral", nothing "Direct". */
export const leadSource = sql<string>`coalesce(nullif(${touch}->>'utm_source', ''), case when ${touch}->>'referrer' is not null then 'Referral' end, 'Direct')`
/** Its first touch's utm_campaign, or '' without one. */
export const leadCampaign = sql<string>`coalesce(nullif(${touch}->>'utm_campaign', ''), '')`

/**
 * docs/decisions/0108: what a sales manager steers by: the pipeline (every lead by status), where the last 30 days'
 * leads came from (their first touch's utm_source and utm_campaign; a referrer without them is "Referral", nothing
 * "Direct"), and each active officer's load (open leads) and median time to first contact of the last 30 days' leads
 * assigned to them (only a contact that reached the borrower counts, docs/decisions/0104).
 */
export async function salesFigures(db: Database): Promise<SalesFigures> {
	const wait = sql`extract(epoch from (${leads.firstContactedAt} - ${leads.createdAt})) * 1000`
	const [byStatus, bySource, load, speed, officers] = await Promise.all([
		db.select({ status: leads.status, leads: count() }).from(leads).groupBy(leads.status),
		db
			.select({ source: leadSource, campaign: leadCampaign, leads: count() })
			.from(leads)
			.where(since())
			.groupBy(leadSource, leadCampaign)
			.orderBy(sql`count(*) desc`, leadSource, leadCampaign)
			.limit(12),
		db
			.select({ officer: leads.assignedTo, leads: count() })
			.from(leads)
			.where(and(isNotNull(leads.assignedTo), notInArray(leads.status, [...FINISHED_STATUSES])))
			.groupBy(leads.assignedTo),
		db
			.select({
				officer: leads.assignedTo,
				contacted: sql<number>`count(${leads.firstContactedAt})`.mapWith(Number),
				medianMs: sql<number | null>`percentile_cont(0.5) within group (order by ${wait})`,
			})
			.from(leads)
			.where(and(isNotNull(leads.assignedTo), since()))
			.groupBy(leads.assignedTo),
		listOfficers(db),
	])
	const counts = new Map(byStatus.map((row) => [row.status, Number(row.leads)]))
	const loads = new Map(load.map((row) => [row.officer, Number(row.leads)]))
	const speeds = new Map(speed.map((row) => [row.officer, row]))
	return {
		pipeline: LEAD_STATUSES.map((status) => ({ status: status.value, label: status.label, leads: counts.get(status.value) ?? 0 })),
		sources: bySource.map((row) => ({ source: row.source, campaign: row.campaign, leads: Number(row.leads) })),
		officers: officers.map((officer) => {
			const figures = speeds.get(officer.id)
			const median = figures?.medianMs
			return {
				id: officer.id,
				name: officer.name,
				openLeads: loads.get(officer.id) ?? 0,
				contacted: figures?.contacted ?? 0,
				medianMs: median === null || median === undefined ? null : Math.round(Number(median)),
			}
		}),
	}
}
