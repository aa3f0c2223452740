import type { PricingRequest, PricingResponse } from './pricing-request.ts'

/**
 * The wizard's indicative terms before and after the contact step (docs/decisions/0066): the quote-loading screen
 * starts the pricing request, so the thank-you screen shows terms at once. The public pricing API takes only the
 * scenario's figures, never personal data; answers are kept per request for the life of the page.
 */
const answers = new Map<string, Promise<PricingResponse | null>>()
const KEEP = 50

export function previewTerms(request: PricingRequest, fetchImpl: typeof fetch = fetch): Promise<PricingResponse | null> {
	const key = JSON.stringify(request)
	let answer = answers.get(key)
	if (!answer) {
		answer = fetchImpl('/api/pricing', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: key })
			.then((response) => (response.ok ? (response.json() as Promise<PricingResponse>) : null))
			.catch(() => null)
		// A failed answer is not kept: the next ask tries again.
		void answer.then((value) => {
			if (value === null) answers.delete(key)
		})
		answers.set(key, answer)
		if (answers.size > KEEP) answers.delete(answers.keys().next().value!)
	}
	return answer
}
