import { useContext, useEffect, useRef } from 'react'
import { UNSAFE_DataRouterContext } from 'react-router'

/**
 * Calls `onAnswer` once with each new answer of the fetcher `key`, as the router hears it (docs/decisions/0125).
 *
 * `useFetcher().data` is read from a ref while rendering. A render that React bails out of keeps what it read as an
 * effect's dependency without running the effect, so an effect on `fetcher.data` can miss an answer: a CI run saw
 * Add Lead's dialog stay open after its 200. The router's own state does not tear.
 */
export function useFetcherAnswer<T>(key: string, onAnswer: (answer: T) => void) {
	const router = useContext(UNSAFE_DataRouterContext)?.router
	const latest = useRef(onAnswer)
	latest.current = onAnswer
	useEffect(() => {
		if (!router) return
		let last: unknown
		return router.subscribe((state) => {
			const fetcher = state.fetchers.get(key)
			if (!fetcher || fetcher.data === undefined || fetcher.data === last) return
			// A submission still shows the previous answer, and so does a load until its own data comes: after an action
			// the fetcher is `loading` (the page's data reloads) with the action's answer, then `idle` with the same one.
			const answered = fetcher.state === 'idle' || (fetcher.state === 'loading' && fetcher.formMethod !== undefined)
			if (!answered) return
			last = fetcher.data
			latest.current(fetcher.data as T)
		})
	}, [router, key])
}
