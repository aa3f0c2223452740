import { ClipboardCheck, Mail, MessageSquare, PhoneCall } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import type { useFetcher } from 'react-router'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import {
	type AttemptChannel,
	CONTACT_OUTCOME_LABELS,
	type ContactChannel,
	formatDuration,
	logContactSchema,
	outcomesOf,
} from '#app/features/leads/model/lead-assignment.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { e164Phone } from '#app/features/validation/form-fields.ts'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { MarkContactedPrompt } from './mark-contacted-prompt.tsx'
import { useLeadFetcher } from './use-lead-action-toast.ts'

type ContactableLead = {
	id: string
	firstName: string
	lastName: string
	email: string
	phone: string
	status: string
	loanType: string | null
	createdAt: Date | string
}

/** docs/decisions/0104: the number a phone dials, E.164 with nothing but digits after the +. */
export const dialable = (phone: string) => e164Phone(phone).replace(/[^\d+]/g, '')

/** "12 min ago", "2 h ago", "3 d 4 h ago": how long the lead has waited, for the header. */
export const leadAge = (createdAt: Date | string, now: number) => `${formatDuration(now - new Date(createdAt).getTime())} ago`

// Large tap targets (48 px high) for a thumb on a phone.
const tapClass = `${buttonClass.secondary} min-h-12 flex-1 basis-24 text-base`

/**
 * docs/decisions/0104: the lead details' first screen on a phone: the program, state and age under the title, then
 * Call, Text and E-mail as real tel:, sms: and mailto: links and Log outcome. A tap on a link records the attempt with
 * a fetcher beside the link's own navigation (never instead of it); a tap on Call then asks how it went.
 */
export function LeadContactActions({
	lead,
	program,
	state,
	consented = true,
}: {
	lead: ContactableLead
	program: string | null
	state: string | null
	/** docs/decisions/0109: the lead has a consent record (the wizard's, or a caller's verbal consent). */
	consented?: boolean
}) {
	const [asking, setAsking] = useState<ContactChannel | null>(null)
	const [logged, setLogged] = useState<Extract<LeadActionResult, { ok: true }> | null>(null)
	const attempt = useLeadFetcher(`lead-attempt-${lead.id}`, undefined, { errorsOnly: true })
	const contact = useLeadFetcher(`lead-contact-${lead.id}`, (result) => {
		setLogged(result)
		setAsking(null)
	})
	const phone = lead.phone ? dialable(lead.phone) : ''
	const record = (channel: AttemptChannel) => {
		// The link's navigation goes ahead; this post runs beside it (the page stays open behind a tel: or sms: link).
		void attempt.submit({ intent: 'attempt', leadId: lead.id, channel }, { method: 'post', action: LEADS_ACTION })
		if (channel === 'call') setAsking('call')
	}
	const facts = [program, state].filter(Boolean).join(' · ')
	return (
		<section aria-label="Contact the borrower" className="space-y-3" data-testid="lead-contact-actions">
			<p className="flex flex-wrap gap-x-3 text-sm text-slate-800" data-testid="lead-headline">
				{facts ? <span className="font-medium">{facts}</span> : null}
				<span suppressHydrationWarning>{leadAge(lead.createdAt, Date.now())}</span>
			</p>
			{phone && !consented ? (
				<p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="no-contact-consent">
					<strong>No consent to call or text on record.</strong> Call or text only to answer this borrower’s own request, never by automated
					dialing or bulk texts, until they agree.
				</p>
			) : null}
			<div className="flex flex-wrap gap-2">
				{phone ? (
					<>
						<a href={`tel:${phone}`} className={tapClass} onClick={() => record('call')}>
							<PhoneCall className="h-5 w-5" aria-hidden="true" /> Call
						</a>
						<a href={`sms:${phone}`} className={tapClass} onClick={() => record('text')}>
							<MessageSquare className="h-5 w-5" aria-hidden="true" /> Text
						</a>
					</>
				) : null}
				{lead.email ? (
					<a href={`mailto:${lead.email}`} className={tapClass} onClick={() => record('email')}>
						<Mail className="h-5 w-5" aria-hidden="true" /> E-mail
					</a>
				) : null}
				<button
					type="button"
					className={tapClass}
					aria-expanded={asking !== null}
					onClick={() => setAsking((open) => (open ? null : 'call'))}
				>
					<ClipboardCheck className="h-5 w-5" aria-hidden="true" /> Log outcome
				</button>
			</div>
			{asking ? <LogOutcomeForm leadId={lead.id} initialChannel={asking} fetcher={contact} /> : null}
			<MarkContactedPrompt lead={lead} logged={logged?.reached === true} />
		</section>
	)
}

/**
 * docs/decisions/0104: "How did it go?": the outcome of a call (or of an e-mail) with an optional line, checked with the
 * schema the server checks it with, so the officer hears at once what is missing.
 */
export function LogOutcomeForm({
	leadId,
	initialChannel,
	fetcher,
}: {
	leadId: string
	initialChannel: ContactChannel
	fetcher: ReturnType<typeof useFetcher<LeadActionResult>>
}) {
	const [channel, setChannel] = useState<ContactChannel>(initialChannel)
	const [error, setError] = useState<string | null>(null)
	const errorId = useId()
	const check = (event: FormEvent<HTMLFormElement>) => {
		const form = new FormData(event.currentTarget)
		const parsed = logContactSchema.safeParse({
			leadId,
			channel: form.get('channel'),
			outcome: form.get('outcome') ?? undefined,
			summary: form.get('summary') ?? undefined,
		})
		if (parsed.success) return setError(null)
		event.preventDefault()
		setError(parsed.error.issues[0]!.message)
	}
	return (
		<fetcher.Form
			method="post"
			action={LEADS_ACTION}
			onSubmit={check}
			noValidate
			className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
			aria-labelledby={`${errorId}-legend`}
		>
			<input type="hidden" name="intent" value="contact" />
			<input type="hidden" name="leadId" value={leadId} />
			<p id={`${errorId}-legend`} className="font-semibold text-slate-900">
				How did it go?
			</p>
			<fieldset className="flex gap-4 text-sm">
				<legend className="sr-only">Logged as</legend>
				{(['call', 'email'] as const).map((option) => (
					<label key={option} className="flex min-h-10 items-center gap-2">
						<input
							type="radio"
							name="channel"
							value={option}
							checked={channel === option}
							onChange={() => {
								setChannel(option)
								setError(null)
							}}
						/>
						{option === 'call' ? 'Call' : 'E-mail'}
					</label>
				))}
			</fieldset>
			<fieldset aria-describedby={error ? errorId : undefined} className="grid gap-1 sm:grid-cols-2">
				<legend className="mb-1 text-sm font-medium text-slate-800">
					{channel === 'call' ? 'Outcome of the call' : 'Outcome of the e-mail'}
				</legend>
				{outcomesOf(channel).map((outcome) => (
					<label key={outcome} className="flex min-h-11 items-center gap-3 rounded-md bg-white px-3 text-base ring-1 ring-slate-200">
						<input type="radio" name="outcome" value={outcome} onChange={() => setError(null)} />
						{CONTACT_OUTCOME_LABELS[outcome]}
					</label>
				))}
			</fieldset>
			{error ? (
				<p id={errorId} role="alert" className="text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
			<label className="block text-sm font-medium text-slate-800">
				What happened (optional)
				<input name="summary" maxLength={500} className={`${inputClass} mt-1`} />
			</label>
			<button type="submit" className={`${buttonClass.primary} min-h-12 w-full sm:w-auto`} disabled={fetcher.state !== 'idle'}>
				{channel === 'call' ? 'Log call' : 'Log e-mail'}
			</button>
		</fetcher.Form>
	)
}
