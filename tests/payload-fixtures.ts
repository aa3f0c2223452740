import type { ConsentForPayload, LeadForPayload } from '#app/features/webhooks/webhook-payloads.ts'

/** A lead and its consent as a webhook payload is built from them (the webhook tests' one example). */
export const payloadLead: LeadForPayload = {
	id: '8f6f3b9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
	createdAt: new Date('2026-11-26T10:00:00Z'),
	firstName: 'Jane',
	lastName: 'Investor',
	email: 'jane@example.com',
	phone: '(949) 555-0123',
	status: 'new',
	loanType: 'DSCR',
	propertyType: 'single-family',
	transactionType: 'refinance',
	propertyValue: '$750,000',
	sourcePage: '/fast-quote',
	message: JSON.stringify({ loanProgram: 'dscr', propertyType: 'single-family', estimatedPropertyValue: '$750,000' }),
	formCompletionStatus: 'short_form',
	shortFormCompletedAt: new Date('2026-11-26T10:00:00Z'),
	longFormCompletedAt: null,
	firstContactedAt: null,
	repeatOfLeadId: null,
	attribution: { firstTouch: { utm_source: 'google' }, lastTouch: { utm_source: 'newsletter' } },
	assignedAt: null,
}
export const payloadConsent: ConsentForPayload = {
	consentText: 'I agree to be contacted.',
	consentVersion: '2026-01',
	consentHash: 'abc',
	consentedAt: new Date('2026-11-26T10:00:00Z'),
	ipAddress: '198.51.100.20',
	userAgent: 'Mozilla/5.0',
	pageUrl: 'https://lender.example/fast-quote',
}
