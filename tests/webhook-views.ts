import type { DeliveryView, EndpointView } from '../app/components/dashboard/webhooks/endpoint-view.ts'

/** An endpoint as the loader gives it, for render tests; `overrides` change what a test is about. */
export function endpointView(overrides: Partial<EndpointView> = {}): EndpointView {
	return {
		id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
		kind: 'standard',
		url: 'https://crm.example.com/webhooks/leads',
		hubspot: null,
		hasAccessToken: false,
		description: 'CRM',
		eventTypes: ['lead.created', 'lead.updated'],
		enabled: true,
		disabledReason: null,
		failingSince: null,
		rotating: false,
		previousSecretExpiresAt: null,
		createdAt: new Date('2026-11-01T12:00:00Z'),
		counts: { pending: 0, delivered: 3, failed: 1 },
		...overrides,
	}
}

/** A delivery as the loader gives it. */
export function deliveryView(overrides: Partial<DeliveryView> = {}): DeliveryView {
	return {
		id: 41,
		eventId: 'msg_2x0example',
		type: 'lead.created',
		leadId: null,
		leadName: null,
		status: 'delivered',
		attempts: 1,
		nextAttemptAt: new Date('2026-11-01T12:00:00Z'),
		lastStatusCode: 200,
		lastError: null,
		lastAttemptAt: new Date('2026-11-01T12:00:01Z'),
		createdAt: new Date('2026-11-01T12:00:00Z'),
		...overrides,
	}
}
