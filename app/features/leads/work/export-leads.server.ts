import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leadConsents, leadFundings, leadNotes, leadQuotes, leads, users } from '#db/schema.ts'
import { NOTE_MESSAGES } from '../model/lead-notes.ts'
import { PURPOSE_STATEMENT_LABELS, type PurposeStatement, termsSummary } from '#app/features/pricing/borrower-terms.ts'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import type { LeadFilter } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { type ActingStaff, actorOfStaff, recordActivity } from '#app/features/activity/activity-log.server.ts'
import { parseApplication } from '../model/lead-application.ts'
import type { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import {
	CSV_OPTIONS,
	isoTime,
	LEAD_CSV_CONTACT_HEADER,
	leadCsvContactCells,
	leadCsvExtraCells,
	LEAD_CSV_EXTRA_HEADER,
	type LeadConsentCells,
} from '../display/lead-csv.ts'
import { propertyTypeLabel, transactionTypeLabel } from '../model/lead-answers.ts'
import { assignedCondition, leadScope } from './lead-access.server.ts'
import { leadFilterCondition } from './lead-filter.server.ts'
import { formStatusLabel, leadStatusLabel } from '../model/lead-statuses.ts'
import { leadOrder, leadRowColumns } from './list-leads.server.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'

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
	// docs/decisions/0066: what the borrower stated before terms were shown, and the terms chosen.
	'Purpose Statement',
	'Purpose Statement Time',
	'Chosen Terms',
	'Terms Chosen At',
	// docs/decisions/0123: the loan a closed lead funded, as a partner's report asks for it.
	'Funded Amount',
	'Funded Note Rate',
	'Funded Points',
	'Funded On',
] as const

/** The lead's latest consent record as one JSON value (the consent table is append-only). */
const latestConsent = sql<LeadConsentCells | null>`(
	select json_build_object('version', c.consent_version, 'at', c.consented_at, 'ip', c.ip_address, 'pageUrl', c.page_url)
	from ${leadConsents} c where c.lead_id = ${sql.identifier('leads')}.${sql.identifier('id')} and c.kind = 'contact'
	order by c.consented_at desc limit 1)`

/** docs/decisions/0066: the latest business-purpose or owner-occupant statement, and the latest chosen terms. */
const latestPurpose = sql<{ kind: string; at: string } | null>`(
	select json_build_object('kind', c.kind, 'at', c.consented_at)
	from ${leadConsents} c where c.lead_id = ${sql.identifier('leads')}.${sql.identifier('id')} and c.kind <> 'contact'
	order by c.consented_at desc, c.id desc limit 1)`
const latestChosen = sql<{ request: PricingRequest; response: PricingResponse; at: string } | null>`(
	select json_build_object('request', q.request, 'at', q.created_at,
		-- What termsSummary reads: the grid of choices (most of a copy's bytes) stays in the database.
		'response', q.response - 'choices')
	from ${leadQuotes} q where q.lead_id = ${sql.identifier('leads')}.${sql.identifier('id')} and q.event = 'chosen'
	order by q.created_at desc, q.id desc limit 1)`

/**
 * docs/decisions/0107: the "Admin Notes" cell is every note of the lead, oldest first, each with its time (UTC) and
 * author ("Earlier notes" for the text of the one shared box), separated by a blank line.
 */
const notesCell = sql<string | null>`(
	select string_agg(
		to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' ' || coalesce(n.author_name, ${NOTE_MESSAGES.earlierNotes})
			|| case when n.edited_at is null then '' else ' (edited)' end || ': ' || n.body,
		E'\n\n' order by n.created_at, n.id)
	from ${leadNotes} n where n.lead_id = ${sql.identifier('leads')}.${sql.identifier('id')})`

/** Leads read, logged and written per batch: memory stays flat however many leads match. */
export const EXPORT_BATCH = 500

/**
 * Beyond the spec: every lead matching the search and statuses (not one page) as CSV, newest first,
 * streamed batch by batch (a byte-order mark first, so spreadsheet programs read UTF-8). Each batch's
 * leads are logged as exported by the actor in the transaction that reads them, before a byte of them
 * is sent; an export that matches nothing is logged once without a lead.
 */
export function exportLeadsCsv(
	db: Database,
	actor: ActingStaff,
	filter: LeadFilter,
	{ batchSize = EXPORT_BATCH }: { batchSize?: number } = {},
): ReadableStream<Uint8Array> {
	const where = and(leadFilterCondition(filter), leadScope(actor), assignedCondition(actor, filter.assigned))
	const csv = stringify({ ...CSV_OPTIONS, bom: true })
	const write = async (cells: ReadonlyArray<string | number | null | undefined>) => {
		// A download the browser gave up on closes the stream: stop reading leads for it.
		if (!csv.write(cells.map((cell) => cell ?? null))) await drainedOrClosed(csv)
	}
	async function produce() {
		await write(LEAD_CSV_HEADER)
		let total: number | null = null
		/** Where the last batch ended: created_at as text keeps its microseconds, so no lead is skipped or repeated. */
		let after: { at: string; id: string } | null = null
		for (;;) {
			const batch = await db.transaction(async (tx) => {
				total ??= Number((await tx.select({ n: sql<number>`count(*)::int` }).from(leads).where(where))[0]?.n ?? 0)
				const rows = await tx
					.select({
						...leadRowColumns,
						cursorAt: sql<string>`${leads.createdAt}::text`,
						notes: notesCell,
						message: leads.message,
						attribution: leads.attribution,
						consent: latestConsent,
						purpose: latestPurpose,
						chosen: latestChosen,
						assignedTo: leads.assignedTo,
						assigneeName: users.name,
						firstContactedAt: leads.firstContactedAt,
						funding: {
							amount: leadFundings.amount,
							rate: leadFundings.rate,
							points: leadFundings.points,
							fundedOn: leadFundings.fundedOn,
						},
					})
					.from(leads)
					.leftJoin(users, eq(users.id, leads.assignedTo))
					.leftJoin(leadFundings, eq(leadFundings.leadId, leads.id))
					.where(and(where, after ? sql`(${leads.createdAt}, ${leads.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
					.orderBy(...leadOrder('newest'))
					.limit(batchSize)
				const detail = { search: filter.search, statuses: filter.statuses, rows: total }
				// docs/decisions/0087: the export, its filters and row count, once, in its first batch's transaction.
				if (after === null)
					await recordActivity(tx, actorOfStaff(actor), {
						type: 'leads.exported',
						details: { ...detail, statuses: [...filter.statuses], assigned: filter.assigned ?? null },
					})
				if (rows.length === 0 && after === null) await recordLeadActivity(tx, actor, [{ leadId: null, action: 'exported', detail }])
				else if (rows.length > 0)
					await tx.execute(sql`
					insert into ${leadActivity} (lead_id, action, detail, actor_id, actor_email)
					select unnest(${`{${rows.map((row) => row.id).join(',')}}`}::uuid[]), 'exported', ${JSON.stringify(detail)}::jsonb, ${actor.id}, ${actor.email}`)
				return rows
			})
			for (const lead of batch)
				await write([
					lead.id,
					isoTime(lead.createdAt),
					lead.firstName,
					lead.lastName,
					lead.email,
					// docs/decisions/0077: as people read it; E.164 would open in a spreadsheet as a number or behind a quote.
					formatPhone(lead.phone),
					lead.loanType,
					propertyTypeLabel(lead.propertyType),
					transactionTypeLabel(lead.transactionType),
					lead.propertyValue,
					leadStatusLabel(lead.status),
					formStatusLabel(lead.formCompletionStatus),
					lead.sourcePage,
					lead.notes,
					...leadCsvContactCells(lead),
					...leadCsvExtraCells(parseApplication(lead.message) ?? {}, lead.consent, lead.attribution),
					lead.purpose ? (PURPOSE_STATEMENT_LABELS[lead.purpose.kind as PurposeStatement] ?? lead.purpose.kind) : null,
					isoTime(lead.purpose?.at),
					lead.chosen ? termsSummary(lead.chosen.request, lead.chosen.response) : null,
					isoTime(lead.chosen?.at),
					// Numbers and an ISO day, as a spreadsheet or a partner's import reads them.
					lead.funding?.amount ?? null,
					lead.funding?.rate ?? null,
					lead.funding?.points ?? null,
					lead.funding?.fundedOn ?? null,
				])
			const last = batch.at(-1)
			if (!last || batch.length < batchSize || csv.destroyed) break
			after = { at: last.cursorAt, id: last.id }
		}
		if (!csv.destroyed) csv.end()
	}
	produce().catch((error: unknown) => csv.destroy(error as Error))
	return pullStream(csv)
}

/**
 * Waits until the stream takes more or is closed, and leaves no listener behind. A race of `events.once` for both
 * left the loser's listener on the stream at every wait, ten of them by about 2,000 leads: a MaxListenersExceededWarning
 * per export, and listeners that grew with the export.
 */
function drainedOrClosed(stream: Readable) {
	return new Promise<void>((resolve) => {
		const done = () => {
			stream.off('drain', done)
			stream.off('close', done)
			resolve()
		}
		stream.on('drain', done)
		stream.on('close', done)
	})
}

/**
 * The CSV as a web stream that takes a chunk only when the reader asks for one. Readable.toWeb pushes
 * chunks from 'data' events, and one that was already on its way when the download was cancelled went
 * into the closed stream: an uncaught "Controller is already closed" that would end the server.
 */
function pullStream(csv: Readable): ReadableStream<Uint8Array> {
	const chunks = csv[Symbol.asyncIterator]()
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			const { value, done } = await chunks.next()
			if (done) controller.close()
			else controller.enqueue(typeof value === 'string' ? Buffer.from(value) : (value as Uint8Array))
		},
		async cancel() {
			await chunks.return?.()
		},
	})
}
