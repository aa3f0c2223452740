import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { leadActivity, leadConsents, termSheets, users } from '#db/schema.ts'
import type { Company, Settings } from '#app/features/content/content-schemas.ts'
import type { ContentStore } from '#app/features/content/content.server.ts'
import type { ApiResult } from '#app/features/http/idempotency.server.ts'
import { scenarioNotes, termsChoiceSchema, termsRefinementsSchema } from '#app/features/pricing/borrower-terms.ts'
import { formatBuildUpPercent } from '#app/features/pricing/rate-format.ts'
import { bandLabel, isDscr, quoteRows, scenarioLine } from '#app/features/pricing/terms-text.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { PROPERTY_TYPES, optionLabel } from '#app/features/quote-wizard/options.ts'
import { stateForStaff } from '../display/lead-notifications.ts'
import { type Lead, type PricedLeadTerms, priceLeadTerms } from './lead-terms.server.ts'
import { borrowerFigures } from './terms-mail.ts'
import { type TermSheetFigures, newTermSheetCode } from './term-sheet.ts'
import { type TermSheetDocument, termSheetPdf } from './term-sheet-pdf.server.ts'

/**
 * docs/decisions/0095: POST /api/leads/:id/term-sheet. The lead's answers are priced by the server exactly as the quotes
 * API prices them (priceLeadTerms); an eligible quote for one credit band gets a row of its own (a new code) and a PDF
 * made on the fly, and the download is written to the lead's history.
 */

/** The body: the quotes API's refinements and choice, nothing else (the figures are the server's). */
export const termSheetRequestSchema = z.strictObject({
	refinements: termsRefinementsSchema.default({}),
	choice: termsChoiceSchema.optional(),
})
export type TermSheetRequest = z.infer<typeof termSheetRequestSchema>

const PROGRAM_NAMES: Record<string, string> = {
	dscr: 'DSCR loan',
	'short-term-bridge': 'Bridge loan',
	'fix-flip': 'Fix & flip loan',
	construction: 'Construction loan',
}

/** The property as the borrower gave it: the full address, else the general location (city, state, ZIP). */
export function propertyAddress(answers: LoanFormData): string | null {
	const full = answers.propertyFullAddress?.trim() || answers.propertyAddress?.trim()
	if (full) return full
	const place = [answers.manualCity, answers.manualState, answers.manualZip].filter((part) => part?.trim()).join(', ')
	return place || null
}

const DAY_MS = 86_400_000

/**
 * The figures of a priced lead as the terms panel shows them (the same rows, scenario line, build-up and assumptions), or
 * why no term sheet is made: a table of rates per credit band, or terms that are not offered.
 */
export function termSheetFigures({ answers, terms, request, response }: Omit<PricedLeadTerms, 'version'>): TermSheetFigures | string {
	const entry = response.quotes.length === 1 ? response.quotes[0]! : null
	if (!entry) return 'Choose your credit score band: a term sheet is made for one set of terms.'
	const quote = entry.quote
	if (!quote.eligible || quote.rate === null) return 'These terms are not offered, so no term sheet can be made for them.'
	const term = isDscr(quote) ? null : `${quote.termMonths}-month term, interest-only`
	return {
		program: PROGRAM_NAMES[request.program] ?? request.program,
		propertyType:
			optionLabel(PROPERTY_TYPES, request.program === 'dscr' ? request.propertyType : (answers.propertyType ?? undefined)) ?? null,
		state: stateForStaff(answers),
		scenario: `${scenarioLine(request)}${term ? `; ${term}` : ''}`,
		creditBand: bandLabel(entry.ficoBand),
		rows: quoteRows(quote, request.program === 'dscr' && request.interestOnly),
		buildUp: quote.lines.map((line) => `${line.label} (${line.reason}): ${formatBuildUpPercent(line.percent)}`),
		notes: scenarioNotes({ ...terms, request }),
		assumptions: [...terms.assumed, ...(isDscr(quote) ? quote.assumptions : [])],
		borrowerFigures: borrowerFigures(request),
		notice: response.notice,
	}
}

export type TermSheetResult = { ok: false; result: ApiResult } | { ok: true; code: string; pdf: Buffer }

export async function createTermSheet(
	db: Database,
	content: ContentStore,
	lead: Lead,
	input: TermSheetRequest,
	context: { company: Company; settings: Settings; baseUrl: string; now?: Date },
): Promise<TermSheetResult> {
	const pricing = await priceLeadTerms(db, content, lead, input, context.company)
	if (!pricing.ok) return pricing
	const { answers, version } = pricing.priced
	const figures = termSheetFigures(pricing.priced)
	if (typeof figures === 'string') return refused(figures)
	const [statement] = await db
		.select({ text: leadConsents.consentText, at: leadConsents.consentedAt })
		.from(leadConsents)
		.where(and(eq(leadConsents.leadId, lead.id), eq(leadConsents.kind, 'business-purpose')))
		.orderBy(desc(leadConsents.consentedAt), desc(leadConsents.id))
		.limit(1)
	const [officer] = lead.assignedTo ? await db.select({ name: users.name }).from(users).where(eq(users.id, lead.assignedTo)) : []
	const now = context.now ?? new Date()
	const expiresAt = new Date(now.getTime() + context.settings.termSheetDays * DAY_MS)

	const row = await db.transaction(async (tx) => {
		// A code already taken (about one chance in 10^12 per download) is drawn again.
		for (let attempt = 0; attempt < 5; attempt++) {
			const [inserted] = await tx
				.insert(termSheets)
				.values({ code: newTermSheetCode(), leadId: lead.id, createdAt: now, expiresAt, rateSheetVersion: version, snapshot: figures })
				.onConflictDoNothing({ target: termSheets.code })
				.returning({ id: termSheets.id, code: termSheets.code })
			if (inserted) {
				await tx.insert(leadActivity).values({
					leadId: lead.id,
					action: 'term_sheet_downloaded',
					detail: { termSheetId: inserted.id, code: inserted.code, rateSheetVersion: version },
				})
				return inserted
			}
		}
		throw new Error('no free term sheet code after 5 draws')
	})

	const document: TermSheetDocument = {
		id: row.id,
		code: row.code,
		verifyUrl: `${context.baseUrl}/verify/${row.code}`,
		figures,
		address: propertyAddress(answers),
		officer: officer?.name ?? null,
		rateSheetVersion: version,
		createdAt: now,
		expiresAt,
		timeZone: context.settings.timeZone,
		statement: statement ? { text: statement.text, at: statement.at } : null,
		company: context.company,
	}
	return { ok: true, code: row.code, pdf: await termSheetPdf(document) }
}

const refused = (error: string): TermSheetResult => ({ ok: false, result: { status: 422, body: { error } } })

/** The verify page's one read: a sheet by its code (the unique index), figures only. */
export async function termSheetByCode(db: Database, code: string) {
	const [row] = await db
		.select({
			code: termSheets.code,
			createdAt: termSheets.createdAt,
			expiresAt: termSheets.expiresAt,
			rateSheetVersion: termSheets.rateSheetVersion,
			snapshot: termSheets.snapshot,
		})
		.from(termSheets)
		.where(eq(termSheets.code, code))
		.limit(1)
	return row ? { ...row, snapshot: row.snapshot as TermSheetFigures } : null
}
