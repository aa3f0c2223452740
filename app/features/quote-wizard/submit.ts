import type { LoanFormData } from './form-data.ts'

export type SubmitResult<T> = { ok: true; body: T } | { ok: false; message: string; fieldErrors?: Record<string, string> }

const RETRY_DELAYS_MS = [500, 1500, 4000]

/**
 * POSTs JSON, retrying network failures and 5xx answers with the same Idempotency-Key, so a
 * flaky connection can neither lose a submission nor make two leads.
 */
export async function postJson<T>(url: string, body: unknown, options: { idempotencyKey: string; token?: string; fetchImpl?: typeof fetch; delays?: number[] }): Promise<SubmitResult<T>> {
	const fetchImpl = options.fetchImpl ?? fetch
	const delays = options.delays ?? RETRY_DELAYS_MS
	let lastMessage = ''
	for (let attempt = 0; attempt <= delays.length; attempt++) {
		if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]))
		try {
			const response = await fetchImpl(url, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'Idempotency-Key': options.idempotencyKey,
					...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
				},
				body: JSON.stringify(body),
			})
			const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
			if (response.ok) return { ok: true, body: answer as T }
			if (response.status < 500) {
				const fieldErrors = answer.errors as Record<string, string> | undefined
				const message = typeof answer.error === 'string' ? answer.error : fieldErrors ? Object.values(fieldErrors)[0]! : `the server answered ${response.status}`
				return { ok: false, message, fieldErrors }
			}
			lastMessage = `the server answered ${response.status}`
		} catch (error) {
			lastMessage = error instanceof Error ? error.message : String(error)
		}
	}
	return { ok: false, message: lastMessage }
}

/** One key per submission: kept until it succeeds, so a retry after a reload is still the same submission. */
export function submissionKey(storage: Storage, name: string) {
	const storageKey = `loan-form-submit-key-${name}`
	let key: string | null = null
	try {
		key = storage.getItem(storageKey)
	} catch {
		key = null
	}
	if (!key) {
		key = `${name}-${crypto.randomUUID()}`
		try {
			storage.setItem(storageKey, key)
		} catch {
			// Without storage the key lives for this attempt only.
		}
	}
	return { key, done: () => storage.removeItem(storageKey) }
}

/** What the short form sends (contract of POST /api/leads). */
export function shortFormBody(formData: LoanFormData, extra: { sourcePage: string; consentVersion: string; attribution: unknown; website: string }) {
	const { leadId: _leadId, ...answers } = formData
	return { formData: answers, ...extra }
}
