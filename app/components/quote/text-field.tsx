import { formatDollarText } from '#app/features/calculator/mortgage.ts'

type FieldProps = {
	id: string
	label: string
	value: string | undefined
	onChange: (value: string) => void
	required?: boolean
	placeholder?: string
	hint?: string
	error?: string
	disabled?: boolean
	type?: 'text' | 'email' | 'tel'
	autoComplete?: string
	inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
	maxLength?: number
}

const inputClass =
	'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-100'

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
	return (
		<label htmlFor={htmlFor} className="mb-1 block font-medium text-slate-800">
			{label} {required ? <span aria-hidden="true" className="text-red-700">*</span> : null}
		</label>
	)
}

export function TextField({ id, label, value, onChange, required, placeholder, hint, error, disabled, type = 'text', autoComplete, inputMode, maxLength = 200 }: FieldProps) {
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
	return (
		<div>
			<FieldLabel htmlFor={id} label={label} required={required} />
			<input
				id={id}
				type={type}
				value={value ?? ''}
				onChange={(event) => onChange(event.target.value)}
				placeholder={placeholder}
				required={required}
				disabled={disabled}
				autoComplete={autoComplete}
				inputMode={inputMode}
				maxLength={maxLength}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy}
				className={inputClass}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="mt-1 text-sm text-red-700">
					{error}
				</p>
			) : null}
		</div>
	)
}

/** spec 1 §5: accepts only digits (or already formatted text) and displays whole dollars. */
export function MoneyField(props: Omit<FieldProps, 'type' | 'inputMode'>) {
	return <TextField {...props} inputMode="numeric" maxLength={16} onChange={(text) => props.onChange(formatDollarText(text))} />
}

/** spec 1 §5: the investment count keeps digits only. */
export function DigitsField(props: Omit<FieldProps, 'type' | 'inputMode'>) {
	return <TextField {...props} inputMode="numeric" maxLength={4} onChange={(text) => props.onChange(text.replace(/\D/g, ''))} />
}

export function TextAreaField({ id, label, value, onChange, placeholder, maxLength = 5000 }: Pick<FieldProps, 'id' | 'label' | 'value' | 'onChange' | 'placeholder' | 'maxLength'>) {
	return (
		<div>
			<FieldLabel htmlFor={id} label={label} />
			<textarea
				id={id}
				value={value ?? ''}
				onChange={(event) => onChange(event.target.value)}
				placeholder={placeholder}
				maxLength={maxLength}
				className={`${inputClass} min-h-[120px]`}
			/>
		</div>
	)
}
