import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leadConsents, leads, users } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { LeadFilter } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { parseApplication } from '../intake/lead-application.ts'
import {
	csvLine,
	isoTime,
	LEAD_CSV_CONTACT_HEADER,
	leadCsvContactCells,
	leadCsvExtraCells,
	LEAD_CSV_EXTRA_HEADER,
	type LeadConsentCells,
} from '../display/lead-csv.ts'
import { propertyTypeLabel, transactionTypeLabel } from '../display/lead-answers.ts'
import { assignedCondition, leadScope } from './lead-access.server.ts'
import { leadFilterCondition } from './lead-filter.server.ts'
import { formStatusLabel, leadStatusLabel } from './lead-statuses.ts'
import { leadOrder, leadRowColumns } from './list-leads.server.ts'

export const LEAD_CSV_HEADER = [
	'ID',
	'Created At',
	'First Name',
	'Last Name',
	'Email',
	'Phone',
	'Loan Type',
	'Property Type',
	'Transaction Type',
	'Property Value',
	'Status',
	'Form Status',
	'Source',
	'Admin Notes',
	...LEAD_CSV_CONTACT_HEADER,
	// docs/decisions/0029: every answer, the consent record and the attribution.
	...LEAD_CSV_EXTRA_HEADER,
] as const

/** The lead's latest consent record as one JSON value (the consent table is append-only). */
const latestConsent = sql<LeadConsentCells | null>`(
	select json_build_object('version', c.consent_version, 'at', c.consented_at, 'ip', c.ip_address, 'pageUrl', c.page_url)
	from ${leadConsents} c where c.lead_id = ${sql.identifier('leads')}.${sql.identifier('id')} order by c.consented_at desc limit 1)`

// A byte-order mark, so spreadsheet programs read the file as UTF-8.
const BOM = '\uFEFF'

/**
 * Beyond the spec: every lead matching the search and statuses (not one page) as CSV, newest first.
 * Each exported lead's history records who exported it, in the same transaction.
 */
export async function exportLeadsCsv(db: Database, actor: StaffUser, filter: LeadFilter) {
	return db.transaction(async (tx) => {
		const rows = await tx
			.select({
				...leadRowColumns,
				adminNotes: leads.adminNotes,
				message: leads.message,
				attribution: leads.attribution,
				consent: latestConsent,
				assignedTo: leads.assignedTo,
				assigneeName: users.name,
				firstContactedAt: leads.firstContactedAt,
			})
			.from(leads)
			.leftJoin(users, eq(users.id, leads.assignedTo))
			.where(and(leadFilterCondition(filter), leadScope(actor), assignedCondition(actor, filter.assigned)))
			.orderBy(...leadOrder('newest'))
		const detail = { search: filter.search, statuses: filter.statuses, rows: rows.length }
		if (rows.length === 0) await recordLeadActivity(tx, actor, [{ leadId: null, action: 'exported', detail }])
		else
			await tx.execute(sql`
			insert into ${leadActivity} (lead_id, action, detail, actor_id, actor_email)
			select unnest(${`{${rows.map((row) => row.id).join(',')}}`}::uuid[]), 'exported', ${JSON.stringify(detail)}::jsonb, ${actor.id}, ${actor.email}`)
		const lines = rows.map((lead) =>
			csvLine([
				lead.id,
				isoTime(lead.createdAt),
				lead.firstName,
				lead.lastName,
				lead.email,
				lead.phone,
				lead.loanType,
				propertyTypeLabel(lead.propertyType),
				transactionTypeLabel(lead.transactionType),
				lead.propertyValue,
				leadStatusLabel(lead.status),
				formStatusLabel(lead.formCompletionStatus),
				lead.sourcePage,
				lead.adminNotes,
				...leadCsvContactCells(lead),
				...leadCsvExtraCells(parseApplication(lead.message) ?? {}, lead.consent, lead.attribution),
			]),
		)
		return { csv: BOM + csvLine(LEAD_CSV_HEADER) + lines.join(''), rows: rows.length }
	})
}
