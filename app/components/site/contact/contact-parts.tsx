import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { inputClass } from '#app/components/ui/styles.ts'
import {
	CONTACT_HONEYPOT_FIELD,
	type ContactFieldErrors,
	contactFieldErrors,
	contactMessageSchema,
} from '#app/features/contact/contact-schema.ts'

/** What the contact page's action answers (spec 2 §1): sent, or the fields' messages with what was typed. */
export type ContactActionResult =
	| { ok: true }
	| { ok: false; errors: ContactFieldErrors; formError?: string; values: Record<string, string> }
type ActionResult = ContactActionResult

export function ContactCard({
	icon: Icon,
	title,
	wide = false,
	children,
}: {
	icon: LucideIcon
	title: string
	wide?: boolean
	children: React.ReactNode
}) {
	return (
		<li className={`rounded-xl border border-slate-200 p-5 ${wide ? 'sm:col-span-2' : ''}`}>
			<div className="flex items-center gap-2">
				<Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
				<h3 className="font-semibold text-slate-900">{title}</h3>
			</div>
			<div className="mt-2 space-y-1 text-slate-700">{children}</div>
		</li>
	)
}

/** The map loads only when asked: no third-party request or cookie before the visitor wants it. */
export function MapCard({ query, embedUrl }: { query: string; embedUrl: string }) {
	const [showMap, setShowMap] = useState(false)
	const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
	return (
		<div className="mt-6 overflow-hidden rounded-xl border border-slate-200">
			{showMap && embedUrl ? (
				<iframe title={`Map of ${query}`} className="h-64 w-full" loading="lazy" referrerPolicy="no-referrer" src={embedUrl} />
			) : embedUrl ? (
				<div className="flex h-40 items-center justify-center bg-slate-100">
					<button
						type="button"
						onClick={() => setShowMap(true)}
						className="rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow ring-1 ring-slate-300"
					>
						Show map
					</button>
				</div>
			) : null}
			<div className="flex items-center justify-between gap-2 p-4">
				<p className="text-sm text-slate-700">{query}</p>
				<a
					href={mapsUrl}
					target="_blank"
					rel="noopener noreferrer"
					className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
				>
					Open in maps
				</a>
			</div>
		</div>
	)
}

const fields = [
	{ name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
	{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
	{ name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const

export function ContactForm({ result }: { result: ActionResult | undefined }) {
	const navigation = useNavigation()
	const formRef = useRef<HTMLFormElement>(null)
	const [clientErrors, setClientErrors] = useState<ContactFieldErrors>({})
	const submitting = navigation.state === 'submitting' && navigation.formAction === '/contact'
	const serverErrors = result && !result.ok ? result.errors : {}
	const errors = { ...serverErrors, ...clientErrors }
	const values = result && !result.ok ? result.values : undefined

	useEffect(() => {
		if (result?.ok) {
			// spec 2 §8: the success toast.
			toast.success('Message sent successfully!', { description: "We'll get back to you within 24 hours." })
			formRef.current?.reset()
		}
	}, [result])

	return (
		<Form
			ref={formRef}
			method="post"
			action="/contact"
			noValidate
			className="mt-6 space-y-5"
			onSubmit={(event) => {
				const formData = new FormData(event.currentTarget)
				const parsed = contactMessageSchema.safeParse(Object.fromEntries(formData))
				if (!parsed.success) {
					event.preventDefault()
					setClientErrors(contactFieldErrors(parsed.error))
				} else {
					setClientErrors({})
				}
			}}
		>
			{result?.ok ? (
				<p role="status" className="rounded-md bg-green-50 p-3 text-green-800">
					Message sent successfully! We'll get back to you within 24 hours.
				</p>
			) : null}
			{result && !result.ok && result.formError ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
					{result.formError}
				</p>
			) : null}
			{/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
			<div aria-hidden="true" className="absolute left-[-10000px] h-px w-px overflow-hidden">
				<label htmlFor="contact-website">Website</label>
				<input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
			</div>
			{fields.map((field) => (
				<FormField key={field.name} label={field.label} name={field.name} error={errors[field.name]}>
					<input
						id={`contact-${field.name}`}
						name={field.name}
						type={field.type}
						autoComplete={field.autoComplete}
						defaultValue={values?.[field.name]}
						required
						disabled={submitting}
						aria-invalid={errors[field.name] ? true : undefined}
						aria-describedby={errors[field.name] ? `contact-${field.name}-error` : undefined}
						className={`${inputClass} disabled:bg-slate-100`}
					/>
				</FormField>
			))}
			<FormField label="Message" name="message" error={errors.message}>
				<textarea
					id="contact-message"
					name="message"
					rows={5}
					required
					defaultValue={values?.message}
					disabled={submitting}
					aria-invalid={errors.message ? true : undefined}
					aria-describedby={errors.message ? 'contact-message-error' : undefined}
					className={`${inputClass} disabled:bg-slate-100`}
				/>
			</FormField>
			<button
				type="submit"
				disabled={submitting}
				className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
			>
				{submitting ? 'Sending...' : 'Send Message'}
			</button>
		</Form>
	)
}

function FormField({ label, name, error, children }: { label: string; name: string; error?: string; children: React.ReactNode }) {
	return (
		<div>
			<label htmlFor={`contact-${name}`} className="mb-1 block font-medium text-slate-800">
				{label}{' '}
				<span aria-hidden="true" className="text-red-700">
					*
				</span>
			</label>
			{children}
			{error ? (
				<p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
					{error}
				</p>
			) : null}
		</div>
	)
}
