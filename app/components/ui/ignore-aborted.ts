/** The AbortError a request or navigation rejects with when it is cancelled on purpose (AbortController.abort()). */
export function isAborted(error: unknown) {
	return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * For `fetcher.submit(...).catch(ignoreAborted)`: React Router rejects a submission's promise with an AbortError when
 * the fetcher is interrupted (its component unmounted, or a newer submission). The request was sent and the server
 * acts on it; only the wait for its answer ends, so that rejection is no error. Anything else is thrown on.
 */
export function ignoreAborted(error: unknown) {
	if (isAborted(error)) return
	throw error
}

/**
 * docs/decisions/0119: a navigation interrupted while its answer is still arriving (a click during the reload that
 * follows a form) leaves React Router 8.4's data decoder with two rejected promises nobody observes, and the browser
 * reports them as uncaught errors. A cancelled request is no error, so an unobserved AbortError is marked handled;
 * every other unobserved rejection is reported as before.
 */
export function ignoreUnobservedAborts(target: Pick<Window, 'addEventListener'>) {
	target.addEventListener('unhandledrejection', (event) => {
		if (isAborted(event.reason)) event.preventDefault()
	})
}
