import type { LoanFormData } from './form-data.ts'

/** `status` is the server's answer; undefined when the server could not be reached. */
export type SubmitResult<T> =
	| { ok: true; body: T }
	| { ok: false; status?: number; message: string; fieldErrors?: Record<string, string>; body?: Record<string, unknown> }

const RETRY_DELAYS_MS = [500, 1500, 4000]

/**
 * POSTs JSON, retrying network failures and 5xx answers with the same Idempotency-Key, so a
 * flaky connection can neither lose a submission nor make two leads.
 */
export async function postJson<T>(
	url: string,
	body: unknown,
	options: { idempotencyKey: string; token?: string; fetchImpl?: typeof fetch; delays?: number[] },
): Promise<SubmitResult<T>> {
	const fetchImpl = options.fetchImpl ?? fetch
	const delays = options.delays ?? RETRY_DELAYS_MS
	let lastMessage = ''
	let lastStatus: number | undefined
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
				const message =
					typeof answer.error === 'string'
						? answer.error
						: fieldErrors
							? Object.values(fieldErrors)[0]!
							: `the server answered ${response.status}`
				return { ok: false, status: response.status, message, fieldErrors, body: answer }
			}
			lastStatus = response.status
			lastMessage = typeof answer.error === 'string' ? answer.error : `the server answered ${response.status}`
		} catch (error) {
			lastStatus = undefined
			lastMessage = error instanceof Error ? error.message : String(error)
		}
	}
	return { ok: false, status: lastStatus, message: lastMessage }
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
export function shortFormBody(
	formData: LoanFormData,
	extra: { sourcePage: string; consentVersion: string; attribution: unknown; website: string },
) {
	const { leadId: _leadId, ...answers } = formData
	return { formData: answers, ...extra }
}

/**
 * What the visitor reads when a submission fails: the server's own words for a refusal (a rate limit,
 * a honeypot), and for a server or network failure what happened and what to do, never a technical reason.
 */
export function submissionFailureMessage(result: Omit<Extract<SubmitResult<unknown>, { ok: false }>, 'ok'>, phone: string) {
	if (result.status === undefined) return `We could not reach our server. Check your connection and try again, or call us at ${phone}.`
	if (result.status === 503) {
		return `Our quote service is briefly unavailable for maintenance. Your answers are saved: please try again in a few minutes, or call us at ${phone}.`
	}
	if (result.status >= 500) {
		return `Something went wrong on our side and your request was not saved. Your answers are kept: please try again, or call us at ${phone}.`
	}
	if (result.fieldErrors) return Object.values(result.fieldErrors)[0] ?? 'Please check your answers.'
	return result.message || 'There was an issue submitting your application. Please try again.'
}
