import { isUuid } from '#app/features/http/uuid.ts'
import { useEffect, useRef, useState } from 'react'
import { data, useActionData, useNavigation } from 'react-router'
import { AddEndpointForm } from '#app/components/dashboard/webhooks/add-endpoint-form.tsx'
import { CopySecret } from '#app/components/dashboard/webhooks/copy-secret.tsx'
import { DeliveriesSection } from '#app/components/dashboard/webhooks/deliveries-section.tsx'
import { EndpointCard } from '#app/components/dashboard/webhooks/endpoint-card.tsx'
import { cardClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { withIdempotency } from '#app/features/http/idempotency.server.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { type ActivityAction, fieldChanges } from '#app/features/activity/activity-entry.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import type { Database } from '#db/client.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { createAddressPolicy, refusedAtOnce } from '#app/features/webhooks/address-guard.server.ts'
import { failureText } from '#app/features/webhooks/webhook-delivery.server.ts'
import {
	type WebhookEndpointKind,
	endpointFormValues,
	replaySinceSchema,
	webhookEndpointSchema,
} from '#app/features/webhooks/webhook-schema.ts'
import {
	ENDPOINT_INTENTS,
	type FormErrors,
	SWITCHED_OFF,
	type WebhooksResult,
	formErrorsFor,
	showsRefusalAbove,
} from '#app/features/webhooks/webhooks-screen.ts'
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

const refused = (intent: string, errors: Record<string, string>, status: number, endpointId?: string, kind?: WebhookEndpointKind) =>
	data<WebhooksResult>({ ok: false, intent, errors, ...(endpointId ? { endpointId } : {}), ...(kind ? { kind } : {}) }, { status })
const done = (intent: string, message: string, extra: { secret?: string; endpointId?: string } = {}) =>
	data<WebhooksResult>({ ok: true, intent, message, ...extra })

/** An address as logged: its query and fragment left out. */
const withoutQuery = (url: string) => {
	try {
		const parsed = new URL(url)
		return `${parsed.origin}${parsed.pathname}`
	} catch {
		return ''
	}
}

/** What an edit can change of an endpoint, as the log compares it. */
async function endpointFacts(db: Database, id: string) {
	const endpoint = (await listEndpoints(db)).find((each) => each.id === id)
	return endpoint
		? {
				url: endpoint.kind === 'standard' ? withoutQuery(endpoint.url) : 'HubSpot',
				description: endpoint.description,
				eventTypes: endpoint.eventTypes,
			}
		: null
}

export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const { db, config } = services
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	// docs/decisions/0088: a new signing secret needs the password and second factor from the last 5 minutes.
	if (intent === 'rotate') await requireRecentAuth(request, context, actor)
	const schema = webhookEndpointSchema({ allowHttp: config.WEBHOOK_ALLOW_HTTP })
	const hubspotApiUrl = config.HUBSPOT_FORMS_API_URL
	const policy = createAddressPolicy(config.WEBHOOK_ALLOWED_HOSTS)
	// docs/decisions/0087: every change of an endpoint is logged; a URL without its query (it may carry a token).
	const actorEntry = activityActor(actor, requestFactsOf(context))
	const log = (action: ActivityAction, endpointId: string, executor: Parameters<typeof recordActivity>[0] = db) =>
		recordActivity(executor, actorEntry, action, { kind: 'endpoint', id: endpointId })
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
				const { description, eventTypes } = parsed.data
				const url = parsed.data.kind === 'standard' ? withoutQuery(parsed.data.url) : 'HubSpot'
				await log({ type: 'webhook.endpoint_added', details: { name: description, url, events: [...eventTypes] } }, made.id, tx)
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
			const before = await endpointFacts(db, id)
			const updated = await updateEndpoint(db, services.webhookKey, id, parsed.data, { hubspotApiUrl })
			if (updated === 'missing') return missing()
			if (updated === 'kind')
				return refused(intent, { kind: 'An endpoint keeps its kind: add a new endpoint and delete this one' }, 422, id)
			await log({ type: 'webhook.endpoint_edited', details: { changes: fieldChanges(before, await endpointFacts(db, id)) } }, id)
			services.webhooksChanged()
			return done(intent, 'Endpoint saved', { endpointId: id })
		}
		case 'rotate': {
			const secret = await rotateSecret(db, services.webhookKey, id)
			if (!secret) return refused(intent, { id: 'This endpoint no longer exists, or signs nothing (a HubSpot endpoint)' }, 404)
			await log({ type: 'webhook.secret_rotated', details: {} }, id)
			return done(intent, 'New signing secret made. The previous one keeps signing beside it for 24 hours.', { secret, endpointId: id })
		}
		case 'toggle': {
			const asked = form.get('enabled')
			if (asked !== 'true' && asked !== 'false') return refused(intent, { enabled: 'Say whether to switch it on or off' }, 422)
			const enabled = asked === 'true'
			if (!(await setEndpointEnabled(db, id, enabled))) return missing()
			await log({ type: 'webhook.endpoint_edited', details: { changes: [{ field: 'enabled', from: endpoint.enabled, to: enabled }] } }, id)
			services.webhooksChanged()
			return done(intent, enabled ? 'Endpoint switched on' : 'Endpoint switched off', { endpointId: id })
		}
		case 'delete': {
			if (!(await deleteEndpoint(db, id))) return missing()
			await log({ type: 'webhook.endpoint_removed', details: {} }, id)
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
			await log({ type: 'webhook.replayed', details: { deliveryId, since: null, count } }, id)
			services.wakeOutbox()
			return done(intent, 'Delivery queued again with its original webhook-id', { endpointId: id })
		}
		case 'replay-since': {
			if (!endpoint.enabled) return refused(intent, { id: SWITCHED_OFF }, 409)
			const parsed = replaySinceSchema.safeParse({ since: form.get('since') ?? '', offsetMinutes: form.get('offsetMinutes') ?? '' })
			if (!parsed.success) return refused(intent, fieldErrors(parsed.error, { topLevel: true }), 422)
			const count = await replayDeliveries(db, id, { since: parsed.data.since })
			await log({ type: 'webhook.replayed', details: { deliveryId: null, since: parsed.data.since.toISOString(), count } }, id)
			services.wakeOutbox()
			return done(intent, count === 1 ? '1 failed delivery queued again' : `${count} failed deliveries queued again`, { endpointId: id })
		}
		default:
			return refused(intent, { intent: 'Unknown action' }, 400)
	}
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
	const errorsFor = (endpointId?: string): FormErrors => formErrorsFor(endpointId, clientErrors, result)

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
				{showsRefusalAbove(shownResult) ? (
					<p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
						{Object.values(shownResult.errors)[0]}
					</p>
				) : null}
			</div>

			<AddEndpointForm
				key={addFormKey}
				kind={kind}
				onKindChange={setKind}
				submission={loaderData.submission}
				errors={errorsFor()}
				allowHttp={allowHttp}
				busy={busy}
				onSubmit={checkBeforeSubmit('create')}
			/>

			<section aria-labelledby="endpoints-heading" className="space-y-3">
				<h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
					Endpoints
				</h2>
				{endpoints.length === 0 ? (
					<p className={`${cardClass} p-5 text-slate-700`}>No endpoints yet.</p>
				) : (
					<ul className="space-y-3">
						{endpoints.map((endpoint) => (
							<EndpointCard
								key={endpoint.id}
								endpoint={endpoint}
								selected={endpoint.id === selectedId}
								errors={errorsFor(endpoint.id)}
								allowHttp={allowHttp}
								busy={busy}
								onSubmit={checkBeforeSubmit(endpoint.id)}
							/>
						))}
					</ul>
				)}
			</section>

			{selected ? (
				<DeliveriesSection endpoint={selected} deliveries={deliveries} busy={busy} />
			) : loaderData.missingEndpoint ? (
				<p role="status" className={`${cardClass} p-5 text-slate-700`} data-testid="webhook-missing-endpoint">
					That endpoint no longer exists: choose Deliveries on one of the endpoints above.
				</p>
			) : null}
		</div>
	)
}
