import type { loader } from '#app/routes/dashboard/webhooks.tsx'

/** One endpoint as the webhooks screen's loader gives it. */
export type EndpointView = Awaited<ReturnType<typeof loader>>['endpoints'][number]

/** One delivery to the selected endpoint, as the loader gives it. */
export type DeliveryView = Awaited<ReturnType<typeof loader>>['deliveries'][number]
