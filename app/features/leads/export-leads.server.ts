import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { LeadFilter } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { csvLine } from './lead-csv.ts'
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
] as const

// A byte-order mark, so spreadsheet programs read the file as UTF-8.
const BOM = '\uFEFF'

/**
 * Beyond the spec: every lead matching the search and statuses (not one page) as CSV, newest first.
 * Each exported lead's history records who exported it, in the same transaction.
 */
export async function exportLeadsCsv(db: Database, actor: StaffUser, filter: LeadFilter) {
	return db.transaction(async (tx) => {
		const rows = await tx
			.select({ ...leadRowColumns, adminNotes: leads.adminNotes })
			.from(leads)
			.where(leadFilterCondition(filter))
			.orderBy(...leadOrder('newest'))
		const detail = { search: filter.search, statuses: filter.statuses, rows: rows.length }
		if (rows.length === 0) await recordLeadActivity(tx, actor, [{ leadId: null, action: 'exported', detail }])
		else await tx.execute(sql`
			insert into ${leadActivity} (lead_id, action, detail, actor_id, actor_email)
			select unnest(${`{${rows.map((row) => row.id).join(',')}}`}::uuid[]), 'exported', ${JSON.stringify(detail)}::jsonb, ${actor.id}, ${actor.email}`)
		const lines = rows.map((lead) =>
			csvLine([
				lead.id,
				lead.createdAt.toISOString(),
				lead.firstName,
				lead.lastName,
				lead.email,
				lead.phone,
				lead.loanType,
				lead.propertyType,
				lead.transactionType,
				lead.propertyValue,
				leadStatusLabel(lead.status),
				formStatusLabel(lead.formCompletionStatus),
				lead.sourcePage,
				lead.adminNotes,
			]),
		)
		return { csv: BOM + csvLine(LEAD_CSV_HEADER) + lines.join(''), rows: rows.length }
	})
}
