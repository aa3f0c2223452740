import type { ReactNode } from 'react'
import { FieldLabel } from '#app/components/ui/field.tsx'
import { inputClass } from '#app/components/ui/styles.ts'
import { MANUAL_LOAN_TYPES, MANUAL_PROPERTY_TYPES, MANUAL_TRANSACTION_TYPES } from '#app/features/leads/model/lead-form-options.ts'
import { LEAD_STATUSES } from '#app/features/leads/model/lead-statuses.ts'
import type { Option } from '#app/features/quote-wizard/options.ts'

function Field({
	id,
	label,
	required = false,
	wide = false,
	children,
}: {
	id: string
	label: string
	required?: boolean
	wide?: boolean
	children: ReactNode
}) {
	return (
		<div className={wide ? 'sm:col-span-2' : undefined}>
			<FieldLabel htmlFor={id} label={label} required={required} />
			{children}
		</div>
	)
}

function Choice({
	id,
	name,
	options,
	placeholder,
	disabled,
}: {
	id: string
	name: string
	options: ReadonlyArray<Option>
	placeholder?: string
	disabled: boolean
}) {
	return (
		<select
			id={id}
			name={name}
			className={inputClass}
			disabled={disabled}
			defaultValue={placeholder === undefined ? options[0]?.value : ''}
		>
			{placeholder !== undefined ? <option value="">{placeholder}</option> : null}
			{options.map((option) => (
				<option key={option.value} value={option.value}>
					{option.label}
				</option>
			))}
		</select>
	)
}

/** spec 2 §2 Add Lead: the dialog's fields; the four contact fields are required (spec 2 §5). */
export function AddLeadFields({ defaultSource, disabled }: { defaultSource: string; disabled: boolean }) {
	const text = (name: string, type = 'text', required = false, autoComplete = 'off') => (
		<input
			id={`add-lead-${name}`}
			name={name}
			type={type}
			required={required}
			aria-required={required || undefined}
			autoComplete={autoComplete}
			disabled={disabled}
			className={inputClass}
		/>
	)
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<Field id="add-lead-firstName" label="First Name" required>
				{text('firstName', 'text', true)}
			</Field>
			<Field id="add-lead-lastName" label="Last Name" required>
				{text('lastName', 'text', true)}
			</Field>
			<Field id="add-lead-email" label="Email" required>
				{text('email', 'email', true)}
			</Field>
			<Field id="add-lead-phone" label="Phone" required>
				{text('phone', 'tel', true)}
			</Field>
			<Field id="add-lead-loanType" label="Loan Type">
				<Choice id="add-lead-loanType" name="loanType" options={MANUAL_LOAN_TYPES} placeholder="Select loan type" disabled={disabled} />
			</Field>
			<Field id="add-lead-propertyType" label="Property Type">
				<Choice
					id="add-lead-propertyType"
					name="propertyType"
					options={MANUAL_PROPERTY_TYPES}
					placeholder="Select property type"
					disabled={disabled}
				/>
			</Field>
			<Field id="add-lead-transactionType" label="Transaction Type">
				<Choice
					id="add-lead-transactionType"
					name="transactionType"
					options={MANUAL_TRANSACTION_TYPES}
					placeholder="Select transaction type"
					disabled={disabled}
				/>
			</Field>
			<Field id="add-lead-propertyValue" label="Property Value">
				<input
					id="add-lead-propertyValue"
					name="propertyValue"
					type="text"
					inputMode="decimal"
					placeholder="$500,000"
					disabled={disabled}
					className={inputClass}
				/>
			</Field>
			<Field id="add-lead-status" label="Status">
				<Choice id="add-lead-status" name="status" options={LEAD_STATUSES} disabled={disabled} />
			</Field>
			<Field id="add-lead-sourcePage" label="Source Page">
				<input
					id="add-lead-sourcePage"
					name="sourcePage"
					type="text"
					defaultValue={defaultSource}
					disabled={disabled}
					className={inputClass}
				/>
			</Field>
			<Field id="add-lead-message" label="Message" wide>
				<textarea id="add-lead-message" name="message" rows={3} disabled={disabled} className={inputClass} />
			</Field>
		</div>
	)
}
