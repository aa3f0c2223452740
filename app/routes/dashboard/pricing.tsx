import { Eye, Loader2 } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Form, type ShouldRevalidateFunctionArgs, data, redirect, useNavigation } from 'react-router'
import { EditorPage } from '#app/components/dashboard/content/editor-page.tsx'
import { LocalTime } from '#app/components/dashboard/content/local-time.tsx'
import { UnsavedChangesGuard } from '#app/components/dashboard/content/unsaved-changes-guard.tsx'
import { VersionHistory } from '#app/components/dashboard/content/version-history.tsx'
import { RateSheetGrid } from '#app/components/dashboard/pricing/sheet-grid.tsx'
import { SheetImportExport } from '#app/components/dashboard/pricing/sheet-import-export.tsx'
import { SheetPreviewPanel } from '#app/components/dashboard/pricing/sheet-preview-panel.tsx'
import { SheetProblems } from '#app/components/dashboard/pricing/sheet-problems.tsx'
import { buttonClass, panelClass } from '#app/components/ui/styles.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'
import { servicesContext } from '#app/context.ts'
import { can } from '#app/features/auth/roles.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { listContentVersions } from '#app/features/content/content-admin.server.ts'
import { EDITOR_FORM_MAX_BYTES, editorFailureMessages } from '#app/features/content/content-editor.server.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import {
	type PricingScreenResult,
	pricingScreenMessages,
	proposalFromGrid,
	proposalFromImport,
	proposalFromVersion,
	publishRateSheet,
} from '#app/features/rate-sheets/rate-sheet-publishing.server.ts'
import { SHEET_BASE_FIELD } from '#app/features/rate-sheets/sheet-form.ts'
import { readFormDataWithin } from '#app/features/uploads/image-upload.server.ts'
import type { Route } from './+types/pricing'

export const meta: Route.MetaFunction = () => [{ title: 'Pricing | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

const PUBLISHED_MESSAGE = 'Rate sheet saved: new quotes use it now.'

/** docs/decisions/0065: a sales manager reads the rate sheet; only an admin changes it. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireStaff(request, context, 'pricing')
	const services = context.get(servicesContext)
	const [{ data: content, version }, versions] = await Promise.all([
		services.content.getWithVersion('rateSheet'),
		listContentVersions(services, 'rateSheet'),
	])
	const canEdit = can(user.roles, 'admin')
	// After Publish the screen is loaded again with ?published=<version> (so a reload never publishes twice).
	const asked = new URL(request.url).searchParams.get('published')
	const published = canEdit && asked !== null ? (versions.find((entry) => String(entry.version) === asked) ?? null) : null
	return { content, version, versions: canEdit ? versions : versions.slice(0, 1), canEdit, published }
}

/** A preview saves nothing: what the loader read is still current (the layout's loaders still run). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	const intent = (actionResult as Partial<PricingScreenResult> | undefined)?.intent
	if (intent === 'preview' || intent === 'import' || intent === 'version') return false
	return defaultShouldRevalidate
}

const answer = (result: PricingScreenResult) => data(result, { status: Object.keys(result.errors).length > 0 ? 400 : 200 })

/**
 * docs/decisions/0073: Preview changes (the grid), Preview import (a JSON file or text) and Restore (a stored version)
 * answer a preview and save nothing; Publish saves the previewed sheet with its change note.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'admin')
	const services = context.get(servicesContext)
	const form = await readFormDataWithin(request, EDITOR_FORM_MAX_BYTES)
	const refused = (intent: string, message: string, status: number) =>
		data<PricingScreenResult>(
			{ intent, draft: null, errors: { form: message }, preview: null, baseVersion: null, restoring: null, revision: crypto.randomUUID() },
			{ status },
		)
	if (!form) return refused('', editorFailureMessages.tooLarge, 413)
	const intent = String(form.get('intent') ?? '')
	// docs/decisions/0088: publishing a rate sheet needs the password and second factor from the last 5 minutes.
	if (intent === 'publish') await requireRecentAuth(request, context, user)
	try {
		switch (intent) {
			case 'preview':
				return answer(await proposalFromGrid(services, form, await services.content.get('rateSheet')))
			case 'import':
				return answer(await proposalFromImport(services, form))
			case 'version':
				return answer(await proposalFromVersion(services, form))
			case 'publish': {
				const outcome = await publishRateSheet(services, user, form)
				if (!outcome.published) return data(outcome.result, { status: outcome.status })
				services.log.info({ key: 'rateSheet', intent, version: outcome.version, by: user.id }, 'content saved')
				return redirect(`/dashboard/pricing?published=${outcome.version}`)
			}
			default:
				return refused(intent, pricingScreenMessages.unknownIntent, 400)
		}
	} catch (error) {
		services.log.error({ key: 'rateSheet', intent, err: errorForLog(error) }, 'content save failed')
		return refused(intent, editorFailureMessages.unexpected, 500)
	}
}

const NO_ERRORS = {}
const asText = (sheet: unknown) => `${JSON.stringify(sheet, null, 2)}\n`

/**
 * The rate sheet as grids and fields a pricing desk reads (docs/decisions/0073): edit, preview what changes (the diff,
 * every public figure, sample quotes, claims no longer honoured), then publish with a change note. A plain form: all of
 * it works without JavaScript. The JSON document stays as import and export, out of the way.
 */
export default function PricingScreen({ loaderData, actionData }: Route.ComponentProps) {
	const { content, version, versions, canEdit, published } = loaderData
	const result = actionData as PricingScreenResult | undefined
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const pending = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null
	const draft = result?.draft ?? content
	const errors = result?.errors ?? NO_ERRORS
	// Drawn again from the answer's draft when it did not come from the grid itself (an import, a version to restore).
	const gridKey = `${version}:${result && (result.intent === 'import' || result.intent === 'version') ? result.revision : 'grid'}`
	const [edited, setEdited] = useState(false)
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new answer or a new live version starts the grid afresh
	useEffect(() => setEdited(false), [result?.revision, version])

	// After an answer: the problems, the change note or the preview, where the eye (and the focus) should go.
	// biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
	useEffect(() => {
		if (!result) return
		const problems = Object.keys(result.errors).filter((key) => key !== 'note').length > 0
		const target = problems
			? document.getElementById('rate-sheet-problems')
			: result.errors.note
				? document.getElementById('change-note')
				: document.getElementById('sheet-preview-heading')
		target?.focus()
		target?.scrollIntoView({ block: 'start' })
	}, [result?.revision])

	const latest = versions[0]
	// Drawn again only when what it shows changes: a preview of the grid's own edits answers the values it already shows, and
	// hundreds of controls need not follow the navigation's state either.
	const drawn = JSON.stringify([draft, errors])
	// biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` stands for the draft and its errors, by value
	const grid = useMemo(() => <RateSheetGrid context={{ sheet: draft, errors, readOnly: !canEdit }} />, [drawn, canEdit])
	return (
		<EditorPage
			title="Pricing"
			description="The rate sheet every indicative quote and every advertised rate is priced from. A change is previewed first (what it changes on the public pages and in sample quotes), then published with a note as a new version; terms already shown keep the version they were priced with."
		>
			<div className="space-y-6">
				<div className={`${panelClass} space-y-2`}>
					<p className="text-sm text-slate-700">
						{latest ? (
							<>
								Version {latest.version} is live, published <LocalTime iso={latest.createdAt} /> by{' '}
								{latest.createdBy === 'seed' ? 'the installation' : (latest.createdBy ?? 'the system')}
								{latest.note ? `: “${latest.note}”` : '.'}
							</>
						) : (
							'The seeded rate sheet is live.'
						)}
					</p>
					{published ? (
						<p role="status" className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
							{PUBLISHED_MESSAGE} Version {published.version} is live.
						</p>
					) : null}
				</div>

				{result ? <SheetProblems errors={errors} draft={draft} /> : null}

				{canEdit && result?.preview && result.baseVersion !== null ? (
					<SheetPreviewPanel
						preview={result.preview}
						draft={result.draft}
						baseVersion={result.baseVersion}
						restoring={result.restoring}
						notice={result.notice}
						noteError={result.errors.note}
						editedSincePreview={edited}
						publishing={pending === 'publish'}
					/>
				) : null}

				{canEdit ? (
					<Form method="post" key={gridKey} onInput={() => setEdited(true)} className="space-y-6" aria-label="Rate sheet" noValidate>
						<input type="hidden" name="intent" value="preview" />
						<input type="hidden" name={SHEET_BASE_FIELD} value={JSON.stringify(draft)} />
						{grid}
						<div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
							<p role="status" className={`text-sm ${edited ? 'font-semibold text-amber-800' : 'text-slate-600'}`}>
								{edited
									? 'You have changes not previewed yet.'
									: hydrated
										? 'Change any figure, then preview what it changes before publishing.'
										: 'Preview shows what changes before anything is saved.'}
							</p>
							<button type="submit" className={buttonClass.primary} disabled={pending === 'preview'}>
								{pending === 'preview' ? (
									<Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
								) : (
									<Eye className="h-4 w-4" aria-hidden="true" />
								)}
								Preview changes
							</button>
						</div>
					</Form>
				) : (
					<div className="space-y-6" data-testid="read-only-sheet">
						<p className="text-sm text-slate-700">Only an admin can change the rate sheet; this is the live version.</p>
						{grid}
					</div>
				)}

				<SheetImportExport
					key={`import-${version}`}
					currentJson={asText(content)}
					version={version}
					canEdit={canEdit}
					open={result?.intent === 'import'}
					importing={pending === 'import'}
				/>
			</div>
			{canEdit ? (
				<>
					<VersionHistory
						versions={versions}
						busy={navigation.state !== 'idle'}
						hasUnsavedChanges={edited}
						description="Every published version is kept with its change note. Restoring an earlier one previews it first; publishing it makes it the newest."
						restoreControl={(entry) => (
							<Form method="post">
								<input type="hidden" name="intent" value="version" />
								<button type="submit" name="version" value={entry.version} className={buttonClass.secondary}>
									Restore<span className="sr-only"> version {entry.version}</span>
								</button>
							</Form>
						)}
					/>
					<UnsavedChangesGuard dirty={edited || Boolean(result?.preview)} />
				</>
			) : null}
		</EditorPage>
	)
}
