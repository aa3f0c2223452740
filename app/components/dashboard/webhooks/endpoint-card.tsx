import { KeyRound, Power, Send, Trash2 } from 'lucide-react'
import { Form, Link } from 'react-router'
import { buttonClass, cardClass } from '#app/components/ui/styles.ts'
import { type FormErrors, endpointName, shortName } from '#app/features/webhooks/webhooks-screen.ts'
import { EditEndpoint } from './edit-endpoint.tsx'
import type { EndpointView } from './endpoint-view.ts'
import { When } from './when.tsx'

/**
 * One endpoint of the list: what it is and how it fares, its actions (switch, test, rotate, delete, its deliveries),
 * and its edit form. A switched-off endpoint says what it misses and cannot be sent a test event.
 */
export function EndpointCard({
	endpoint,
	selected,
	errors,
	allowHttp,
	busy,
	onSubmit,
}: {
	endpoint: EndpointView
	/** Its deliveries are the ones shown below the list. */
	selected: boolean
	errors: FormErrors
	allowHttp: boolean
	busy: boolean
	onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
}) {
	return (
		<li className={`${cardClass} space-y-3 p-4`} data-testid="webhook-endpoint">
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
							While it is off, events are not kept for it: switched on, it receives what happens from then on, and its waiting retries go at
							once.
						</p>
					)}
					<p className="text-xs text-slate-600" data-testid="webhook-events">
						{endpoint.eventTypes.join(', ')}
					</p>
				</div>
				{/* The same buttons on every endpoint: the group names whose they are. */}
				<div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${endpoint.description || shortName(endpoint)}`}>
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
					<Link to={`?endpoint=${endpoint.id}`} className={buttonClass.secondary} aria-current={selected ? 'true' : undefined}>
						Deliveries
					</Link>
				</div>
			</div>
			<EditEndpoint
				// A saved change shows the endpoint anew, with its form closed.
				key={`${endpoint.url} ${endpoint.description} ${endpoint.eventTypes.join()} ${endpoint.hasAccessToken} ${JSON.stringify(endpoint.hubspot)}`}
				endpoint={endpoint}
				errors={errors}
				allowHttp={allowHttp}
				busy={busy}
				onSubmit={onSubmit}
			/>
		</li>
	)
}
