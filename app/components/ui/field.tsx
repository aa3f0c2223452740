import type { ChangeEvent, ReactNode } from 'react'
import { inputClass } from '#app/components/ui/styles.ts'

/**
 * The one labelled text field of the site: the quote wizard (`comfortable`: larger, as the public pages) and the
 * dashboard (`compact`) use the same markup, ids and messages (`<id>-hint`, `<id>-error`, aria-describedby).
 */
export type FieldDensity = 'comfortable' | 'compact'

export type TextFieldProps = {
	id: string
	label: string
	value: string | undefined
	onChange: (value: string) => void
	error?: string
	hint?: string
	required?: boolean
	disabled?: boolean
	type?: 'text' | 'email' | 'tel' | 'url' | 'password'
	inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel' | 'url'
	autoComplete?: string
	autoFocus?: boolean
	maxLength?: number
	placeholder?: string
	density?: FieldDensity
}

const labelClass: Record<FieldDensity, string> = {
	comfortable: 'mb-1 block font-medium text-slate-800',
	compact: 'mb-1 block text-sm font-medium text-slate-800',
}
const controlClass: Record<FieldDensity, string> = {
	comfortable: `${inputClass} py-2.5 disabled:bg-slate-100`,
	compact: inputClass,
}

/** The ids a control names in aria-describedby: its hint and its error, when shown. */
export function fieldDescribedBy(id: string, hint?: string, error?: string) {
	return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

/** The ARIA that ties a control to its label and messages. */
function ariaProps({ id, required, error, hint }: Pick<TextFieldProps, 'id' | 'required' | 'error' | 'hint'>) {
	return {
		id,
		'aria-required': required || undefined,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': fieldDescribedBy(id, hint, error),
	}
}

/** What every control of a field carries: its value, its change handler and the ARIA that ties it to its label and messages. */
function controlProps({ value, onChange, ...field }: Pick<TextFieldProps, 'id' | 'value' | 'onChange' | 'required' | 'error' | 'hint'>) {
	return {
		...ariaProps(field),
		value: value ?? '',
		onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
	}
}

export function FieldLabel({
	htmlFor,
	label,
	required,
	density = 'compact',
}: {
	htmlFor: string
	label: string
	required?: boolean
	density?: FieldDensity
}) {
	return (
		<label htmlFor={htmlFor} className={labelClass[density]}>
			{label}
			{required ? (
				<span aria-hidden="true" className="text-red-700">
					{' '}
					*
				</span>
			) : null}
		</label>
	)
}

export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
	return (
		<>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
		</>
	)
}

/** The dashboard's fields (compact) are not the staff member's own details: no autofill unless asked. */
const autofill = (autoComplete: string | undefined, density: FieldDensity) => autoComplete ?? (density === 'compact' ? 'off' : undefined)

/** Label, control, hint and error, in that order. */
function FieldFrame({
	id,
	label,
	required,
	density,
	hint,
	error,
	children,
}: Pick<TextFieldProps, 'id' | 'label' | 'required' | 'hint' | 'error'> & { density: FieldDensity; children: ReactNode }) {
	return (
		<div>
			<FieldLabel htmlFor={id} label={label} required={required} density={density} />
			{children}
			<FieldMessages id={id} hint={hint} error={error} />
		</div>
	)
}

export function TextField({
	type = 'text',
	inputMode,
	autoComplete,
	autoFocus,
	maxLength,
	placeholder,
	disabled,
	density = 'compact',
	...field
}: TextFieldProps) {
	return (
		<FieldFrame {...field} density={density}>
			<input
				{...controlProps(field)}
				type={type}
				inputMode={inputMode}
				autoComplete={autofill(autoComplete, density)}
				autoFocus={autoFocus}
				maxLength={maxLength}
				placeholder={placeholder}
				disabled={disabled}
				className={controlClass[density]}
			/>
		</FieldFrame>
	)
}

export function TextAreaField({
	maxLength,
	placeholder,
	rows = 4,
	density = 'compact',
	...field
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'autoFocus' | 'disabled'> & { rows?: number }) {
	return (
		<FieldFrame {...field} density={density}>
			<textarea
				{...controlProps(field)}
				rows={rows}
				maxLength={maxLength}
				placeholder={placeholder}
				className={density === 'comfortable' ? `${controlClass.comfortable} min-h-[120px]` : controlClass.compact}
			/>
		</FieldFrame>
	)
}

/**
 * The same field in a form posted as it is (React Router's `<Form>`): the control is named and keeps its own value,
 * starting from `defaultValue`.
 */
export function FormTextField({
	name,
	defaultValue,
	type = 'text',
	inputMode,
	autoComplete,
	placeholder,
	density = 'compact',
	...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'autoFocus' | 'maxLength' | 'disabled'> & { name: string; defaultValue?: string }) {
	return (
		<FieldFrame {...field} density={density}>
			<input
				{...ariaProps(field)}
				name={name}
				defaultValue={defaultValue}
				type={type}
				inputMode={inputMode}
				autoComplete={autofill(autoComplete, density)}
				placeholder={placeholder}
				className={controlClass[density]}
			/>
		</FieldFrame>
	)
}

/** A whole number in a posted form (settings, the retention policy): its bounds are the schema's, shown in the hint. */
export function FormNumberField({
	name,
	label,
	defaultValue,
	min,
	max,
	hint,
	error,
}: {
	name: string
	label: string
	defaultValue: number
	min: number
	max: number
	hint: string
	error?: string
}) {
	return (
		<FieldFrame id={name} label={label} hint={hint} error={error} density="compact">
			<input
				{...ariaProps({ id: name, hint, error })}
				name={name}
				type="number"
				inputMode="numeric"
				min={min}
				max={max}
				step={1}
				defaultValue={defaultValue}
				className={`${inputClass} max-w-40`}
			/>
		</FieldFrame>
	)
}
