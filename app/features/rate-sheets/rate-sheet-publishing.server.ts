import { and, eq } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { saveContent } from '#app/features/content/content-admin.server.ts'
import type { FieldErrors } from '#app/features/content/editor-result.ts'
import { versionNoteSchema } from '#app/features/content/version-note.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { UNSAFE_TEXT_MESSAGE, findUnsafeText } from '#app/features/validation/safe-text.ts'
import { contentVersions } from '#db/schema.ts'
import { type RateSheet, rateSheetSchema } from '../pricing/rate-sheet.ts'
import { SHEET_BASE_FIELD, sheetFromForm } from './sheet-form.ts'
import { type SheetPreview, buildSheetPreview } from './sheet-preview.ts'

/**
 * docs/decisions/0073: a rate sheet is published in two steps. Every proposal (the grid posted, a JSON document
 * imported, an earlier version to restore) is checked with `rateSheetSchema` and answered with its preview against
 * the sheet live now, and nothing is saved; Publish then saves the previewed document, with a change note, only if
 * the live sheet is still the one it was previewed against.
 */

export type ProposalIntent = 'preview' | 'import' | 'version'

/** What the Pricing screen's action answers to a proposal or a refused publish. */
export type PricingScreenResult = {
	intent: ProposalIntent | 'publish' | string
	/** The proposed document: valid when there is a preview (what Publish saves), else as posted, drawn in the grid with each problem at its cell; null when there is none. */
	draft: unknown
	/** Each problem by path ('dscr.rateFloor'), 'form' for the document as a whole, 'note' for the change note; empty when there is none. */
	errors: FieldErrors
	preview: SheetPreview | null
	/** The live version the preview compares with; Publish is refused once another is live. */
	baseVersion: number | null
	/** The stored version this proposal restores, if it is one. */
	restoring: number | null
	/** New for each answer: the grid is drawn again from a draft it did not post itself (an import, a version). */
	revision: string
	/** Why the preview is shown again (a publish refused because the live sheet changed). */
	notice?: string
}

export const pricingScreenMessages = {
	notJson: 'The document is not valid JSON',
	noDocument: 'Choose a JSON file or paste the document',
	noVersion: 'Choose a version to restore',
	missingVersion: (version: number) => `Version ${version} does not exist`,
	stale: (version: number) =>
		`Version ${version} was published after this preview, so nothing was saved. The preview below now compares with version ${version}: check it and publish again.`,
	noPreview: 'Publish the sheet from its preview: preview the changes first',
	unknownIntent: 'Unknown action',
} as const

const revision = () => crypto.randomUUID()
const refused = (intent: string, errors: FieldErrors, draft: unknown = null, restoring: number | null = null): PricingScreenResult => ({
	intent,
	draft,
	errors,
	preview: null,
	baseVersion: null,
	restoring,
	revision: revision(),
})

/** Checks a proposed document and answers its preview against the live sheet, or every problem at its path. */
export async function proposeRateSheet(
	services: AppServices,
	intent: ProposalIntent,
	document: unknown,
	{ problems = {}, restoring = null }: { problems?: FieldErrors; restoring?: number | null } = {},
): Promise<PricingScreenResult> {
	const errors: FieldErrors = {}
	const unsafe = findUnsafeText(document)
	if (unsafe) errors[unsafe.join('.') || 'form'] = UNSAFE_TEXT_MESSAGE
	const parsed = rateSheetSchema.safeParse(document)
	if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error))
	// The form's own reading of a field (a number that is not one) says more than the schema's "expected number".
	Object.assign(errors, problems)
	if (!parsed.success || Object.keys(errors).length > 0) return refused(intent, errors, document, restoring)
	const [{ data: current, version }, products] = await Promise.all([
		services.content.getWithVersion('rateSheet'),
		services.content.get('loanProducts'),
	])
	return {
		intent,
		draft: parsed.data,
		errors: {},
		preview: buildSheetPreview(current, parsed.data, products),
		baseVersion: version,
		restoring,
		revision: revision(),
	}
}

/** The grid's form: the document it was drawn from with every posted field set. */
export function proposalFromGrid(services: AppServices, form: FormData, live: RateSheet) {
	let base: unknown = live
	try {
		base = JSON.parse(String(form.get(SHEET_BASE_FIELD) ?? ''))
	} catch {
		// Without its base (a hand-made post) the grid is read onto the live sheet.
	}
	const { document, problems } = sheetFromForm(form, base)
	return proposeRateSheet(services, 'preview', document, { problems })
}

/** An imported JSON document: the chosen file if there is one, else the pasted text. */
export async function proposalFromImport(services: AppServices, form: FormData): Promise<PricingScreenResult> {
	const file = form.get('file')
	const text = file && typeof file !== 'string' && file.size > 0 ? await file.text() : String(form.get('json') ?? '')
	if (text.trim() === '') return refused('import', { form: pricingScreenMessages.noDocument })
	let document: unknown
	try {
		document = JSON.parse(text)
	} catch (error) {
		return refused('import', { form: `${pricingScreenMessages.notJson}: ${(error as Error).message}` })
	}
	return proposeRateSheet(services, 'import', document)
}

/** A stored version proposed again (Restore): previewed like any other sheet before it is published. */
export async function proposalFromVersion(services: AppServices, form: FormData): Promise<PricingScreenResult> {
	const asked = String(form.get('version') ?? '')
	if (!/^\d{1,9}$/.test(asked) || Number(asked) < 1) return refused('version', { form: pricingScreenMessages.noVersion })
	const version = Number(asked)
	const [row] = await services.db
		.select({ data: contentVersions.data })
		.from(contentVersions)
		.where(and(eq(contentVersions.key, 'rateSheet'), eq(contentVersions.version, version)))
	if (!row) return refused('version', { form: pricingScreenMessages.missingVersion(version) })
	return proposeRateSheet(services, 'version', row.data, { restoring: version })
}

export type PublishOutcome = { published: true; version: number } | { published: false; result: PricingScreenResult; status: number }

/**
 * Publishes the previewed sheet (`payload`) with its change note (`note`) if the live sheet is still version
 * `baseVersion`. Refused, it answers the preview again (against the sheet live now) with the reason, so the page
 * keeps what was being published.
 */
export async function publishRateSheet(services: AppServices, user: StaffUser, form: FormData): Promise<PublishOutcome> {
	let document: unknown = null
	try {
		document = JSON.parse(String(form.get('payload') ?? 'null'))
	} catch {
		// Refused below as the schema refuses null.
	}
	const restoringText = String(form.get('restoring') ?? '')
	const restoring = /^\d{1,9}$/.test(restoringText) ? Number(restoringText) : null
	// Refused: the preview again (against the sheet live now), with the reason, so the page keeps what was being published.
	const again = async (errors: FieldErrors, status: number, notice?: string): Promise<PublishOutcome> => {
		const proposal = await proposeRateSheet(services, 'preview', document, { restoring })
		const result = { ...proposal, intent: 'publish', errors: { ...proposal.errors, ...errors }, ...(notice ? { notice } : {}) }
		return { published: false, result, status }
	}
	const note = versionNoteSchema.safeParse(String(form.get('note') ?? ''))
	const baseText = String(form.get('baseVersion') ?? '')
	if (!/^\d{1,9}$/.test(baseText)) return again({ form: pricingScreenMessages.noPreview }, 400)
	if (!note.success) return again({ note: note.error.issues[0]!.message }, 400)
	const saved = await saveContent(services, 'rateSheet', document, user, { note: note.data, expectedVersion: Number(baseText) })
	if (saved.ok) return { published: true, version: saved.version }
	if (saved.staleVersion !== undefined) {
		// This process may still hold the older sheet for a few seconds: the new preview must compare with the newest.
		services.content.invalidate()
		return again({}, 409, pricingScreenMessages.stale(saved.staleVersion))
	}
	return again(saved.errors, 400)
}
