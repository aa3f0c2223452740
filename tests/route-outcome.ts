/**
 * What a route's loader or action answered or threw, as one value: its status, where a redirect goes, and the data it
 * returned (`data(...)` or a plain object; null for a Response). A thrown Response is an answer too (a 403, a
 * redirect to sign in); anything else thrown is the test's failure.
 */
export async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; body: unknown }> {
	try {
		const result = await run()
		if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), body: null }
		if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
			const init = (result as { init?: { status?: number } | null }).init
			return { status: init?.status ?? 200, location: null, body: (result as { data: unknown }).data }
		}
		return { status: 200, location: null, body: result }
	} catch (thrown) {
		if (!(thrown instanceof Response)) throw thrown
		return { status: thrown.status, location: thrown.headers.get('Location'), body: null }
	}
}
