import { type ReactNode, useState } from 'react'
import { FieldLabel } from '#app/components/ui/field.tsx'
import { inputClass } from '#app/components/ui/styles.ts'
import { useCompany } from '#app/components/site/use-company.ts'
import {
	PHONE_LEAD_AMOUNT_LABELS,
	PHONE_LEAD_PROGRAMS,
	PHONE_LEAD_STATES,
	asksTransaction,
	phoneLeadAmounts,
} from '#app/features/leads/work/add-lead-schema.ts'
import { verbalConsentScript } from '#app/features/leads/model/verbal-consent.ts'
import { LEAD_STATUSES } from '#app/features/leads/model/lead-statuses.ts'
import { type Option, TRANSACTION_TYPES } from '#app/features/quote-wizard/options.ts'
import { ADD_LEAD_PROPERTY_TYPES } from '#app/features/leads/model/lead-form-options.ts'

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
	required = false,
	value,
	onChange,
}: {
	id: string
	name: string
	options: ReadonlyArray<Option>
	placeholder?: string
	disabled: boolean
	required?: boolean
	value?: string
	onChange?: (value: string) => void
}) {
	return (
		<select
			id={id}
			name={name}
			className={inputClass}
			disabled={disabled}
			aria-required={required || undefined}
			{...(onChange
				? { value, onChange: (event) => onChange(event.target.value) }
				: { defaultValue: placeholder === undefined ? options[0]?.value : '' })}
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

/** What Add Lead starts with: a contact-form message's sender and words (docs/decisions/0109). */
export type AddLeadPrefill = {
	firstName?: string
	lastName?: string
	email?: string
	phone?: string
	message?: string
	contactMessageId?: string
}

/**
 * spec 2 §2 Add Lead, docs/decisions/0109: the contact fields (required, spec 2 §5), then what the wizard asks: its
 * program, property type, transaction (DSCR and bridge), the property's address and state and the program's amounts;
 * then the verbal consent script for the officer to read aloud.
 */
export function AddLeadFields({
	defaultSource,
	disabled,
	prefill = {},
}: {
	defaultSource: string
	disabled: boolean
	prefill?: AddLeadPrefill
}) {
	const company = useCompany()
	const [program, setProgram] = useState('')
	const [transaction, setTransaction] = useState('')
	const text = (name: keyof AddLeadPrefill, type = 'text', required = false) => (
		<input
			id={`add-lead-${name}`}
			name={name}
			type={type}
			required={required}
			aria-required={required || undefined}
			autoComplete="off"
			disabled={disabled}
			defaultValue={prefill[name]}
			className={inputClass}
		/>
	)
	const amounts = phoneLeadAmounts(program, transaction)
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			{prefill.contactMessageId ? <input type="hidden" name="contactMessageId" value={prefill.contactMessageId} /> : null}
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
			<Field id="add-lead-loanProgram" label="Loan Program" required>
				<Choice
					id="add-lead-loanProgram"
					name="loanProgram"
					options={PHONE_LEAD_PROGRAMS}
					placeholder="Select loan program"
					disabled={disabled}
					required
					value={program}
					onChange={setProgram}
				/>
			</Field>
			<Field id="add-lead-propertyType" label="Property Type" required>
				<Choice
					id="add-lead-propertyType"
					name="propertyType"
					options={ADD_LEAD_PROPERTY_TYPES}
					placeholder="Select property type"
					disabled={disabled}
					required
				/>
			</Field>
			{asksTransaction(program) ? (
				<Field id="add-lead-transactionType" label="Transaction Type" required>
					<Choice
						id="add-lead-transactionType"
						name="transactionType"
						options={TRANSACTION_TYPES}
						placeholder="Select transaction type"
						disabled={disabled}
						required
						value={transaction}
						onChange={setTransaction}
					/>
				</Field>
			) : null}
			<Field id="add-lead-propertyState" label="Property State" required>
				<Choice
					id="add-lead-propertyState"
					name="propertyState"
					options={PHONE_LEAD_STATES}
					placeholder="Select state"
					disabled={disabled}
					required
				/>
			</Field>
			<Field id="add-lead-propertyAddress" label="Property Address" wide>
				<input
					id="add-lead-propertyAddress"
					name="propertyAddress"
					type="text"
					autoComplete="off"
					placeholder="Street and city, if the caller knows it"
					disabled={disabled}
					className={inputClass}
				/>
			</Field>
			{amounts.map((field) => (
				<Field key={field} id={`add-lead-${field}`} label={PHONE_LEAD_AMOUNT_LABELS[field]}>
					<input
						id={`add-lead-${field}`}
						name={field}
						type="text"
						inputMode="decimal"
						placeholder={field === 'monthlyRent' ? '$3,000' : '$500,000'}
						disabled={disabled}
						className={inputClass}
					/>
				</Field>
			))}
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
				<textarea id="add-lead-message" name="message" rows={3} disabled={disabled} defaultValue={prefill.message} className={inputClass} />
			</Field>
			<fieldset className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200 sm:col-span-2">
				<legend className="px-1 text-sm font-semibold text-slate-900">Consent to be contacted</legend>
				<p className="text-sm text-slate-800">Read this to the caller, word for word:</p>
				<blockquote className="mt-2 border-l-4 border-brand-600 pl-3 text-sm text-slate-900" data-testid="verbal-consent-script">
					{verbalConsentScript(company)}
				</blockquote>
				<label className="mt-3 flex items-start gap-2 text-sm font-medium text-slate-900">
					<input type="checkbox" name="verbalConsent" className="mt-0.5 h-4 w-4" disabled={disabled} />
					The caller said yes to calls, texts and e-mails
				</label>
				<p className="mt-1 text-xs text-slate-700">
					Left unticked, the lead is saved without consent to call or text, and its Call and Text buttons say so.
				</p>
			</fieldset>
		</div>
	)
}
