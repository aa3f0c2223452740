import { AlertTriangle, Loader2, Send } from 'lucide-react'
import { Form } from 'react-router'
import { buttonClass, inputClass, panelClass } from '#app/components/ui/styles.ts'
import { VERSION_NOTE_MAX_LENGTH } from '#app/features/content/version-note.ts'
import type { SheetPreview } from '#app/features/rate-sheets/sheet-preview.ts'

const changedRowClass = 'bg-amber-50'

/** Before → after, the old value struck through. */
function BeforeAfter({ before, after }: { before: string | null; after: string | null }) {
	return (
		<>
			<del className="text-slate-600">{before ?? '(none)'}</del> →{' '}
			<ins className="font-semibold text-slate-900 no-underline">{after ?? '(none)'}</ins>
		</>
	)
}

/**
 * What publishing the previewed sheet changes (docs/decisions/0073): the public claims it would no longer honour,
 * every changed leaf, every public figure (the changed ones first and highlighted), sample quotes before and after;
 * then Publish with its change note. Publish saves the sheet previewed here, never a later edit of the grid.
 */
export function SheetPreviewPanel({
	preview,
	draft,
	baseVersion,
	restoring,
	notice,
	noteError,
	editedSincePreview,
	publishing,
}: {
	preview: SheetPreview
	draft: unknown
	baseVersion: number
	restoring: number | null
	notice?: string
	noteError?: string
	/** The grid was changed after this preview (known only with JavaScript): Publish waits for a new preview. */
	editedSincePreview: boolean
	publishing: boolean
}) {
	const changedFigures = preview.figures.filter((figure) => figure.changed)
	const changedSamples = preview.samples.filter((sample) => sample.changed).length
	return (
		<section id="sheet-preview" aria-labelledby="sheet-preview-heading" className={`${panelClass} space-y-6 ring-2 ring-brand-200`}>
			<div>
				<h2 id="sheet-preview-heading" tabIndex={-1} className="text-xl font-bold text-brand-900">
					{restoring === null ? 'Preview: what publishing changes' : `Preview: restoring version ${restoring}`}
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					Compared with version {baseVersion}, the sheet live now. Nothing is saved until you publish.
				</p>
				{notice ? (
					<p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
						{notice}
					</p>
				) : null}
			</div>

			<section aria-labelledby="preview-warnings-heading" data-testid="preview-warnings">
				<h3 id="preview-warnings-heading" className="flex items-center gap-2 font-semibold text-slate-900">
					<AlertTriangle className="h-4 w-4 text-amber-700" aria-hidden="true" /> Public claims this sheet would no longer honour
				</h3>
				{preview.warnings.length === 0 ? (
					<p className="mt-1 text-sm text-slate-700">None: no advertised figure gets worse or disappears.</p>
				) : (
					<ul className="mt-2 space-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
						{preview.warnings.map((warning) => (
							<li key={warning.message}>{warning.message}</li>
						))}
					</ul>
				)}
			</section>

			<section aria-labelledby="preview-changes-heading" data-testid="preview-changes">
				<h3 id="preview-changes-heading" className="font-semibold text-slate-900">
					Changes to the sheet ({preview.changes.length})
				</h3>
				{preview.changes.length === 0 ? (
					<p className="mt-1 text-sm text-slate-700">No figure changes: publishing saves the same sheet again as a new version.</p>
				) : (
					<ul className="mt-2 divide-y divide-slate-100 text-sm break-words">
						{preview.changes.map((change) => (
							<li key={change.path.join('/')} className="py-1.5">
								<span className="text-slate-800">{change.label}</span>: <BeforeAfter before={change.beforeText} after={change.afterText} />
							</li>
						))}
					</ul>
				)}
			</section>

			<section aria-labelledby="preview-figures-heading">
				<h3 id="preview-figures-heading" className="font-semibold text-slate-900">
					Public figures ({changedFigures.length} changed)
				</h3>
				{changedFigures.length === 0 ? (
					<p className="mt-1 text-sm text-slate-700">Every figure the public pages print stays as it is.</p>
				) : (
					<ul className="mt-2 space-y-1 text-sm" data-testid="changed-figures">
						{changedFigures.map((figure) => (
							<li key={`${figure.product}-${figure.token}`} className={`rounded px-2 py-1 ${changedRowClass}`}>
								<span className="font-medium text-slate-900">
									{figure.productTitle} · {figure.label}
								</span>
								: <BeforeAfter before={figure.before} after={figure.after} />
							</li>
						))}
					</ul>
				)}
				<details className="mt-2">
					<summary className="cursor-pointer text-sm font-medium text-brand-800">Every public figure ({preview.figures.length})</summary>
					<table className="mt-2 w-full text-sm">
						<thead>
							<tr className="text-left text-xs text-slate-600">
								<th scope="col" className="py-1 pr-3">
									Figure
								</th>
								<th scope="col" className="py-1 pr-3">
									Now
								</th>
								<th scope="col" className="py-1">
									After publishing
								</th>
							</tr>
						</thead>
						{[...new Set(preview.figures.map((figure) => figure.product))].map((product) => {
							const rows = preview.figures.filter((figure) => figure.product === product)
							return (
								<tbody key={product}>
									<tr>
										<th scope="rowgroup" colSpan={3} className="border-b border-slate-200 pt-3 pb-1 text-left font-semibold text-slate-900">
											{rows[0]!.productTitle}
										</th>
									</tr>
									{rows.map((figure) => (
										<tr key={figure.token} className={figure.changed ? changedRowClass : undefined}>
											<th scope="row" className="py-1 pr-3 text-left font-normal">
												{figure.label}
												{figure.changed ? <span className="ml-1 text-xs font-semibold text-amber-900">changed</span> : null}
											</th>
											<td className="py-1 pr-3">{figure.before ?? '(none)'}</td>
											<td className={`py-1 ${figure.changed ? 'font-semibold' : ''}`}>{figure.after ?? '(none)'}</td>
										</tr>
									))}
								</tbody>
							)
						})}
					</table>
				</details>
			</section>

			<section aria-labelledby="preview-samples-heading" data-testid="preview-samples">
				<h3 id="preview-samples-heading" className="font-semibold text-slate-900">
					Sample quotes ({changedSamples} changed)
				</h3>
				<ul className="mt-2 space-y-2 text-sm">
					{preview.samples.map((sample) => (
						<li key={sample.label} className={`rounded px-2 py-1.5 ${sample.changed ? changedRowClass : ''}`}>
							<p className="font-medium text-slate-900">
								{sample.label}
								{sample.changed ? <span className="ml-1 text-xs font-semibold text-amber-900">changed</span> : null}
							</p>
							{sample.changed ? (
								<p className="text-slate-800">
									<BeforeAfter before={sample.before} after={sample.after} />
								</p>
							) : (
								<p className="text-slate-700">{sample.after}</p>
							)}
						</li>
					))}
				</ul>
			</section>

			<Form method="post" className="space-y-3 border-t border-slate-200 pt-4" noValidate>
				<input type="hidden" name="intent" value="publish" />
				<input type="hidden" name="payload" value={JSON.stringify(draft)} />
				<input type="hidden" name="baseVersion" value={baseVersion} />
				{restoring === null ? null : <input type="hidden" name="restoring" value={restoring} />}
				<div>
					<label htmlFor="change-note" className="mb-1 block text-sm font-medium text-slate-800">
						Change note<span aria-hidden="true"> *</span>
					</label>
					<input
						id="change-note"
						name="note"
						type="text"
						required
						maxLength={VERSION_NOTE_MAX_LENGTH}
						defaultValue={restoring === null ? '' : `Restore version ${restoring}`}
						autoComplete="off"
						aria-invalid={noteError ? true : undefined}
						aria-describedby={`change-note-hint${noteError ? ' change-note-error' : ''}`}
						className={inputClass}
					/>
					<p id="change-note-hint" className="mt-1 text-sm text-slate-600">
						What changes and why, in one line: it is kept with the version and shown in its history.
					</p>
					{noteError ? (
						<p id="change-note-error" className="mt-1 text-sm font-medium text-red-700">
							{noteError}
						</p>
					) : null}
				</div>
				{editedSincePreview ? (
					<p role="status" className="text-sm font-semibold text-amber-800">
						You changed the grid after this preview: preview the changes again before publishing them.
					</p>
				) : null}
				<button type="submit" className={buttonClass.primary} disabled={publishing || editedSincePreview}>
					{publishing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
					{publishing ? 'Publishing...' : 'Publish'}
				</button>
			</Form>
		</section>
	)
}
