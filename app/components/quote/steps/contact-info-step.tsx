import { ArrowUp } from 'lucide-react'
import { useState } from 'react'
import { readAttribution } from '#app/features/analytics/attribution.ts'
import { pushLeadEvent } from '#app/features/analytics/data-layer.ts'
import { contactInfoSchema } from '#app/features/leads/intake/lead-schema.ts'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { postJson, shortFormBody, submissionFailureMessage, submissionKey } from '#app/features/quote-wizard/submit.ts'
import { useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import { TextField } from '../text-field.tsx'
import { wizardToast } from '../wizard-toast.tsx'
import { StepFrame } from './step-frame.tsx'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { scrollBehavior } from '#app/components/ui/scroll.ts'

type Consent = { text: string; version: string }
type ContactField = 'firstName' | 'lastName' | 'email' | 'phone'
type FieldErrors = Partial<Record<ContactField, string>>

/** The inputs in the order they are shown: the first invalid one gets the focus. */
const CONTACT_FIELDS: Array<{ field: ContactField; id: string; name: string }> = [
	{ field: 'firstName', id: 'first-name', name: 'first name' },
	{ field: 'lastName', id: 'last-name', name: 'last name' },
	{ field: 'email', id: 'email', name: 'email' },
	{ field: 'phone', id: 'phone', name: 'phone' },
]

/** Marks the invalid fields (aria-invalid and their message) and moves the focus to the first; returns it. */
function firstInvalid(errors: FieldErrors) {
	const first = CONTACT_FIELDS.find(({ field }) => errors[field])
	// After the render that enables and marks the inputs.
	if (first) setTimeout(() => document.getElementById(first.id)?.focus())
	return first
}

/** spec 1 §2 step 14 and §4 lead lifecycle 1: the last short-form step creates the lead. */
export function ContactInfoStep({ consent, onIncomplete }: { consent: Consent; onIncomplete: () => void }) {
	const { formData, updateFormData, recordLead } = useLoanForm()
	const { location, data: page } = useWizardEnv()
	const { company } = page
	const [submitting, setSubmitting] = useState(false)
	const [errors, setErrors] = useState<FieldErrors>({})
	const [website, setWebsite] = useState('')

	async function submit(event: React.FormEvent) {
		event.preventDefault()
		if (submitting) return
		const contact = {
			firstName: formData.firstName ?? '',
			lastName: formData.lastName ?? '',
			email: formData.email ?? '',
			phone: formData.phone ?? '',
		}
		const parsed = contactInfoSchema.safeParse(contact)
		if (!parsed.success) {
			const next: FieldErrors = fieldErrors<ContactField>(parsed.error, { topLevel: true })
			setErrors(next)
			const first = firstInvalid(next)
			// spec 1 §8 for missing answers; a filled but invalid answer is named with the schema's reason.
			if (Object.values(contact).some((value) => value.trim() === '')) onIncomplete()
			else if (first)
				wizardToast.error(`Please check your ${first.name}`, {
					description: next[first.field],
					fixedWhen: (data) => contactInfoSchema.shape[first.field].safeParse(data[first.field] ?? '').success,
				})
			return
		}
		setErrors({})
		setSubmitting(true)
		const submission = submissionKey(sessionStorage, 'lead')
		const result = await postJson<{ id: string; token: string }>(
			'/api/leads',
			shortFormBody(formData, {
				sourcePage: location.pathname,
				consentVersion: consent.version,
				attribution: readAttribution(localStorage),
				website,
			}),
			{ idempotencyKey: submission.key },
		)
		setSubmitting(false)
		if (!result.ok) {
			if (result.fieldErrors) {
				setErrors(result.fieldErrors)
				firstInvalid(result.fieldErrors)
			}
			// spec 1 §8's title; the text says what really happened (a limit, an outage), never a database reason.
			wizardToast.error('Submission Error', { description: submissionFailureMessage(result, company.phone) })
			return
		}
		submission.done()
		recordLead(result.body.id, result.body.token)
		pushLeadEvent('shortFormSubmit', result.body.id, contact, {
			settings: page.analytics,
			session: sessionStorage,
			local: localStorage,
			target: window,
		})
	}

	/** An edited field loses its error mark until the next submit. */
	function edit(patch: Partial<Record<ContactField, string>>) {
		updateFormData(patch)
		setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([field]) => !(field in patch))))
	}

	return (
		<StepFrame
			title="Where should we send your quote?"
			description="A loan officer will review your scenario and contact you within 24 hours."
		>
			<form id="contact-form" onSubmit={submit} noValidate className="space-y-4">
				<div className="grid gap-4 sm:grid-cols-2">
					<TextField
						id="first-name"
						label="First name"
						required
						autoComplete="given-name"
						disabled={submitting}
						value={formData.firstName}
						error={errors.firstName}
						onChange={(firstName) => edit({ firstName })}
						maxLength={100}
					/>
					<TextField
						id="last-name"
						label="Last name"
						required
						autoComplete="family-name"
						disabled={submitting}
						value={formData.lastName}
						error={errors.lastName}
						onChange={(lastName) => edit({ lastName })}
						maxLength={100}
					/>
					<TextField
						id="email"
						label="Email"
						type="email"
						required
						autoComplete="email"
						disabled={submitting}
						value={formData.email}
						error={errors.email}
						onChange={(email) => edit({ email })}
						maxLength={254}
					/>
					<TextField
						id="phone"
						label="Phone"
						type="tel"
						required
						autoComplete="tel"
						disabled={submitting}
						value={formData.phone}
						error={errors.phone}
						onChange={(phone) => edit({ phone })}
						maxLength={40}
					/>
				</div>
				{/* Honeypot: hidden from people and assistive technology. */}
				<div aria-hidden="true" className="absolute left-[-10000px] h-px w-px overflow-hidden">
					<label htmlFor="quote-website">Website</label>
					<input id="quote-website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
				</div>
				<p className="text-xs leading-relaxed text-slate-600" data-testid="consent-text">
					{consent.text}
				</p>
				<button
					type="submit"
					disabled={submitting}
					className="w-full rounded-md bg-accent-500 px-6 py-3.5 text-lg font-semibold text-brand-900 hover:bg-accent-600 disabled:opacity-70"
				>
					{submitting ? 'Submitting...' : 'Get My Quote'}
				</button>
				<button
					type="button"
					onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
					className="mx-auto flex items-center gap-1 text-sm font-medium text-brand-700 md:hidden"
				>
					<ArrowUp className="h-4 w-4" aria-hidden="true" /> Back to top
				</button>
			</form>
		</StepFrame>
	)
}
