import type { LucideIcon } from 'lucide-react'
import { CheckCircle2 } from 'lucide-react'
import { inputClass } from '#app/components/ui/styles.ts'
import { CONTACT_HONEYPOT_FIELD, type ContactFieldErrors } from '#app/features/contact/contact-schema.ts'

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

/**
 * The map loads only when asked: no third-party request or cookie before the visitor wants it. The page's inline
 * script puts the map in the placeholder's place (contact-page-script.ts).
 */
export function MapCard({ query, embedUrl }: { query: string; embedUrl: string }) {
	const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
	return (
		<div className="mt-6 overflow-hidden rounded-xl border border-slate-200">
			{embedUrl ? (
				<div className="flex h-40 items-center justify-center bg-slate-100" data-map-embed={embedUrl} data-map-title={`Map of ${query}`}>
					<button type="button" className="rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow ring-1 ring-slate-300">
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

/**
 * The contact form, a plain post (docs/decisions/0037): the action's answer is this page again, with each field's
 * message and what was typed, or the confirmation and the toast of spec 2 §8 on an empty form.
 */
export function ContactForm({ result }: { result: ActionResult | undefined }) {
	const errors: ContactFieldErrors = result && !result.ok ? result.errors : {}
	const values = result && !result.ok ? result.values : undefined

	return (
		<form method="post" action="/contact" noValidate className="mt-6 space-y-5" data-contact-form="">
			{result?.ok ? (
				// spec 2 §8: the success toast, at the bottom of the screen like the wizard's; the page's script removes it after 4.5 s.
				<div
					data-toast=""
					className="fixed inset-x-4 bottom-6 z-50 mx-auto flex max-w-sm items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900 shadow-lg"
				>
					<CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
					<div>
						<p className="font-semibold">Message sent successfully!</p>
						<p className="text-sm">We'll get back to you within 24 hours.</p>
					</div>
				</div>
			) : null}
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
					aria-invalid={errors.message ? true : undefined}
					aria-describedby={errors.message ? 'contact-message-error' : undefined}
					className={`${inputClass} disabled:bg-slate-100`}
				/>
			</FormField>
			<button
				type="submit"
				className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
			>
				Send Message
			</button>
		</form>
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
