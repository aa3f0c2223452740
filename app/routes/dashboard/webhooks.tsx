import { format } from 'date-fns'
import { KeyRound, Plus, Power, RotateCcw, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, data, useActionData, useNavigation } from 'react-router'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import {
	WEBHOOK_EVENT_LABELS,
	WEBHOOK_EVENT_TYPES,
	replaySinceSchema,
	webhookEndpointSchema,
} from '#app/features/webhooks/webhook-schema.ts'
import {
	createEndpoint,
	deleteEndpoint,
	listDeliveries,
	listEndpoints,
	replayDeliveries,
	rotateSecret,
	sendTestEvent,
	setEndpointEnabled,
} from '#app/features/webhooks/webhooks.server.ts'
import type { Route } from './+types/webhooks'

export const meta: Route.MetaFunction = () => [{ title: 'Webhooks | Admin Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** docs/decisions/0068: the endpoints that receive signed webhooks, and each one's deliveries; admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const { db, config } = context.get(servicesContext)
	const endpoints = await listEndpoints(db)
	const asked = new URL(request.url).searchParams.get('endpoint')
	const selected = endpoints.find((endpoint) => endpoint.id === asked) ?? endpoints[0] ?? null
	return {
		endpoints,
		selectedId: selected?.id ?? null,
		deliveries: selected ? await listDeliveries(db, selected.id) : [],
		allowHttp: config.WEBHOOK_ALLOW_HTTP,
	}
}

export type WebhooksResult =
	| { ok: true; intent: string; message: string; secret?: string; endpointId?: string }
	| { ok: false; intent: string; errors: Record<string, string> }

const refused = (intent: string, errors: Record<string, string>, status: number) =>
	data<WebhooksResult>({ ok: false, intent, errors }, { status })
const done = (intent: string, message: string, extra: { secret?: string; endpointId?: string } = {}) =>
	data<WebhooksResult>({ ok: true, intent, message, ...extra })

export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const { db, config } = services
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	if (intent === 'create') {
		const parsed = webhookEndpointSchema({ allowHttp: config.WEBHOOK_ALLOW_HTTP }).safeParse({
			url: form.get('url') ?? '',
			description: form.get('description') ?? '',
			eventTypes: form.getAll('eventTypes'),
		})
		if (!parsed.success) return refused(intent, fieldErrors(parsed.error, { topLevel: true }), 422)
		const created = await createEndpoint(db, services.webhookKey, parsed.data, actor.email)
		services.webhooksChanged()
		return done(intent, 'Endpoint added. Copy its signing secret now: it is not shown again.', {
			secret: created.secret,
			endpointId: created.id,
		})
	}
	const id = String(form.get('id') ?? '')
	const missing = () => refused(intent, { id: 'This endpoint no longer exists' }, 404)
	if (!UUID.test(id)) return missing()
	switch (intent) {
		case 'rotate': {
			const secret = await rotateSecret(db, services.webhookKey, id)
			if (!secret) return missing()
			return done(intent, 'New signing secret made. The previous one keeps signing beside it for 24 hours.', { secret, endpointId: id })
		}
		case 'toggle': {
			const enabled = form.get('enabled') === 'true'
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
			if (!(await sendTestEvent(db, id))) return missing()
			services.wakeOutbox()
			return done(intent, 'Test event queued; its delivery shows below.', { endpointId: id })
		}
		case 'replay': {
			const deliveryId = Number(form.get('deliveryId'))
			if (!Number.isSafeInteger(deliveryId)) return refused(intent, { deliveryId: 'Unknown delivery' }, 422)
			const count = await replayDeliveries(db, id, { deliveryId })
			if (count === 0) return refused(intent, { deliveryId: 'This delivery is not finished, or no longer exists' }, 409)
			services.wakeOutbox()
			return done(intent, 'Delivery queued again with its original webhook-id', { endpointId: id })
		}
		case 'replay-since': {
			const parsed = replaySinceSchema.safeParse({ since: form.get('since') ?? '' })
			if (!parsed.success) return refused(intent, fieldErrors(parsed.error, { topLevel: true }), 422)
			const count = await replayDeliveries(db, id, { since: parsed.data.since })
			services.wakeOutbox()
			return done(intent, count === 1 ? '1 failed delivery queued again' : `${count} failed deliveries queued again`, { endpointId: id })
		}
		default:
			return refused(intent, { intent: 'Unknown action' }, 400)
	}
}

const when = (value: Date | string | null) => (value ? format(new Date(value), 'MMM d, yyyy HH:mm:ss') : '—')

const STATUS_STYLE = {
	pending: 'bg-amber-100 text-amber-900',
	delivered: 'bg-emerald-100 text-emerald-900',
	failed: 'bg-red-100 text-red-900',
} as const

export default function Webhooks({ loaderData }: Route.ComponentProps) {
	const { endpoints, selectedId, deliveries, allowHttp } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
	const createErrors = result && !result.ok && result.intent === 'create' ? result.errors : clientErrors
	const selected = endpoints.find((endpoint) => endpoint.id === selectedId) ?? null

	function checkBeforeSubmit(event: React.FormEvent<HTMLFormElement>) {
		const form = new FormData(event.currentTarget)
		// The same schema as the action: a mistake is shown at once, and the server checks again.
		const parsed = webhookEndpointSchema({ allowHttp }).safeParse({
			url: form.get('url') ?? '',
			description: form.get('description') ?? '',
			eventTypes: form.getAll('eventTypes'),
		})
		if (parsed.success) setClientErrors({})
		else {
			event.preventDefault()
			setClientErrors(fieldErrors(parsed.error, { topLevel: true }))
		}
	}

	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-brand-900">Webhooks</h1>
				<p className="mt-1 text-slate-700">
					Leads, quotes and contact messages sent to your other systems as signed Standard Webhooks, retried for about 28 hours. README
					explains how a receiver checks the signature.
				</p>
			</div>

			{result?.ok ? (
				<div role="status" className={`${cardClass} space-y-2 p-4`} data-testid="webhook-result">
					<p className="font-semibold text-slate-900">{result.message}</p>
					{result.secret ? (
						<p className="text-sm text-slate-700">
							Signing secret:{' '}
							<code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="webhook-secret">
								{result.secret}
							</code>
						</p>
					) : null}
				</div>
			) : null}
			{result && !result.ok && result.intent !== 'create' ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
					{Object.values(result.errors)[0]}
				</p>
			) : null}

			<Form method="post" className={`${cardClass} space-y-4 p-5`} aria-labelledby="add-endpoint" onSubmit={checkBeforeSubmit} noValidate>
				<h2 id="add-endpoint" className="text-lg font-semibold text-slate-900">
					Add an endpoint
				</h2>
				<input type="hidden" name="intent" value="create" />
				<div>
					<label htmlFor="webhook-url" className="block font-medium text-slate-900">
						Address
					</label>
					<input
						id="webhook-url"
						name="url"
						type="url"
						inputMode="url"
						className={inputClass}
						placeholder="https://crm.example.com/webhooks/leads"
						aria-invalid={Boolean(createErrors.url)}
						aria-describedby="webhook-url-hint"
					/>
					<p id="webhook-url-hint" className={`mt-1 text-sm ${createErrors.url ? 'text-red-700' : 'text-slate-600'}`}>
						{createErrors.url ?? (allowHttp ? 'https:// (or http:// for a local receiver)' : 'https:// only')}
					</p>
				</div>
				<div>
					<label htmlFor="webhook-description" className="block font-medium text-slate-900">
						Description
					</label>
					<input id="webhook-description" name="description" className={inputClass} aria-invalid={Boolean(createErrors.description)} />
					{createErrors.description ? <p className="mt-1 text-sm text-red-700">{createErrors.description}</p> : null}
				</div>
				<fieldset>
					<legend className="font-medium text-slate-900">Events</legend>
					<div className="mt-2 grid gap-2 sm:grid-cols-2">
						{WEBHOOK_EVENT_TYPES.map((type) => (
							<label key={type} className="flex items-start gap-2 text-sm text-slate-800">
								<input type="checkbox" name="eventTypes" value={type} defaultChecked className="mt-1" />
								<span>
									<code className="font-mono">{type}</code> — {WEBHOOK_EVENT_LABELS[type]}
								</span>
							</label>
						))}
					</div>
					{createErrors.eventTypes ? <p className="mt-1 text-sm text-red-700">{createErrors.eventTypes}</p> : null}
				</fieldset>
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
										<p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
										{endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
										<p className="text-sm text-slate-600">
											{endpoint.enabled ? 'On' : 'Off'}
											{endpoint.disabledReason ? ` — ${endpoint.disabledReason}` : ''} · {endpoint.counts.delivered} delivered,{' '}
											{endpoint.counts.pending} pending, {endpoint.counts.failed} failed
											{endpoint.rotating ? ` · previous secret signs until ${when(endpoint.previousSecretExpiresAt)}` : ''}
										</p>
										<p className="text-xs text-slate-600">{endpoint.eventTypes.join(', ')}</p>
									</div>
									<div className="flex flex-wrap gap-2">
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
										<Form method="post">
											<input type="hidden" name="id" value={endpoint.id} />
											<input type="hidden" name="intent" value="rotate" />
											<button type="submit" className={buttonClass.secondary} disabled={busy}>
												<KeyRound className="h-4 w-4" aria-hidden="true" /> Rotate secret
											</button>
										</Form>
										<Form
											method="post"
											onSubmit={(event) => {
												if (!window.confirm(`Delete the endpoint ${endpoint.url} and its deliveries?`)) event.preventDefault()
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
							</li>
						))}
					</ul>
				)}
			</section>

			{selected ? (
				<section aria-labelledby="deliveries-heading" className={`${cardClass} space-y-4 p-5`}>
					<div className="flex flex-wrap items-end justify-between gap-3">
						<h2 id="deliveries-heading" className="text-lg font-semibold text-slate-900">
							Deliveries to <span className="break-all font-mono text-base">{selected.url}</span>
						</h2>
						<Form method="post" className="flex flex-wrap items-end gap-2">
							<input type="hidden" name="id" value={selected.id} />
							<input type="hidden" name="intent" value="replay-since" />
							<div>
								<label htmlFor="replay-since" className="block text-sm font-medium text-slate-900">
									Failed since (UTC)
								</label>
								<input id="replay-since" name="since" type="datetime-local" className={inputClass} required />
							</div>
							<button type="submit" className={buttonClass.secondary} disabled={busy}>
								<RotateCcw className="h-4 w-4" aria-hidden="true" /> Replay failed
							</button>
						</Form>
					</div>
					{deliveries.length === 0 ? (
						<p className="text-slate-700">Nothing sent to this endpoint yet.</p>
					) : (
						// relative: the sr-only header text is placed inside the scroller, not past the phone's edge.
						<div className="relative overflow-x-auto">
							<table className="w-full min-w-[40rem] text-left text-sm">
								<thead className="border-b border-slate-200 text-slate-700">
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
								<tbody>
									{deliveries.map((delivery) => (
										<tr key={delivery.id} className="border-b border-slate-100 align-top" data-testid="webhook-delivery">
											<td className="py-2 pr-3">
												<span className="font-mono">{delivery.type}</span>
												<span className="block font-mono text-xs text-slate-600">{delivery.eventId}</span>
											</td>
											<td className="py-2 pr-3">
												<span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[delivery.status]}`}>
													{delivery.status}
												</span>
												{delivery.status === 'pending' && delivery.attempts > 0 ? (
													<span className="block text-xs text-slate-600">next {when(delivery.nextAttemptAt)}</span>
												) : null}
											</td>
											<td className="py-2 pr-3">{delivery.attempts}</td>
											<td className="py-2 pr-3">
												{delivery.lastStatusCode ?? '—'}
												{delivery.lastError ? (
													<span className="block max-w-xs break-words text-xs text-slate-600">{delivery.lastError}</span>
												) : null}
											</td>
											<td className="py-2 pr-3">{when(delivery.lastAttemptAt)}</td>
											<td className="py-2">
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
			) : null}
		</div>
	)
}
