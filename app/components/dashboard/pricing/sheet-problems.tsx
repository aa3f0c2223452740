import type { FieldErrors } from '#app/features/content/editor-result.ts'
import { sheetFieldId, sheetMessageId } from '#app/features/rate-sheets/sheet-form.ts'
import { describeSheetPath, valueAt } from '#app/features/pricing/sheet-labels.ts'

/** Messages that belong to a form of their own, not to the sheet. */
const NOT_THE_SHEET = new Set(['note'])

/**
 * A refused sheet's problems, each named in words and by its path ("DSCR · Rate floor — dscr.rateFloor: ..."), linked
 * to its cell; the cells carry the same messages (docs/decisions/0073). Nothing was stored.
 */
export function SheetProblems({ errors, draft }: { errors: FieldErrors; draft: unknown }) {
	const problems = Object.entries(errors).filter(([path]) => !NOT_THE_SHEET.has(path))
	if (problems.length === 0) return null
	return (
		<div id="rate-sheet-problems" role="alert" tabIndex={-1} className="rounded-md bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
			<p className="font-semibold">Nothing was saved. Fix these problems and preview again:</p>
			<ul className="mt-2 list-disc space-y-1 pl-5 break-words">
				{problems.map(([key, message]) => {
					if (key === 'form') return <li key={key}>{message}</li>
					const path = key.split('.')
					const value = valueAt(draft, path)
					const target = value !== null && typeof value === 'object' ? sheetMessageId(path) : sheetFieldId(path)
					return (
						<li key={key}>
							<a href={`#${target}`} className="font-medium underline">
								{describeSheetPath(path, draft)}
							</a>{' '}
							— <code className="font-mono">{key}</code>: {message}
						</li>
					)
				})}
			</ul>
		</div>
	)
}
