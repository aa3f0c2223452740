import { type FormEvent, type InputHTMLAttributes, useEffect, useRef, useState } from 'react'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import {
	FUNDING_FIELDS,
	FUNDING_MESSAGES,
	type LeadFundingView,
	fundedAmountText,
	fundedDayText,
	leadFundingSchema,
	percentText,
} from '#app/features/leads/model/lead-funding.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { useOfficeTimeZone } from '../office-time-zone.tsx'
import { useLeadFetcher } from './use-lead-action-toast.ts'
import { useFetcherAnswer } from '#app/components/ui/use-fetcher-answer.ts'

type FundingLead = {
	id: string
	firstName: string
	lastName: string
	status: string
	createdAt: Date | string
	/** Null for a lead entered by staff: a deal back-filled after it funded may predate it (docs/decisions/0123). */
	formCompletionStatus: string | null
	funding: LeadFundingView | null
}
type Field = (typeof FUNDING_FIELDS)[number]
type FieldErrors = Partial<Record<Field, string>>

const focusField = (form: HTMLFormElement | null, field: Field) => form?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus()

/** The field a refusal of the server is about, so it shows beside that field as the browser's own check would. */
const FIELD_OF_MESSAGE: ReadonlyMap<string, Field> = new Map([
	[FUNDING_MESSAGES.amount, 'amount'],
	[FUNDING_MESSAGES.amountRange, 'amount'],
	[FUNDING_MESSAGES.rate, 'rate'],
	[FUNDING_MESSAGES.rateRange, 'rate'],
	[FUNDING_MESSAGES.points, 'points'],
	[FUNDING_MESSAGES.pointsRange, 'points'],
	[FUNDING_MESSAGES.fundedOn, 'fundedOn'],
	[FUNDING_MESSAGES.future, 'fundedOn'],
	[FUNDING_MESSAGES.beforeLead, 'fundedOn'],
])

/**
 * docs/decisions/0123: the loan a closed lead funded. A Closed lead asks for it (amount, note rate, points, the day it
 * funded); once recorded it shows here, can be corrected or removed, and the overview's funnel counts it. A lead moved
 * away from Closed keeps the figures on view with a word that the funnel leaves them out.
 */
export function LeadFundingPanel({ lead }: { lead: FundingLead }) {
	const [editing, setEditing] = useState(false)
	const toggle = useRef<HTMLButtonElement>(null)
	const remove = useLeadFetcher(`lead-funding-remove-${lead.id}`)
	const closed = lead.status === 'closed'
	const { funding } = lead
	if (!closed && !funding) return null
	const headingId = `lead-funding-${lead.id}`
	const formId = `${headingId}-form`
	const name = `${lead.firstName} ${lead.lastName}`
	const close = () => {
		setEditing(false)
		toggle.current?.focus()
	}
	return (
		<section aria-labelledby={headingId} className="rounded-lg border border-emerald-200 bg-emerald-50/50 p-4" data-testid="lead-funding">
			<h3 id={headingId} className="font-semibold text-slate-900">
				Funded loan
			</h3>
			{funding ? (
				<dl className="mt-2 grid grid-cols-[minmax(7rem,40%)_1fr] gap-x-4 gap-y-1 text-sm">
					<dt className="text-slate-700">Loan amount</dt>
					<dd className="text-slate-900">{fundedAmountText(funding.amount)}</dd>
					<dt className="text-slate-700">Note rate</dt>
					<dd className="text-slate-900">{percentText(funding.rate)}</dd>
					<dt className="text-slate-700">Points</dt>
					<dd className="text-slate-900">{percentText(funding.points)}</dd>
					<dt className="text-slate-700">Funded on</dt>
					<dd className="text-slate-900">{fundedDayText(funding.fundedOn)}</dd>
				</dl>
			) : (
				<p className="mt-1 text-sm text-slate-700">
					Record the amount, rate, points and the day this loan funded, so the overview counts it with its source and campaign.
				</p>
			)}
			{funding && !closed ? (
				<p className="mt-2 text-sm text-amber-900" data-testid="funding-not-counted">
					This lead is no longer Closed, so the funnel does not count this loan.
				</p>
			) : null}
			<div className="mt-3 flex flex-wrap gap-3">
				{closed ? (
					<button
						ref={toggle}
						type="button"
						className={`${buttonClass.primary} min-h-11`}
						aria-expanded={editing}
						aria-controls={editing ? formId : undefined}
						onClick={() => setEditing((open) => !open)}
					>
						{funding ? 'Correct funded loan' : 'Record funded loan'}
					</button>
				) : null}
				{funding ? (
					<remove.Form
						method="post"
						action={LEADS_ACTION}
						onSubmit={(event) => {
							// Sent to the CRM at once: a slip of the finger must not undo a loan.
							if (!window.confirm(`Remove the funded loan of ${name}? The CRM is told it was removed.`)) event.preventDefault()
						}}
					>
						<input type="hidden" name="leadId" value={lead.id} />
						<button
							type="submit"
							name="intent"
							value="funding-remove"
							className={`${buttonClass.dangerOutline} min-h-11`}
							disabled={remove.state !== 'idle'}
						>
							Remove funded loan
						</button>
					</remove.Form>
				) : null}
			</div>
			{closed && editing ? <FundingForm id={formId} lead={lead} onDone={close} /> : null}
		</section>
	)
}

/** The figures of the closing, checked with the schema the action checks them with (the office's today and the lead's day). */
function FundingForm({ id, lead, onDone }: { id: string; lead: FundingLead; onDone: () => void }) {
	const key = `lead-funding-${lead.id}`
	const fetcher = useLeadFetcher(key, onDone)
	const timeZone = useOfficeTimeZone()
	const [errors, setErrors] = useState<FieldErrors>({})
	const form = useRef<HTMLFormElement>(null)
	const today = dayInTimeZone(new Date(), timeZone)
	const earliest = lead.formCompletionStatus === null ? undefined : dayInTimeZone(new Date(lead.createdAt), timeZone)
	// The first field takes the focus as the form opens.
	useEffect(() => focusField(form.current, 'amount'), [])
	// A refusal of the server about one field (its clock said another day) shows beside that field too.
	useFetcherAnswer<LeadActionResult>(key, (answer) => {
		const field = answer.ok ? undefined : FIELD_OF_MESSAGE.get(answer.error)
		if (answer.ok || !field) return
		setErrors({ [field]: answer.error })
		focusField(form.current, field)
	})
	const submit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const data = new FormData(event.currentTarget)
		const fields = Object.fromEntries(['leadId', ...FUNDING_FIELDS].map((name) => [name, String(data.get(name) ?? '')]))
		const parsed = leadFundingSchema({ today, earliest }).safeParse(fields)
		if (!parsed.success) {
			const found: FieldErrors = {}
			for (const issue of parsed.error.issues) {
				const field = issue.path[0] as Field
				if (FUNDING_FIELDS.includes(field) && !found[field]) found[field] = issue.message
			}
			setErrors(found)
			const first = FUNDING_FIELDS.find((field) => found[field])
			if (first) focusField(form.current, first)
			return
		}
		setErrors({})
		void fetcher.submit({ intent: 'funding-save', ...fields }, { method: 'post', action: LEADS_ACTION })
	}
	const funding = lead.funding
	const field = (name: Field, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
		<div>
			<label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<input
				id={`${id}-${name}`}
				name={name}
				className={`${inputClass} mt-1 min-h-11`}
				aria-invalid={errors[name] ? true : undefined}
				aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
				onChange={() => setErrors((current) => ({ ...current, [name]: undefined }))}
				{...props}
			/>
			{errors[name] ? (
				<p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
					{errors[name]}
				</p>
			) : null}
		</div>
	)
	return (
		<form
			ref={form}
			id={id}
			onSubmit={submit}
			noValidate
			aria-label="Funded loan"
			className="mt-3 grid gap-3 rounded-lg border border-brand-200 bg-white p-3 sm:grid-cols-2"
		>
			<input type="hidden" name="leadId" value={lead.id} />
			{field('amount', 'Loan amount ($)', {
				inputMode: 'numeric',
				autoComplete: 'off',
				placeholder: '450,000',
				defaultValue: funding ? funding.amount.toLocaleString('en-US') : '',
			})}
			{field('rate', 'Note rate (%)', {
				inputMode: 'decimal',
				autoComplete: 'off',
				placeholder: '7.125',
				defaultValue: funding ? String(funding.rate) : '',
			})}
			{field('points', 'Points (%)', { inputMode: 'decimal', autoComplete: 'off', defaultValue: funding ? String(funding.points) : '0' })}
			{field('fundedOn', 'Funded on', { type: 'date', min: earliest, max: today, defaultValue: funding?.fundedOn ?? today })}
			<div className="flex flex-wrap gap-3 sm:col-span-2">
				<button type="submit" className={`${buttonClass.primary} min-h-12`} disabled={fetcher.state !== 'idle'}>
					Save funded loan
				</button>
				<button type="button" className={`${buttonClass.secondary} min-h-12`} onClick={onDone}>
					Cancel
				</button>
			</div>
		</form>
	)
}
