import { Clock, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, data, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { telHref } from '#app/components/site/brand.ts'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { useCompany } from '#app/components/site/use-company.ts'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import {
	CONTACT_HONEYPOT_FIELD,
	CONTACT_RATE_LIMIT,
	type ContactFieldErrors,
	contactFieldErrors,
	contactMessageSchema,
} from '#app/features/contact/contact-schema.ts'
import { storeContactMessage } from '#app/features/contact/contact.server.ts'
import { FEATURED_STATES } from '#app/features/contact/nationwide-states.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/contact'
import { inputClass } from '#app/components/ui/styles.ts'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.contact, siteIdentity(matches))

type ActionResult = { ok: true } | { ok: false; errors: ContactFieldErrors; formError?: string; values: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
	const services = context.get(servicesContext)
	const info = context.get(requestInfoContext)
	// A body that is not a form (a script posting JSON) is refused, not a server error.
	const form = await request.formData().catch(() => null)
	if (!form)
		return data<ActionResult>(
			{ ok: false, errors: {}, values: {}, formError: 'Send the form as application/x-www-form-urlencoded' },
			{ status: 415 },
		)
	const values = Object.fromEntries(['name', 'email', 'phone', 'message'].map((field) => [field, String(form.get(field) ?? '')]))
	const company = await services.content.get('company')

	if (String(form.get(CONTACT_HONEYPOT_FIELD) ?? '') !== '') {
		return data<ActionResult>(
			{
				ok: false,
				errors: {},
				values,
				formError: `We could not send your message. Please call us at ${company.phone} or e-mail ${company.email}.`,
			},
			{ status: 400 },
		)
	}
	const limit = await hitRateLimit(
		services.db,
		rateLimitKey('contact', info.clientIp),
		CONTACT_RATE_LIMIT.limit,
		CONTACT_RATE_LIMIT.windowSeconds,
	)
	if (!limit.allowed) {
		const minutes = Math.ceil(limit.retryAfterSeconds / 60)
		return data<ActionResult>(
			{
				ok: false,
				errors: {},
				values,
				formError: `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us at ${company.phone}.`,
			},
			{ status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
		)
	}
	const parsed = contactMessageSchema.safeParse(values)
	if (!parsed.success) {
		return data<ActionResult>({ ok: false, errors: contactFieldErrors(parsed.error), values }, { status: 400 })
	}
	const settings = await services.content.get('settings')
	await storeContactMessage(services.db, parsed.data, {
		settings,
		company,
		userAgent: info.userAgent,
		baseUrl: services.config.baseUrl,
	})
	services.wakeOutbox()
	return data<ActionResult>({ ok: true })
}

export default function Contact({ actionData }: Route.ComponentProps) {
	const company = useCompany()
	return (
		<>
			<section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
				<div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
					<h1 className="text-4xl font-extrabold tracking-tight">Contact Us</h1>
					<p className="mt-4 max-w-2xl text-lg text-brand-100">
						Talk to a loan officer about your next investment property. We reply to every message within 24 hours.
					</p>
					<div className="mt-8 flex flex-wrap gap-4">
						<a
							href={telHref(company.phone)}
							className="inline-flex items-center gap-2 rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600"
						>
							<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
						</a>
						<a
							href={`mailto:${company.email}`}
							className="inline-flex items-center gap-2 rounded-md border-2 border-white px-6 py-3 font-semibold hover:bg-white/10"
						>
							<Mail className="h-4 w-4" aria-hidden="true" /> Email Us
						</a>
					</div>
				</div>
			</section>

			<div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2">
				<section aria-labelledby="contact-details-heading">
					<h2 id="contact-details-heading" className="text-2xl font-bold text-brand-900">
						Get in Touch
					</h2>
					<ul className="mt-6 grid gap-4 sm:grid-cols-2">
						<ContactCard icon={Phone} title="Phone">
							<a className="font-semibold text-brand-700 hover:underline" href={telHref(company.phone)}>
								{company.phone}
							</a>
						</ContactCard>
						<ContactCard icon={Mail} title="Email">
							<a className="font-semibold break-all text-brand-700 hover:underline" href={`mailto:${company.email}`}>
								{company.email}
							</a>
						</ContactCard>
						<ContactCard icon={Clock} title="Business Hours">
							<p>{company.hours}</p>
						</ContactCard>
						<ContactCard icon={MapPin} title="Headquarters">
							<p>{[company.address, company.city, company.state].filter(Boolean).join(', ')}</p>
							<p className="text-sm text-slate-600">Serving all 50 states</p>
						</ContactCard>
						<ContactCard icon={ShieldCheck} title="Licensing" wide>
							<p>Lender licence ID: {company.lenderLicenseId}</p>
							<p>State real-estate licence: {company.realEstateLicenseNumber}</p>
							{company.licenseLookupUrl ? (
								<a
									className="font-semibold text-brand-700 hover:underline"
									href={company.licenseLookupUrl}
									target="_blank"
									rel="noopener noreferrer"
								>
									Look up our licence (NMLS Consumer Access)
								</a>
							) : null}
						</ContactCard>
					</ul>
					<MapCard query={[company.address, company.city, company.state].filter(Boolean).join(', ')} embedUrl={company.mapEmbedUrl} />
				</section>

				<section aria-labelledby="message-heading" className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
					<h2 id="message-heading" className="text-2xl font-bold text-brand-900">
						Send Us a Message
					</h2>
					<p className="mt-2 text-slate-700">We'll get back to you within 24 hours.</p>
					<ContactForm result={actionData} />
					<Toaster />
				</section>
			</div>

			<section aria-labelledby="nationwide-heading" className="bg-brand-50">
				<div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
					<h2 id="nationwide-heading" className="text-center text-2xl font-bold text-brand-900">
						Nationwide Service
					</h2>
					<ul className="mt-8 grid grid-cols-2 gap-3 text-center sm:grid-cols-4 lg:grid-cols-6">
						{FEATURED_STATES.map((state) => (
							<li key={state} className="rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm">
								{state}
							</li>
						))}
					</ul>
					<p className="mt-6 text-center font-semibold text-brand-800">+ 26 more states</p>
				</div>
			</section>
		</>
	)
}

function ContactCard({
	icon: Icon,
	title,
	wide = false,
	children,
}: {
	icon: typeof Phone
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
function MapCard({ query, embedUrl }: { query: string; embedUrl: string }) {
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

function ContactForm({ result }: { result: ActionResult | undefined }) {
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
