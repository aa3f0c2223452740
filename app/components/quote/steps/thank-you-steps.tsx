import { CalendarCheck, CheckCircle2, Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import { telHref } from '#app/components/site/brand.ts'
import { useWizardCompany as useCompany } from '#app/components/quote/wizard-env.tsx'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { TermsPanel } from '#app/components/quote/terms/terms-panel.tsx'
import { ReturnLinkBox } from './return-link-box.tsx'
import { answersFromTerms, readTermsMemory } from '#app/features/pricing/terms-memory.ts'
import { postJson, submissionFailureMessage } from '#app/features/quote-wizard/submit.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'

/** spec 1 §9: the delay before the long form's first step. */
export const CONTINUE_QUOTE_DELAY_MS = 100

/** spec 1 §2 step 15 and §4 lead lifecycle 2. */
export function ShortThankYouStep() {
	const { formData, updateFormData, goToStep, leadToken, startNewQuote } = useLoanForm()
	const company = useCompany()
	const [contactRequest, setContactRequest] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle')
	const [continuing, setContinuing] = useState(false)

	useEffect(() => {
		if (!continuing || formData.formMode !== 'long') return
		const timer = setTimeout(() => goToStep('fico-score'), CONTINUE_QUOTE_DELAY_MS)
		return () => clearTimeout(timer)
	}, [continuing, formData.formMode, goToStep])

	function continueQuote() {
		// spec 1 §4: needs name, email, phone and the lead id; otherwise nothing happens.
		if (
			![formData.firstName, formData.lastName, formData.email, formData.phone, formData.leadId].every(
				(value) => value && value.trim() !== '',
			)
		)
			return
		// docs/decisions/0099: the credit band, rent and HOA given on the terms panel are not asked again.
		updateFormData({ formMode: 'long', ...answersFromTerms(readTermsMemory(formData.leadId ?? null), formData) })
		setContinuing(true)
	}

	/** docs/decisions/0079: Contact Me reaches the lead's officer; pressing it again notifies nobody again. */
	async function contactMe() {
		if (contactRequest === 'sending' || contactRequest === 'sent') return
		const token = leadToken()
		if (!formData.leadId || !token) {
			setContactRequest({ error: `We could not send your request from this page. Please call us at ${company.phone}.` })
			return
		}
		setContactRequest('sending')
		const result = await postJson(
			`/api/leads/${encodeURIComponent(formData.leadId)}/contact-request`,
			{},
			{ idempotencyKey: `contact-me-${formData.leadId}`, token },
		)
		setContactRequest(result.ok ? 'sent' : { error: submissionFailureMessage(result, company.phone) })
	}

	return (
		<section aria-labelledby="step-title" className="text-center">
			<CheckCircle2 className="mx-auto h-14 w-14 text-green-700" aria-hidden="true" />
			<h1 id="step-title" tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl">
				Thank you{formData.firstName ? `, ${formData.firstName}` : ''}! Your quote request is in.
			</h1>
			<p className="mx-auto mt-3 max-w-xl text-slate-700">
				A loan officer will contact you within 24 hours. Answer a few more questions now and we can prepare an exact quote and a
				pre-approval faster.
			</p>
			<div className="mx-auto mt-8 grid max-w-xl gap-4 sm:grid-cols-2">
				<button
					type="button"
					onClick={continueQuote}
					className="rounded-md bg-accent-500 px-6 py-3.5 font-semibold text-brand-900 hover:bg-accent-600"
				>
					Continue Quote
				</button>
				<button
					type="button"
					onClick={contactMe}
					aria-disabled={contactRequest === 'sending' || contactRequest === 'sent'}
					className="rounded-md border-2 border-brand-700 px-6 py-3.5 font-semibold text-brand-700 hover:bg-brand-50"
				>
					{contactRequest === 'sending' ? 'Sending…' : 'Contact Me'}
				</button>
			</div>
			{typeof contactRequest === 'object' ? (
				<p role="alert" className="mx-auto mt-6 max-w-xl rounded-md bg-red-50 p-3 text-red-900">
					{contactRequest.error}
				</p>
			) : null}
			{contactRequest === 'sent' ? (
				<p role="status" className="mx-auto mt-6 max-w-xl rounded-md bg-green-50 p-3 text-green-900">
					Thank you. A loan officer will reach out within 24 hours. To talk sooner, call{' '}
					<a className="font-semibold underline" href={telHref(company.phone)}>
						{company.phone}
					</a>
					.
				</p>
			) : null}
			<TermsPanel />
			<ReturnLinkBox />
			<StartNewQuote onStart={startNewQuote} />
		</section>
	)
}

/** docs/decisions/0098: another property or program is another quote; this one stays reachable through its link. */
function StartNewQuote({ onStart }: { onStart: () => void }) {
	return (
		<p className="mt-8 text-sm text-slate-700 print:hidden">
			Another property or loan program?{' '}
			<button type="button" onClick={onStart} className="min-h-11 font-semibold text-brand-700 underline">
				Start a new quote
			</button>
		</p>
	)
}

/**
 * spec 1 §2 step 18: a 15-minute call booked in the embedded scheduler when one is configured; without
 * one, the page says what happens instead (a loan officer calls) and never offers a booking it cannot make.
 */
export function LongThankYouStep({ schedulingUrl }: { schedulingUrl: string | null }) {
	const { formData, clearStoredApplication, startNewQuote } = useLoanForm()
	const company = useCompany()
	const [showScheduler, setShowScheduler] = useState(false)

	// spec 1 §4 lead lifecycle 4: the stored lead id and answers are removed here; docs/decisions/0102: this tab keeps
	// what the screen and its terms need, so a reload or Back shows them again.
	useEffect(() => clearStoredApplication(), [clearStoredApplication])

	if (!schedulingUrl) {
		return (
			<section aria-labelledby="step-title" className="text-center">
				<CheckCircle2 className="mx-auto h-14 w-14 text-green-700" aria-hidden="true" />
				<h1 id="step-title" tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl">
					Your application is complete
				</h1>
				<p className="mx-auto mt-3 max-w-xl text-slate-700" data-testid="next-step">
					A loan officer will call you{formData.phone ? ` at ${formatPhone(formData.phone)}` : ''} within 24 hours to review your quote and
					next steps.
				</p>
				<div className="mx-auto mt-8 max-w-md rounded-xl border border-slate-200 p-6">
					<p className="font-semibold text-slate-900">Would you rather talk now?</p>
					<a
						href={telHref(company.phone)}
						className="mt-4 inline-flex items-center gap-2 rounded-md bg-accent-500 px-6 py-3.5 font-semibold text-brand-900 hover:bg-accent-600"
					>
						<Phone className="h-4 w-4" aria-hidden="true" /> Call {company.phone}
					</a>
					<p className="mt-3 text-sm text-slate-700">{company.hours}</p>
				</div>
				<TermsPanel />
				<StartNewQuote onStart={startNewQuote} />
			</section>
		)
	}

	return (
		<section aria-labelledby="step-title" className="text-center">
			<CalendarCheck className="mx-auto h-14 w-14 text-brand-700" aria-hidden="true" />
			<h1 id="step-title" tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl">
				Book Your 15-Minute Call
			</h1>
			<p className="mx-auto mt-3 max-w-xl text-slate-700">
				Your application is complete. Pick a time for a 15-minute call with your loan officer to review your quote and next steps.
			</p>
			<div className="mt-8">
				{showScheduler ? (
					<iframe
						title="Book a 15-minute call"
						src={schedulingUrl}
						className="h-[700px] w-full rounded-lg border border-slate-200"
						loading="lazy"
					/>
				) : (
					<button
						type="button"
						onClick={() => setShowScheduler(true)}
						className="rounded-md bg-accent-500 px-6 py-3.5 font-semibold text-brand-900 hover:bg-accent-600"
					>
						Book a Call
					</button>
				)}
			</div>
			<TermsPanel />
			<StartNewQuote onStart={startNewQuote} />
		</section>
	)
}
