import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { FieldMessages } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '../../../features/content/editor-result.ts'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { type FeatureRow, MAX_FEATURES, newRowId } from './loan-products-form.ts'

/** spec 2 §2: the key features, one input each, with add and remove. */
export function FeatureListEditor({
	idPrefix,
	features,
	errors,
	onChange,
}: {
	idPrefix: string
	features: FeatureRow[]
	errors: FieldErrors
	onChange: (features: FeatureRow[]) => void
}) {
	const [addedId, setAddedId] = useState<string | null>(null)
	const headingId = `${idPrefix}-features-heading`
	return (
		// A legend names the group for every checker (pa11y asks for one); floated so it lays out like the heading it holds.
		<fieldset>
			<legend className="float-left w-full">
				<h2 id={headingId} className="text-base font-semibold text-slate-900">
					Key features
				</h2>
			</legend>
			<p className="clear-both text-sm text-slate-600">Listed under Program Highlights on the product page.</p>
			<ol className="mt-3 space-y-2">
				{features.map((row, index) => {
					const id = `${idPrefix}-feature-${index}`
					const error = errors[`features.${index}`]
					return (
						<li key={row.id}>
							<div className="flex items-center gap-2">
								<label htmlFor={id} className="w-24 shrink-0 text-sm font-medium text-slate-800">
									Feature {index + 1}
								</label>
								<input
									id={id}
									value={row.text}
									autoFocus={row.id === addedId}
									onChange={(event) =>
										onChange(features.map((item) => (item.id === row.id ? { ...item, text: event.target.value } : item)))
									}
									aria-invalid={error ? true : undefined}
									aria-describedby={error ? `${id}-error` : undefined}
									className={inputClass}
								/>
								<button
									type="button"
									className={buttonClass.dangerOutline}
									onClick={() => onChange(features.filter((item) => item.id !== row.id))}
								>
									<Trash2 className="h-4 w-4" aria-hidden="true" />
									<span className="sr-only">Remove feature {index + 1}</span>
								</button>
							</div>
							<FieldMessages id={id} error={error} />
						</li>
					)
				})}
			</ol>
			<FieldMessages id={`${idPrefix}-features`} error={errors.features} />
			<button
				type="button"
				className={`${buttonClass.secondary} mt-3`}
				disabled={features.length >= MAX_FEATURES}
				onClick={() => {
					const row = { id: newRowId(), text: '' }
					setAddedId(row.id)
					onChange([...features, row])
				}}
			>
				<Plus className="h-4 w-4" aria-hidden="true" /> Add feature
			</button>
		</fieldset>
	)
}
