import { Download, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { EditorPage } from '#app/components/dashboard/content/editor-page.tsx'
import { SaveBar } from '#app/components/dashboard/content/save-bar.tsx'
import { UnsavedChangesGuard } from '#app/components/dashboard/content/unsaved-changes-guard.tsx'
import { useContentEditor } from '#app/components/dashboard/content/use-content-editor.ts'
import { VersionHistory } from '#app/components/dashboard/content/version-history.tsx'
import { buttonClass, inputClass, panelClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { can } from '#app/features/auth/roles.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { EDITOR_FORM_MAX_BYTES, contentEditorAction, loadContentEditor } from '#app/features/content/content-editor.server.ts'
import type { RateSheet } from '#app/features/pricing/rate-sheet.ts'
import { readFormDataWithin } from '#app/features/uploads/image-upload.server.ts'
import type { Route } from './+types/pricing'

export const meta: Route.MetaFunction = () => [{ title: 'Pricing | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Issue 19: a sales manager reads the rate sheet; only an admin changes it. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireStaff(request, context, 'pricing')
	const { content, versions } = await loadContentEditor(context.get(servicesContext), 'rateSheet')
	const canEdit = can(user.roles, 'admin')
	return { content, versions: canEdit ? versions : versions.slice(0, 1), canEdit }
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'admin')
	return contentEditorAction(context.get(servicesContext), 'rateSheet', user, await readFormDataWithin(request, EDITOR_FORM_MAX_BYTES))
}

const asText = (sheet: RateSheet) => `${JSON.stringify(sheet, null, 2)}\n`

/**
 * The rate sheet as the one JSON document it is (docs/pricing-rate-sheet.md): downloaded to keep in a spreadsheet,
 * imported or edited here, saved as a new version. A document with problems is refused with every problem's path
 * and reason, and nothing changes.
 */
export default function PricingScreen({ loaderData }: Route.ComponentProps) {
	const { content, versions, canEdit } = loaderData
	const [text, setText] = useState(() => asText(content))
	const [parseError, setParseError] = useState<string | null>(null)
	const file = useRef<HTMLInputElement>(null)
	const editor = useContentEditor<RateSheet>({
		success: 'Rate sheet saved: new quotes use it now',
		failure: 'The rate sheet was not saved',
		onStored: (stored) => setText(asText(stored)),
	})
	const dirty = text !== asText(content)
	const problems = Object.entries(editor.errors).filter(([path]) => path !== 'form')
	const latest = versions[0]

	function save() {
		let document: unknown
		try {
			document = JSON.parse(text)
		} catch (error) {
			setParseError(`The document is not valid JSON: ${(error as Error).message}`)
			return
		}
		setParseError(null)
		editor.save(document)
	}

	function download() {
		const url = URL.createObjectURL(new Blob([asText(content)], { type: 'application/json' }))
		const link = Object.assign(document.createElement('a'), { href: url, download: `rate-sheet-v${latest?.version ?? 1}.json` })
		link.click()
		URL.revokeObjectURL(url)
	}

	return (
		<EditorPage
			title="Pricing"
			description="The rate sheet every indicative quote is priced from. Each save is a new version; terms already shown keep the version they were priced with."
		>
			<div className={`${panelClass} space-y-4`}>
				<div className="flex flex-wrap items-center justify-between gap-3">
					<p className="text-sm text-slate-700">
						{latest
							? `Version ${latest.version}, saved ${new Date(latest.createdAt).toLocaleString('en-US')} by ${latest.createdBy ?? 'the system'}.`
							: 'The seeded rate sheet.'}{' '}
						How each figure is used: docs/pricing-rate-sheet.md.
					</p>
					<div className="flex flex-wrap gap-2">
						<button type="button" className={buttonClass.secondary} onClick={download}>
							<Download className="h-4 w-4" aria-hidden="true" /> Download JSON
						</button>
						{canEdit ? (
							<>
								<button type="button" className={buttonClass.secondary} onClick={() => file.current?.click()}>
									<Upload className="h-4 w-4" aria-hidden="true" /> Import JSON
								</button>
								<input
									ref={file}
									type="file"
									accept="application/json,.json"
									className="sr-only"
									aria-label="Rate sheet file to import"
									tabIndex={-1}
									onChange={async (event) => {
										const chosen = event.target.files?.[0]
										if (chosen) setText(await chosen.text())
										event.target.value = ''
									}}
								/>
							</>
						) : null}
					</div>
				</div>
				<label htmlFor="rate-sheet" className="block font-semibold text-slate-900">
					Rate sheet (JSON)
				</label>
				<textarea
					id="rate-sheet"
					className={`${inputClass} min-h-[28rem] font-mono text-sm`}
					value={text}
					readOnly={!canEdit}
					spellCheck={false}
					aria-invalid={problems.length > 0 || parseError !== null}
					aria-describedby={problems.length > 0 || parseError ? 'rate-sheet-problems' : undefined}
					onChange={(event) => setText(event.target.value)}
				/>
				{problems.length > 0 || parseError ? (
					<div id="rate-sheet-problems" role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-900">
						<p className="font-semibold">Nothing was saved. Fix these problems and save again:</p>
						<ul className="mt-2 list-disc space-y-1 pl-5">
							{parseError ? <li>{parseError}</li> : null}
							{problems.map(([path, message]) => (
								<li key={path}>
									<code className="font-mono">{path}</code>: {message}
								</li>
							))}
						</ul>
					</div>
				) : null}
			</div>
			{canEdit ? (
				<>
					<SaveBar label="Save as new version" saving={editor.saving} dirty={dirty} error={editor.errors.form} onSave={save} />
					<VersionHistory
						versions={versions}
						onRestore={editor.restore}
						busy={editor.saving || editor.restoring}
						hasUnsavedChanges={dirty}
					/>
					<UnsavedChangesGuard dirty={dirty} />
				</>
			) : (
				<p className="mt-4 text-sm text-slate-600">Only an admin can change the rate sheet.</p>
			)}
		</EditorPage>
	)
}
