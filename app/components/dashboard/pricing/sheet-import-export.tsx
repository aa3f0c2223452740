import { Download, FileUp } from 'lucide-react'
import { Form } from 'react-router'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'

/** Where the current sheet downloads as JSON (app/routes/dashboard/pricing.rate-sheet.ts). */
export const RATE_SHEET_JSON_PATH = '/dashboard/pricing/rate-sheet.json'

/**
 * The rate sheet as the JSON document it is (docs/decisions/0065), kept out of the way of the grid: download the
 * live sheet, or import a file or a pasted document. An import is previewed like a grid edit, never saved at once.
 * Plain links and a multipart form: all of it works without JavaScript; with it, a chosen file shows in the text box.
 */
export function SheetImportExport({
	currentJson,
	version,
	canEdit,
	open,
	pastedText,
	importing,
}: {
	currentJson: string
	version: number
	canEdit: boolean
	/** Opened when the last answer was about an import. */
	open: boolean
	/** What was pasted, drawn again after an answer without JavaScript. */
	pastedText?: string
	importing: boolean
}) {
	return (
		<details open={open || undefined} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
			<summary className="cursor-pointer font-semibold text-slate-900">Import or export JSON</summary>
			<div className="mt-4 space-y-4">
				<p className="text-sm text-slate-700">
					The sheet is one JSON document (how each figure is used: docs/pricing-rate-sheet.md). Keep a copy in a spreadsheet and import it
					back; an import is previewed before it is published.
				</p>
				<a href={RATE_SHEET_JSON_PATH} download={`rate-sheet-v${version}.json`} className={buttonClass.secondary}>
					<Download className="h-4 w-4" aria-hidden="true" /> Download JSON (version {version})
				</a>
				{canEdit ? (
					<Form method="post" encType="multipart/form-data" className="space-y-3">
						<input type="hidden" name="intent" value="import" />
						<div>
							<label htmlFor="rate-sheet-file" className="mb-1 block text-sm font-medium text-slate-800">
								JSON file to import
							</label>
							<input
								id="rate-sheet-file"
								name="file"
								type="file"
								accept="application/json,.json"
								className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
								onChange={async (event) => {
									// With JavaScript the chosen file shows in the text box; without it, the server reads the file.
									const chosen = event.target.files?.[0]
									const box = event.target.form?.elements.namedItem('json')
									if (chosen && box instanceof HTMLTextAreaElement) box.value = await chosen.text()
								}}
							/>
						</div>
						<div>
							<label htmlFor="rate-sheet" className="mb-1 block text-sm font-medium text-slate-800">
								Rate sheet (JSON)
							</label>
							<textarea
								id="rate-sheet"
								name="json"
								className={`${inputClass} min-h-[20rem] font-mono text-xs`}
								defaultValue={pastedText ?? currentJson}
								spellCheck={false}
								aria-describedby="rate-sheet-hint"
							/>
							<p id="rate-sheet-hint" className="mt-1 text-sm text-slate-600">
								The live sheet; paste another over it, or choose a file above (a chosen file is used instead of this text).
							</p>
						</div>
						<button type="submit" className={buttonClass.primary} disabled={importing}>
							<FileUp className="h-4 w-4" aria-hidden="true" /> {importing ? 'Reading...' : 'Preview import'}
						</button>
					</Form>
				) : (
					<div>
						<label htmlFor="rate-sheet" className="mb-1 block text-sm font-medium text-slate-800">
							Rate sheet (JSON)
						</label>
						<textarea id="rate-sheet" className={`${inputClass} min-h-[20rem] font-mono text-xs`} defaultValue={currentJson} readOnly />
					</div>
				)}
			</div>
		</details>
	)
}
