import type { FieldErrors } from '#app/features/content/editor-result.ts'
import { sheetErrorKey, sheetFieldId, sheetFieldName } from '#app/features/rate-sheets/sheet-form.ts'
import { describeSheetPath, unitOf } from '#app/features/pricing/sheet-labels.ts'
import { type SheetPath, leafKindAt } from '#app/features/pricing/sheet-shape.ts'

/** What every part of the grid reads: the draft it is drawn from, the problems by path, and whether it may be changed. */
export type GridContext = { sheet: unknown; errors: FieldErrors; readOnly: boolean }

/** app.css: one class per kind of control, since a grid has hundreds of them. */
const cellInputClass = 'sheet-cell'
const fieldInputClass = 'sheet-field'

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/

/**
 * One leaf of the rate sheet as a plain form control (docs/decisions/0073), chosen by what the schema lets it hold:
 * a checkbox (with a hidden "false" before it, so unchecked posts too), a list to choose from, or a text field (a
 * number is typed as text so the server, not the browser, judges it). `cell`: in a table, named by its whole place
 * ("DSCR · FICO 740-759 · LTV 70 % to under 75 %"); `field`: with a visible label.
 */
export function SheetLeafField({
	path,
	value,
	context,
	layout,
	label,
}: {
	path: SheetPath
	value: unknown
	context: GridContext
	layout: 'cell' | 'field'
	label?: string
}) {
	const id = sheetFieldId(path)
	const name = sheetFieldName(path)
	const error = context.errors[sheetErrorKey(path)]
	const kind = leafKindAt(path)
	const unit = unitOf(path)
	const fullName = describeSheetPath(path, context.sheet)
	const aria = {
		id,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': error ? `${id}-error` : undefined,
		...(layout === 'cell' ? { 'aria-label': fullName } : {}),
	}
	let control: React.ReactNode
	if (kind.boolean && (typeof value === 'boolean' || value === undefined)) {
		control = (
			<span className="flex items-center gap-2">
				{context.readOnly ? null : <input type="hidden" name={name} value="false" />}
				<input
					{...aria}
					type="checkbox"
					name={name}
					value="true"
					defaultChecked={value === true}
					disabled={context.readOnly}
					className="h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
				/>
			</span>
		)
	} else if (kind.choices && (value === null || value === undefined || typeof value === 'string')) {
		// A value the list does not hold (an imported typo) stays visible, so the message beside it makes sense.
		const choices = typeof value === 'string' && !kind.choices.includes(value) ? [value, ...kind.choices] : kind.choices
		control = (
			<select
				{...aria}
				name={name}
				defaultValue={value ?? ''}
				disabled={context.readOnly}
				className={layout === 'cell' ? cellInputClass : fieldInputClass}
			>
				{kind.nullable || value === null ? <option value="">Not offered</option> : null}
				{choices.map((choice) => (
					<option key={choice} value={choice}>
						{choice}
					</option>
				))}
			</select>
		)
	} else {
		const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
		control = (
			<input
				{...aria}
				type="text"
				name={name}
				defaultValue={text}
				readOnly={context.readOnly}
				inputMode={kind.number || DECIMAL_TEXT.test(text) ? 'decimal' : undefined}
				placeholder={kind.nullable ? (layout === 'cell' ? '—' : 'Not offered') : undefined}
				autoComplete="off"
				spellCheck={false}
				className={layout === 'cell' ? cellInputClass : fieldInputClass}
			/>
		)
	}
	const message = error ? (
		<p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
			{error}
		</p>
	) : null
	if (layout === 'cell')
		return (
			<div>
				{control}
				{message}
			</div>
		)
	const shown = label ?? fullName
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
				{shown}
				{unit ? <span className="font-normal text-slate-600"> ({unit})</span> : null}
				{kind.nullable ? <span className="font-normal text-slate-600"> · empty: not offered</span> : null}
			</label>
			{control}
			{message}
		</div>
	)
}
