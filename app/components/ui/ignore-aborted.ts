/**
 * For `fetcher.submit(...).catch(ignoreAborted)`: React Router rejects a submission's promise with an AbortError when
 * the fetcher is interrupted (its component unmounted, or a newer submission). The request was sent and the server
 * acts on it; only the wait for its answer ends, so that rejection is no error. Anything else is thrown on.
 */
export function ignoreAborted(error: unknown) {
	if (error instanceof DOMException && error.name === 'AbortError') return
	throw error
}
