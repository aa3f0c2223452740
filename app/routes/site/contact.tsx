import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import { Clock, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react'
import { data } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { useCompany } from '#app/components/site/use-company.ts'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import {
	CONTACT_HONEYPOT_FIELD,
	CONTACT_RATE_LIMIT,
	contactFieldErrors,
	contactMessageSchema,
} from '#app/features/contact/contact-schema.ts'
import { storeContactMessage } from '#app/features/contact/contact.server.ts'
import { FEATURED_STATES } from '#app/features/contact/nationwide-states.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import { ContactCard, type ContactActionResult, ContactForm, MapCard } from '#app/components/site/contact/contact-parts.tsx'
import { contactPageScript } from '#app/components/site/contact/contact-page-script.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import type { Route } from './+types/contact'

/** docs/decisions/0037: no bundle; the form is a plain post and the inline script adds the map on request and the toast's exit. */
export const handle: PageHandle = { hydrate: false, script: contactPageScript }

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.contact, siteIdentity(matches))

type ActionResult = ContactActionResult

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
	// The fields first: a message with a typo does not count against the limit, which guards what is stored and sent.
	const parsed = contactMessageSchema.safeParse(values)
	if (!parsed.success) {
		return data<ActionResult>({ ok: false, errors: contactFieldErrors(parsed.error), values }, { status: 400 })
	}
	const limit = await hitRateLimit(
		services.db,
		rateLimitKey('contact', info.clientIp),
		services.config.CONTACT_RATE_LIMIT_PER_10_MINUTES,
		CONTACT_RATE_LIMIT.windowSeconds,
	)
	if (!limit.allowed) {
		return data<ActionResult>(
			{
				ok: false,
				errors: {},
				values,
				formError: `You have sent several messages in a short time. Please try again in ${waitInMinutes(limit.retryAfterSeconds)}, or call us at ${company.phone}.`,
			},
			tooManyRequests(limit.retryAfterSeconds),
		)
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
