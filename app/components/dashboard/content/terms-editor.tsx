import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { FieldMessages } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '../../../features/content/editor-result.ts'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { MAX_TERMS, newRowId, type TermRow } from './loan-products-form.ts'

/** The label/value figures of the product page's terms card. */
export function TermsEditor({
	idPrefix,
	terms,
	errors,
	onChange,
}: {
	idPrefix: string
	terms: TermRow[]
	errors: FieldErrors
	onChange: (terms: TermRow[]) => void
}) {
	const [addedId, setAddedId] = useState<string | null>(null)
	const headingId = `${idPrefix}-terms-heading`
	const update = (id: string, change: Partial<TermRow>) => onChange(terms.map((row) => (row.id === id ? { ...row, ...change } : row)))
	return (
		// A legend names the group for every checker (pa11y asks for one); floated so it lays out like the heading it holds.
		<fieldset>
			<legend className="float-left w-full">
				<h2 id={headingId} className="text-base font-semibold text-slate-900">
					Terms card
				</h2>
			</legend>
			<p className="clear-both text-sm text-slate-600">
				The figures in the terms card of the product page, exactly as shown (e.g. Rates from / 5.875%).
			</p>
			<ol className="mt-3 space-y-3">
				{terms.map((row, index) => {
					const labelId = `${idPrefix}-term-${index}-label`
					const valueId = `${idPrefix}-term-${index}-value`
					const labelError = errors[`terms.${index}.label`]
					const valueError = errors[`terms.${index}.value`]
					return (
						<li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
							<div>
								<label htmlFor={labelId} className="mb-1 block text-sm font-medium text-slate-800">
									Term {index + 1} label
								</label>
								<input
									id={labelId}
									value={row.label}
									autoFocus={row.id === addedId}
									onChange={(event) => update(row.id, { label: event.target.value })}
									aria-invalid={labelError ? true : undefined}
									aria-describedby={labelError ? `${labelId}-error` : undefined}
									className={inputClass}
								/>
								<FieldMessages id={labelId} error={labelError} />
							</div>
							<div>
								<label htmlFor={valueId} className="mb-1 block text-sm font-medium text-slate-800">
									Term {index + 1} value
								</label>
								<input
									id={valueId}
									value={row.value}
									onChange={(event) => update(row.id, { value: event.target.value })}
									aria-invalid={valueError ? true : undefined}
									aria-describedby={valueError ? `${valueId}-error` : undefined}
									className={inputClass}
								/>
								<FieldMessages id={valueId} error={valueError} />
							</div>
							<button
								type="button"
								className={`${buttonClass.dangerOutline} mt-6`}
								onClick={() => onChange(terms.filter((item) => item.id !== row.id))}
							>
								<Trash2 className="h-4 w-4" aria-hidden="true" />
								<span className="sr-only">Remove term {index + 1}</span>
							</button>
						</li>
					)
				})}
			</ol>
			<FieldMessages id={`${idPrefix}-terms`} error={errors.terms} />
			<button
				type="button"
				className={`${buttonClass.secondary} mt-3`}
				disabled={terms.length >= MAX_TERMS}
				onClick={() => {
					const row = { id: newRowId(), label: '', value: '' }
					setAddedId(row.id)
					onChange([...terms, row])
				}}
			>
				<Plus className="h-4 w-4" aria-hidden="true" /> Add term
			</button>
		</fieldset>
	)
}
