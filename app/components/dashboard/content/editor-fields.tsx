import { inputClass } from './editor-styles.ts'

type FieldProps = {
	id: string
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	hint?: string
	required?: boolean
	type?: 'text' | 'email' | 'tel' | 'url'
	inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel' | 'url'
	autoComplete?: string
	autoFocus?: boolean
	maxLength?: number
	placeholder?: string
}

function describedBy(id: string, hint?: string, error?: string) {
	return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
	return (
		<label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
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

export function TextField({ id, label, value, onChange, error, hint, required, type = 'text', inputMode, autoComplete = 'off', autoFocus, maxLength, placeholder }: FieldProps) {
	return (
		<div>
			<FieldLabel htmlFor={id} label={label} required={required} />
			<input
				id={id}
				type={type}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				inputMode={inputMode}
				autoComplete={autoComplete}
				autoFocus={autoFocus}
				maxLength={maxLength}
				placeholder={placeholder}
				aria-required={required || undefined}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, hint, error)}
				className={inputClass}
			/>
			<FieldMessages id={id} hint={hint} error={error} />
		</div>
	)
}

export function TextAreaField({ id, label, value, onChange, error, hint, required, maxLength, rows = 4 }: Omit<FieldProps, 'type' | 'inputMode' | 'autoComplete'> & { rows?: number }) {
	return (
		<div>
			<FieldLabel htmlFor={id} label={label} required={required} />
			<textarea
				id={id}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				rows={rows}
				maxLength={maxLength}
				aria-required={required || undefined}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, hint, error)}
				className={inputClass}
			/>
			<FieldMessages id={id} hint={hint} error={error} />
		</div>
	)
}
