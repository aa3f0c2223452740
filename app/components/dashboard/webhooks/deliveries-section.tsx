import { Form, Link } from 'react-router'
import { buttonClass, cardClass } from '#app/components/ui/styles.ts'
import { endpointName, shortName } from '#app/features/webhooks/webhooks-screen.ts'
import type { DeliveryView, EndpointView } from './endpoint-view.ts'
import { ReplaySince } from './replay-since.tsx'
import { When } from './when.tsx'

/** A delivery's cell: a table cell from `sm` up, on a phone a line led by its column's name (its data-label). */
const PHONE_LINE =
	'py-2 pr-3 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)]'

const STATUS_STYLE = {
	pending: 'bg-amber-100 text-amber-900',
	delivered: 'bg-emerald-100 text-emerald-900',
	failed: 'bg-red-100 text-red-900',
} as const

/** The deliveries to one endpoint, newest first; a finished one (delivered or failed) can be sent again. */
export function DeliveriesSection({ endpoint, deliveries, busy }: { endpoint: EndpointView; deliveries: DeliveryView[]; busy: boolean }) {
	return (
		<section aria-labelledby="deliveries-heading" className={`${cardClass} space-y-4 p-5`}>
			<div className="flex flex-wrap items-end justify-between gap-3">
				<h2 id="deliveries-heading" className="text-lg font-semibold text-slate-900">
					Deliveries to{' '}
					<span className="break-all font-mono text-base" title={endpointName(endpoint)}>
						{shortName(endpoint)}
					</span>
				</h2>
				<ReplaySince endpointId={endpoint.id} busy={busy} />
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
												<input type="hidden" name="id" value={endpoint.id} />
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
	)
}
