import { isUuid } from '#app/features/http/uuid.ts'
import { Copy, KeyRound, Pencil, Plus, Power, RotateCcw, Send, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, data, useActionData, useNavigation } from 'react-router'
import { LocalTime } from '#app/components/dashboard/content/local-time.tsx'
import { FormTextField } from '#app/components/ui/field.tsx'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { withIdempotency } from '#app/features/http/idempotency.server.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { createAddressPolicy, refusedAtOnce } from '#app/features/webhooks/address-guard.server.ts'
import { failureText } from '#app/features/webhooks/webhook-delivery.server.ts'
import {
	HUBSPOT_DEFAULT_EVENTS,
	HUBSPOT_FORM_FIELDS,
	WEBHOOK_EVENT_LABELS,
	WEBHOOK_EVENT_TYPES,
	type WebhookEndpointKind,
	endpointFormValues,
	replaySinceSchema,
	webhookEndpointSchema,
} from '#app/features/webhooks/webhook-schema.ts'
import {
	createEndpoint,
	deleteEndpoint,
	findEndpoint,
	forgetSubscriptions,
	listDeliveries,
	listEndpoints,
	replayDeliveries,
	rotateSecret,
	setEndpointEnabled,
	updateEndpoint,
} from '#app/features/webhooks/webhooks.server.ts'
import type { Route } from './+types/webhooks'

export const meta: Route.MetaFunction = () => [{ title: 'Webhooks | Admin Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

/** docs/decisions/0068: the endpoints that receive signed webhooks, and each one's deliveries; admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const { db, config } = context.get(servicesContext)
	const endpoints = await listEndpoints(db)
	const asked = new URL(request.url).searchParams.get('endpoint')
	// An address naming an endpoint that is gone says so, rather than showing another endpoint's deliveries as its own.
	const selected = asked === null ? (endpoints[0] ?? null) : (endpoints.find((endpoint) => endpoint.id === asked) ?? null)
	return {
		endpoints,
		selectedId: selected?.id ?? null,
		missingEndpoint: asked !== null && selected === null,
		/** The add form's id for this drawing of the page (the same form sent twice adds one endpoint). */
		submission: crypto.randomUUID(),
		deliveries: selected ? await listDeliveries(db, selected.id) : [],
		allowHttp: config.WEBHOOK_ALLOW_HTTP,
	}
}

export type WebhooksResult =
	| { ok: true; intent: string; message: string; secret?: string; endpointId?: string }
	| { ok: false; intent: string; errors: Record<string, string>; endpointId?: string; kind?: WebhookEndpointKind }

const refused = (intent: string, errors: Record<string, string>, status: number, endpointId?: string, kind?: WebhookEndpointKind) =>
	data<WebhooksResult>({ ok: false, intent, errors, ...(endpointId ? { endpointId } : {}), ...(kind ? { kind } : {}) }, { status })
const done = (intent: string, message: string, extra: { secret?: string; endpointId?: string } = {}) =>
	data<WebhooksResult>({ ok: true, intent, message, ...extra })

export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const { db, config } = services
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const schema = webhookEndpointSchema({ allowHttp: config.WEBHOOK_ALLOW_HTTP })
	const hubspotApiUrl = config.HUBSPOT_FORMS_API_URL
	const policy = createAddressPolicy(config.WEBHOOK_ALLOWED_HOSTS)
	/** The form's schema, then an address certainly refused (a private IP address, localhost) named at once. */
	const parseEndpoint = () => {
		const parsed = schema.safeParse(endpointFormValues(form))
		if (!parsed.success) return { errors: fieldErrors(parsed.error, { topLevel: true }) }
		const blocked = parsed.data.kind === 'standard' ? refusedAtOnce(policy, parsed.data.url) : null
		return blocked ? { errors: { url: blocked } } : { data: parsed.data }
	}
	if (intent === 'create') {
		const parsed = parseEndpoint()
		// The kind chosen comes back, so a page drawn again without JavaScript shows that kind's fields and their errors.
		if (!parsed.data) return refused(intent, parsed.errors, 422, undefined, form.get('kind') === 'hubspot' ? 'hubspot' : 'standard')
		// The add form's own id (a new one each time the page is drawn): the same form sent again (a reload of the
		// answer without JavaScript re-posts it) adds nothing more. The secret is never kept for the repeat.
		const submission = String(form.get('submission') ?? '')
		const created = await withIdempotency(
			db,
			{
				scope: 'webhook-endpoint-create',
				key: isUuid(submission) ? `${actor.id}:${submission}` : null,
				requestHash: '',
				storedBody: ({ secret: _secret, ...kept }) => kept,
			},
			async (tx) => {
				const made = await createEndpoint(tx, services.webhookKey, parsed.data, actor.email, { hubspotApiUrl })
				return { status: 200, body: { id: made.id, secret: made.secret } }
			},
			async (_tx, first) => ({ status: 200, body: { ...first.body, repeated: true } }),
		)
		forgetSubscriptions(db)
		services.webhooksChanged()
		const endpointId = String(created.body.id)
		if (created.body.repeated)
			return done(
				intent,
				'This form was already sent and its endpoint added; nothing more was added. Its signing secret was shown once: if it was not copied, rotate it on the endpoint.',
				{ endpointId },
			)
		if (parsed.data.kind === 'hubspot')
			return done(intent, 'HubSpot endpoint added. Send a test event to check the form accepts it.', { endpointId })
		return done(intent, 'Endpoint added. Copy its signing secret now: it is not shown again.', {
			secret: String(created.body.secret),
			endpointId,
		})
	}
	if (!ENDPOINT_INTENTS.has(intent)) return refused(intent, { intent: 'Unknown action' }, 400)
	const id = String(form.get('id') ?? '')
	const missing = () => refused(intent, { id: 'This endpoint no longer exists' }, 404)
	const endpoint = isUuid(id) ? await findEndpoint(db, id) : null
	if (!endpoint) return missing()
	switch (intent) {
		case 'update': {
			const parsed = parseEndpoint()
			if (!parsed.data) return refused(intent, parsed.errors, 422, id)
			const updated = await updateEndpoint(db, services.webhookKey, id, parsed.data, { hubspotApiUrl })
			if (updated === 'missing') return missing()
			if (updated === 'kind')
				return refused(intent, { kind: 'An endpoint keeps its kind: add a new endpoint and delete this one' }, 422, id)
			services.webhooksChanged()
			return done(intent, 'Endpoint saved', { endpointId: id })
		}
		case 'rotate': {
			const secret = await rotateSecret(db, services.webhookKey, id)
			if (!secret) return refused(intent, { id: 'This endpoint no longer exists, or signs nothing (a HubSpot endpoint)' }, 404)
			return done(intent, 'New signing secret made. The previous one keeps signing beside it for 24 hours.', { secret, endpointId: id })
		}
		case 'toggle': {
			const asked = form.get('enabled')
			if (asked !== 'true' && asked !== 'false') return refused(intent, { enabled: 'Say whether to switch it on or off' }, 422)
			const enabled = asked === 'true'
			if (!(await setEndpointEnabled(db, id, enabled))) return missing()
			services.webhooksChanged()
			return done(intent, enabled ? 'Endpoint switched on' : 'Endpoint switched off', { endpointId: id })
		}
		case 'delete': {
			if (!(await deleteEndpoint(db, id))) return missing()
			services.webhooksChanged()
			return done(intent, 'Endpoint deleted')
		}
		case 'test': {
			if (!endpoint.enabled) return refused(intent, { id: SWITCHED_OFF }, 409)
			// docs/decisions/0079: posted now, and the real outcome answered (a test is never retried).
			const outcome = await services.testWebhook(id)
			if (!outcome) return missing()
			services.wakeOutbox()
			if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
				return done(intent, `Test event delivered: the receiver answered ${outcome.status}.`, { endpointId: id })
			}
			return refused(intent, { id: `Test event failed: ${failureText(outcome)}. Nothing is retried: fix it and send another.` }, 502)
		}
		case 'replay': {
			if (!endpoint.enabled) return refused(intent, { id: SWITCHED_OFF }, 409)
			// Digits only: Number() also read '' as 0, and '1.0' or '0x10' as ids.
			const asked = String(form.get('deliveryId') ?? '')
			if (!/^\d{1,15}$/.test(asked)) return refused(intent, { deliveryId: 'Unknown delivery' }, 422)
			const deliveryId = Number(asked)
			const count = await replayDeliveries(db, id, { deliveryId })
			if (count === 0) return refused(intent, { deliveryId: 'This delivery is not finished, or no longer exists' }, 409)
			services.wakeOutbox()
			return done(intent, 'Delivery queued again with its original webhook-id', { endpointId: id })
		}
		case 'replay-since': {
			if (!endpoint.enabled) return refused(intent, { id: SWITCHED_OFF }, 409)
			const parsed = replaySinceSchema.safeParse({ since: form.get('since') ?? '', offsetMinutes: form.get('offsetMinutes') ?? '' })
			if (!parsed.success) return refused(intent, fieldErrors(parsed.error, { topLevel: true }), 422)
			const count = await replayDeliveries(db, id, { since: parsed.data.since })
			services.wakeOutbox()
			return done(intent, count === 1 ? '1 failed delivery queued again' : `${count} failed deliveries queued again`, { endpointId: id })
		}
		default:
			return refused(intent, { intent: 'Unknown action' }, 400)
	}
}

/**
 * Copies the secret shown once, whole (a phone's tap-to-select stops at its +, / and =). Only with JavaScript, once the
 * page is live: without it the secret is selected by hand.
 */
function CopySecret({ secret }: { secret: string }) {
	const [live, setLive] = useState(false)
	const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
	useEffect(() => setLive(true), [])
	if (!live) return null
	return (
		<p className="flex flex-wrap items-center gap-3">
			<button
				type="button"
				className={buttonClass.secondary}
				onClick={() =>
					navigator.clipboard.writeText(secret).then(
						() => setCopied('copied'),
						() => setCopied('failed'),
					)
				}
			>
				<Copy className="h-4 w-4" aria-hidden="true" /> Copy secret
			</button>
			<span role="status">
				{copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Could not copy: select the secret and copy it' : ''}
			</span>
		</p>
	)
}

/** A delivery's cell: a table cell from `sm` up, on a phone a line led by its column's name (its data-label). */
const PHONE_LINE =
	'py-2 pr-3 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)]'

/** Said to a test event or a replay for an endpoint that is off (nothing would go until it is on again). */
const SWITCHED_OFF = 'Switch the endpoint on first: a switched-off endpoint is sent nothing'

/** The actions on one endpoint (its id in the form); anything else but `create` is unknown. */
const ENDPOINT_INTENTS = new Set(['update', 'rotate', 'toggle', 'delete', 'test', 'replay', 'replay-since'])

/** A time in the reader's zone, rendered alike on the server and in the browser first (no hydration mismatch). */
const When = ({ value }: { value: Date | string | null }) => (value ? <LocalTime iso={new Date(value).toISOString()} /> : <>—</>)

const STATUS_STYLE = {
	pending: 'bg-amber-100 text-amber-900',
	delivered: 'bg-emerald-100 text-emerald-900',
	failed: 'bg-red-100 text-red-900',
} as const

type FormErrors = Record<string, string>
type EndpointView = Route.ComponentProps['loaderData']['endpoints'][number]

/** A field of the endpoint forms: the site's one labelled field, its error from the form's errors by its name. */
function TextField({ errors, ...field }: Omit<Parameters<typeof FormTextField>[0], 'error'> & { errors: FormErrors }) {
	return <FormTextField {...field} error={errors[field.name]} />
}

/**
 * The fields of an endpoint, alike in the add and the edit form (docs/decisions/0068, 0070). The add form has both
 * kinds' address fields, each marked with its kind: app.css shows the chosen kind's alone (`form:has(:checked)`),
 * so a HubSpot endpoint can be added without JavaScript too. `kind` picks the events checked at first.
 */
function EndpointFields({
	prefix,
	kind,
	kinds = [kind],
	errors,
	allowHttp,
	endpoint,
}: {
	prefix: string
	kind: WebhookEndpointKind
	kinds?: WebhookEndpointKind[]
	errors: FormErrors
	allowHttp: boolean
	endpoint: EndpointView | null
}) {
	return (
		<>
			{kinds.includes('standard') ? (
				<div data-endpoint-kind="standard">
					<TextField
						id={`${prefix}-url`}
						name="url"
						label="Address"
						type="url"
						inputMode="url"
						placeholder="https://crm.example.com/webhooks/leads"
						defaultValue={endpoint?.url}
						errors={errors}
						hint={allowHttp ? 'https:// (or http:// for a local receiver)' : 'https:// only'}
					/>
				</div>
			) : null}
			{kinds.includes('hubspot') ? (
				<div data-endpoint-kind="hubspot" className="grid gap-4 sm:grid-cols-2">
					<TextField
						id={`${prefix}-portal`}
						name="portalId"
						label="HubSpot account ID"
						inputMode="numeric"
						defaultValue={endpoint?.hubspot?.portalId}
						errors={errors}
						hint="The number in your HubSpot account menu"
					/>
					<TextField
						id={`${prefix}-form`}
						name="formGuid"
						label="Form ID"
						defaultValue={endpoint?.hubspot?.formGuid}
						errors={errors}
						hint="From the form's address in HubSpot: …/forms/<account>/<form ID>/edit"
					/>
					<TextField
						id={`${prefix}-subscription`}
						name="subscriptionTypeId"
						label="Subscription type ID (optional)"
						inputMode="numeric"
						defaultValue={endpoint?.hubspot?.subscriptionTypeId ?? ''}
						errors={errors}
						hint="Records the borrower's consent to be contacted as this subscription"
					/>
					<div>
						<TextField
							id={`${prefix}-token`}
							name="accessToken"
							label="Private app access token (optional)"
							type="password"
							autoComplete="new-password"
							errors={errors}
							hint={
								endpoint?.hasAccessToken
									? 'A token is kept; leave empty to keep it, or enter a new one'
									: 'With a token (forms scope) HubSpot allows more submissions a second'
							}
						/>
						{endpoint?.hasAccessToken ? (
							<label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
								<input type="checkbox" name="removeAccessToken" value="on" /> Remove the kept token
							</label>
						) : null}
					</div>
					<p className="text-sm text-slate-700 sm:col-span-2">
						The HubSpot form needs the fields{' '}
						{HUBSPOT_FORM_FIELDS.map((name) => (
							<code key={name}>{name} </code>
						))}
						: each event is submitted with the contact, a message describing the event and the lead, the page, the borrower's IP address and
						the consent text.
					</p>
				</div>
			) : null}
			<TextField id={`${prefix}-description`} name="description" label="Description" defaultValue={endpoint?.description} errors={errors} />
			<fieldset>
				<legend className="font-medium text-slate-900">Events</legend>
				<div className="mt-2 grid gap-2 sm:grid-cols-2">
					{WEBHOOK_EVENT_TYPES.map((type) => (
						<label key={type} className="flex items-start gap-2 text-sm text-slate-800">
							<input
								type="checkbox"
								name="eventTypes"
								value={type}
								defaultChecked={
									endpoint
										? endpoint.eventTypes.includes(type)
										: kind === 'standard' || (HUBSPOT_DEFAULT_EVENTS as readonly string[]).includes(type)
								}
								className="mt-1"
							/>
							<span>
								<code className="font-mono">{type}</code> — {WEBHOOK_EVENT_LABELS[type]}
							</span>
						</label>
					))}
				</div>
				{errors.eventTypes ? <p className="mt-1 text-sm text-red-700">{errors.eventTypes}</p> : null}
			</fieldset>
		</>
	)
}

export default function Webhooks({ loaderData }: Route.ComponentProps) {
	const { endpoints, selectedId, deliveries, allowHttp } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const [kind, setKind] = useState<WebhookEndpointKind>(result && !result.ok && result.kind === 'hubspot' ? 'hubspot' : 'standard')
	const [clientErrors, setClientErrors] = useState<{ form: string; errors: FormErrors }>({ form: '', errors: {} })
	const selected = endpoints.find((endpoint) => endpoint.id === selectedId) ?? null
	// An answer (and a secret shown once) is brought into view and focused, so a phone and a screen reader meet it.
	const resultRef = useRef<HTMLDivElement>(null)
	const [shownResult, setShownResult] = useState(result)
	useEffect(() => setShownResult(result), [result])
	useEffect(() => {
		// After the answer is on the page (its own render), so the scroll reaches the card as it is.
		if (!shownResult) return
		// A form the server refused shows its errors in that form: its first field in error takes the focus (its message
		// is its description), as with the browser's own check, instead of the answer box above, which stays empty.
		const refusedForm = !shownResult.ok && (shownResult.intent === 'create' || shownResult.intent === 'update')
		if (refusedForm) {
			const form = document.querySelector<HTMLFormElement>(`[data-endpoint-form="${shownResult.endpointId ?? 'create'}"]`)
			const fields = Object.keys(shownResult.errors).map((name) => `[name="${name}"]:not([type="hidden"])`)
			const first = fields.length > 0 ? form?.querySelector<HTMLElement>(fields.join(', ')) : null
			if (first) first.focus()
			else form?.scrollIntoView({ block: 'start' })
			return
		}
		resultRef.current?.scrollIntoView({ block: 'start' })
		resultRef.current?.focus({ preventScroll: true })
	}, [shownResult])
	// A new endpoint's form starts empty again, so the same endpoint is not added twice by a second tap.
	const addFormKey = result?.ok && result.intent === 'create' ? `added-${result.endpointId}` : 'add'

	/** The add form's errors (`endpointId` undefined) or an edit form's: the browser's check first, then the server's. */
	function errorsFor(endpointId?: string): FormErrors {
		const form = endpointId ?? 'create'
		if (clientErrors.form === form && Object.keys(clientErrors.errors).length > 0) return clientErrors.errors
		if (result && !result.ok && result.intent === (endpointId ? 'update' : 'create') && result.endpointId === endpointId)
			return result.errors
		return {}
	}

	/** The same schema as the action: a mistake is shown at once, and the server checks again. */
	const checkBeforeSubmit = (form: string) => (event: React.FormEvent<HTMLFormElement>) => {
		const parsed = webhookEndpointSchema({ allowHttp }).safeParse(endpointFormValues(new FormData(event.currentTarget)))
		if (parsed.success) setClientErrors({ form, errors: {} })
		else {
			event.preventDefault()
			const errors = fieldErrors(parsed.error, { topLevel: true })
			setClientErrors({ form, errors })
			// An earlier answer no longer stands; the first field in error takes the focus (its message is its description).
			setShownResult(undefined)
			const first = event.currentTarget.querySelector<HTMLElement>(
				Object.keys(errors)
					.map((name) => `[name="${name}"]`)
					.join(', '),
			)
			first?.focus()
		}
	}
	const createErrors = errorsFor()

	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-brand-900">Webhooks</h1>
				<p className="mt-1 text-slate-700">
					Leads, quotes and contact messages sent to your other systems as signed Standard Webhooks, or straight into a HubSpot form,
					retried for about 28 hours. README explains how a receiver checks the signature.
				</p>
			</div>

			{/* Clear of the dashboard's sticky header (4 rem) when brought into view. */}
			<div ref={resultRef} tabIndex={-1} className="scroll-mt-20 outline-none" aria-live="polite">
				{shownResult?.ok ? (
					<div role="status" className={`${cardClass} space-y-2 p-4`} data-testid="webhook-result">
						<p className="font-semibold text-slate-900">{shownResult.message}</p>
						{shownResult.secret ? (
							<div className="space-y-2 text-sm text-slate-700">
								<p>
									Signing secret:{' '}
									<code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="webhook-secret">
										{shownResult.secret}
									</code>
								</p>
								<CopySecret secret={shownResult.secret} />
							</div>
						) : null}
					</div>
				) : null}
				{shownResult &&
				!shownResult.ok &&
				shownResult.intent !== 'create' &&
				!(shownResult.intent === 'update' && shownResult.endpointId) ? (
					<p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
						{Object.values(shownResult.errors)[0]}
					</p>
				) : null}
			</div>

			<Form
				key={addFormKey}
				method="post"
				className={`${cardClass} space-y-4 p-5`}
				aria-labelledby="add-endpoint"
				onSubmit={checkBeforeSubmit('create')}
				noValidate
				data-endpoint-form="create"
			>
				<h2 id="add-endpoint" className="text-lg font-semibold text-slate-900">
					Add an endpoint
				</h2>
				<input type="hidden" name="intent" value="create" />
				<input type="hidden" name="submission" value={loaderData.submission} />
				<fieldset>
					<legend className="font-medium text-slate-900">Kind</legend>
					<div className="mt-2 space-y-2">
						<label className="flex items-start gap-2 text-sm text-slate-800">
							<input
								type="radio"
								name="kind"
								value="standard"
								checked={kind === 'standard'}
								onChange={() => setKind('standard')}
								className="mt-1"
							/>
							<span>Signed webhook (Standard Webhooks): your CRM, loan system, Zapier, n8n or your own receiver</span>
						</label>
						<label className="flex items-start gap-2 text-sm text-slate-800">
							<input
								type="radio"
								name="kind"
								value="hubspot"
								checked={kind === 'hubspot'}
								onChange={() => setKind('hubspot')}
								className="mt-1"
							/>
							<span>HubSpot form: each event submitted to a form in your HubSpot account, no middleware needed</span>
						</label>
					</div>
					{createErrors.kind ? <p className="mt-1 text-sm text-red-700">{createErrors.kind}</p> : null}
				</fieldset>
				<EndpointFields
					key={kind}
					prefix="webhook"
					kind={kind}
					kinds={['standard', 'hubspot']}
					errors={createErrors}
					allowHttp={allowHttp}
					endpoint={null}
				/>
				<button type="submit" className={buttonClass.primary} disabled={busy}>
					<Plus className="h-4 w-4" aria-hidden="true" /> Add endpoint
				</button>
			</Form>

			<section aria-labelledby="endpoints-heading" className="space-y-3">
				<h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
					Endpoints
				</h2>
				{endpoints.length === 0 ? (
					<p className={`${cardClass} p-5 text-slate-700`}>No endpoints yet.</p>
				) : (
					<ul className="space-y-3">
						{endpoints.map((endpoint) => (
							<li key={endpoint.id} className={`${cardClass} space-y-3 p-4`} data-testid="webhook-endpoint">
								<div className="flex flex-wrap items-start justify-between gap-3">
									<div className="min-w-0">
										{endpoint.kind === 'hubspot' ? (
											<p className="text-sm font-semibold text-slate-900">
												HubSpot form <span className="break-all font-mono">{endpoint.hubspot?.formGuid}</span> in account{' '}
												<span className="font-mono">{endpoint.hubspot?.portalId}</span>
												{endpoint.hubspot?.subscriptionTypeId ? `, subscription ${endpoint.hubspot.subscriptionTypeId}` : ''}
												{endpoint.hasAccessToken ? ' (with an access token)' : ''}
											</p>
										) : (
											<p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
										)}
										{endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
										<p className="text-sm text-slate-600">
											{endpoint.enabled ? 'On' : 'Off'}
											{endpoint.disabledReason ? ` — ${endpoint.disabledReason}` : ''} · {endpoint.counts.delivered} delivered,{' '}
											{endpoint.counts.pending} pending, {endpoint.counts.failed} failed
											{endpoint.rotating ? (
												<>
													{' '}
													· previous secret signs until <When value={endpoint.previousSecretExpiresAt} />
												</>
											) : null}
										</p>
										{endpoint.enabled ? null : (
											<p className="text-sm text-amber-800">
												While it is off, events are not kept for it: switched on, it receives what happens from then on, and its waiting
												retries go at once.
											</p>
										)}
										<p className="text-xs text-slate-600" data-testid="webhook-events">
											{endpoint.eventTypes.join(', ')}
										</p>
									</div>
									{/* The same buttons on every endpoint: the group names whose they are. */}
									<div
										className="flex flex-wrap gap-2"
										role="group"
										aria-label={`Actions for ${endpoint.description || shortName(endpoint)}`}
									>
										<Form method="post">
											<input type="hidden" name="id" value={endpoint.id} />
											<input type="hidden" name="intent" value="toggle" />
											<input type="hidden" name="enabled" value={endpoint.enabled ? 'false' : 'true'} />
											<button type="submit" className={buttonClass.secondary} disabled={busy}>
												<Power className="h-4 w-4" aria-hidden="true" /> {endpoint.enabled ? 'Switch off' : 'Switch on'}
											</button>
										</Form>
										<Form method="post">
											<input type="hidden" name="id" value={endpoint.id} />
											<input type="hidden" name="intent" value="test" />
											<button type="submit" className={buttonClass.secondary} disabled={busy || !endpoint.enabled}>
												<Send className="h-4 w-4" aria-hidden="true" /> Send test event
											</button>
										</Form>
										{endpoint.kind === 'standard' ? (
											<Form
												method="post"
												onSubmit={(event) => {
													const message = endpoint.rotating
														? 'Make a new signing secret? The current one keeps signing for 24 hours; the one before it, still signing now, stops at once.'
														: 'Make a new signing secret? The current one keeps signing beside it for 24 hours.'
													if (!window.confirm(message)) event.preventDefault()
												}}
											>
												<input type="hidden" name="id" value={endpoint.id} />
												<input type="hidden" name="intent" value="rotate" />
												<button type="submit" className={buttonClass.secondary} disabled={busy}>
													<KeyRound className="h-4 w-4" aria-hidden="true" /> Rotate secret
												</button>
											</Form>
										) : null}
										<Form
											method="post"
											onSubmit={(event) => {
												if (!window.confirm(`Delete the endpoint ${endpointName(endpoint)} and its deliveries?`)) event.preventDefault()
											}}
										>
											<input type="hidden" name="id" value={endpoint.id} />
											<input type="hidden" name="intent" value="delete" />
											<button type="submit" className={buttonClass.dangerOutline} disabled={busy}>
												<Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
											</button>
										</Form>
										<Link
											to={`?endpoint=${endpoint.id}`}
											className={buttonClass.secondary}
											aria-current={endpoint.id === selectedId ? 'true' : undefined}
										>
											Deliveries
										</Link>
									</div>
								</div>
								<EditEndpoint
									// A saved change shows the endpoint anew, with its form closed.
									key={`${endpoint.url} ${endpoint.description} ${endpoint.eventTypes.join()} ${endpoint.hasAccessToken} ${JSON.stringify(endpoint.hubspot)}`}
									endpoint={endpoint}
									errors={errorsFor(endpoint.id)}
									allowHttp={allowHttp}
									busy={busy}
									onSubmit={checkBeforeSubmit(endpoint.id)}
								/>
							</li>
						))}
					</ul>
				)}
			</section>

			{selected ? (
				<section aria-labelledby="deliveries-heading" className={`${cardClass} space-y-4 p-5`}>
					<div className="flex flex-wrap items-end justify-between gap-3">
						<h2 id="deliveries-heading" className="text-lg font-semibold text-slate-900">
							Deliveries to{' '}
							<span className="break-all font-mono text-base" title={endpointName(selected)}>
								{shortName(selected)}
							</span>
						</h2>
						<ReplaySince endpointId={selected.id} busy={busy} />
					</div>
					{deliveries.length === 0 ? (
						<p className="text-slate-700">Nothing sent to this endpoint yet.</p>
					) : (
						// relative: the sr-only header text is placed inside the scroller, not past the phone's edge. On a phone each
						// delivery is a block of labelled lines (the cells' data-label), so its status and Replay are never off-screen.
						<div className="relative sm:overflow-x-auto">
							<table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
								<thead className="border-b border-slate-200 text-slate-700 max-sm:sr-only">
									<tr>
										<th scope="col" className="py-2 pr-3 font-semibold">
											Event
										</th>
										<th scope="col" className="py-2 pr-3 font-semibold">
											Status
										</th>
										<th scope="col" className="py-2 pr-3 font-semibold">
											Attempts
										</th>
										<th scope="col" className="py-2 pr-3 font-semibold">
											Last answer
										</th>
										<th scope="col" className="py-2 pr-3 font-semibold">
											Last attempt
										</th>
										<th scope="col" className="py-2 font-semibold">
											<span className="sr-only">Replay</span>
										</th>
									</tr>
								</thead>
								<tbody className="max-sm:block">
									{deliveries.map((delivery) => (
										<tr
											key={delivery.id}
											className="border-b border-slate-100 align-top max-sm:block max-sm:py-2"
											data-testid="webhook-delivery"
										>
											<td className="py-2 pr-3 max-sm:block max-sm:py-0.5">
												<span className="font-mono">{delivery.type}</span>
												{delivery.leadId ? (
													// docs/decisions/0079: which lead the event is about.
													<span className="block text-sm" data-testid="webhook-delivery-lead">
														{delivery.leadName ? (
															<Link to={`/dashboard/leads?lead=${delivery.leadId}`} className="font-semibold text-brand-700 underline">
																{delivery.leadName}
															</Link>
														) : (
															<span className="text-slate-600">A deleted lead</span>
														)}
													</span>
												) : null}
												<span className="block break-all font-mono text-xs text-slate-600">{delivery.eventId}</span>
											</td>
											<td className={PHONE_LINE} data-label="Status">
												<div className="min-w-0">
													<span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[delivery.status]}`}>
														{delivery.status}
													</span>
													{delivery.status === 'pending' && delivery.attempts > 0 ? (
														<span className="block text-xs text-slate-600">
															next <When value={delivery.nextAttemptAt} />
														</span>
													) : null}
												</div>
											</td>
											<td className={PHONE_LINE} data-label="Attempts">
												{delivery.attempts}
											</td>
											<td className={PHONE_LINE} data-label="Last answer">
												<div className="min-w-0">
													{delivery.lastStatusCode ?? '—'}
													{delivery.lastError ? (
														<span className="block max-w-xs break-words text-xs text-slate-600">{delivery.lastError}</span>
													) : null}
												</div>
											</td>
											<td className={PHONE_LINE} data-label="Last attempt">
												<When value={delivery.lastAttemptAt} />
											</td>
											<td className="py-2 max-sm:block max-sm:py-1">
												{delivery.status === 'pending' ? null : (
													<Form method="post">
														<input type="hidden" name="id" value={selected.id} />
														<input type="hidden" name="intent" value="replay" />
														<input type="hidden" name="deliveryId" value={delivery.id} />
														<button type="submit" className={buttonClass.secondary} disabled={busy}>
															Replay
														</button>
													</Form>
												)}
											</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
					)}
				</section>
			) : loaderData.missingEndpoint ? (
				<p role="status" className={`${cardClass} p-5 text-slate-700`} data-testid="webhook-missing-endpoint">
					That endpoint no longer exists: choose Deliveries on one of the endpoints above.
				</p>
			) : null}
		</div>
	)
}

/** How the screen names an endpoint: its address, or its HubSpot form. */
function endpointName(endpoint: EndpointView) {
	return endpoint.kind === 'hubspot' && endpoint.hubspot
		? `HubSpot form ${endpoint.hubspot.formGuid} in account ${endpoint.hubspot.portalId}`
		: endpoint.url
}

/** The name where it repeats (a heading, a label): an address of up to 2,000 characters is cut at 80 there. */
function shortName(endpoint: EndpointView) {
	const name = endpointName(endpoint)
	return name.length > 80 ? `${name.slice(0, 79)}…` : name
}

/**
 * "Replay failed" since a time. Without JavaScript the time is read as UTC, and the label says so; with it, the time
 * is the reader's own (the deliveries above are shown in it too), sent with its offset from UTC at that date.
 */
function ReplaySince({ endpointId, busy }: { endpointId: string; busy: boolean }) {
	const [live, setLive] = useState(false)
	useEffect(() => setLive(true), [])
	const offsetRef = useRef<HTMLInputElement>(null)
	return (
		<Form
			method="post"
			className="flex flex-wrap items-end gap-2"
			onSubmit={(event) => {
				const local = new FormData(event.currentTarget).get('since')
				const at = typeof local === 'string' && local ? new Date(local) : null
				if (offsetRef.current) offsetRef.current.value = at && !Number.isNaN(at.getTime()) ? String(at.getTimezoneOffset()) : ''
			}}
		>
			<input type="hidden" name="id" value={endpointId} />
			<input type="hidden" name="intent" value="replay-since" />
			<input type="hidden" name="offsetMinutes" ref={offsetRef} defaultValue="" />
			<div>
				<label htmlFor="replay-since" className="block text-sm font-medium text-slate-900">
					Failed since {live ? '(your time)' : '(UTC)'}
				</label>
				<input id="replay-since" name="since" type="datetime-local" className={inputClass} required />
			</div>
			<button type="submit" className={buttonClass.secondary} disabled={busy}>
				<RotateCcw className="h-4 w-4" aria-hidden="true" /> Replay failed
			</button>
		</Form>
	)
}

/** An endpoint's edit form, folded away until asked for (open while it shows an error). */
function EditEndpoint({
	endpoint,
	errors,
	allowHttp,
	busy,
	onSubmit,
}: {
	endpoint: EndpointView
	errors: FormErrors
	allowHttp: boolean
	busy: boolean
	onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
}) {
	const failed = Object.keys(errors).length > 0
	return (
		<details open={failed || undefined} className="group">
			<summary className="inline-flex cursor-pointer items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
				<Pencil className="h-4 w-4" aria-hidden="true" /> Edit
			</summary>
			<Form
				method="post"
				className="mt-3 space-y-4 border-t border-slate-200 pt-3"
				onSubmit={onSubmit}
				noValidate
				data-endpoint-form={endpoint.id}
			>
				<input type="hidden" name="intent" value="update" />
				<input type="hidden" name="id" value={endpoint.id} />
				<input type="hidden" name="kind" value={endpoint.kind} />
				{errors.kind ? (
					<p role="alert" className="text-sm text-red-700">
						{errors.kind}
					</p>
				) : null}
				<EndpointFields prefix={`edit-${endpoint.id}`} kind={endpoint.kind} errors={errors} allowHttp={allowHttp} endpoint={endpoint} />
				<button type="submit" className={buttonClass.primary} disabled={busy}>
					Save endpoint
				</button>
			</Form>
		</details>
	)
}
