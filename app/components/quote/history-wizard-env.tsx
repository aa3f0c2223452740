import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { trackRouteChange } from '#app/features/analytics/data-layer.ts'
import { type WizardEnv, WizardEnvProvider, type WizardLocation, type WizardPageData } from './wizard-env.tsx'

/** An entry's state as React Router writes it (`usr` is the page's own), so either may read the other's entries. */
type EntryState = { usr?: unknown; key?: string; idx?: number } | null

function currentLocation(): WizardLocation {
	const entry = window.history.state as EntryState
	return {
		pathname: window.location.pathname,
		search: window.location.search,
		hash: window.location.hash,
		state: entry?.usr ?? null,
		key: entry?.key ?? 'default',
	}
}

const newKey = () => Math.random().toString(36).slice(2, 10)

/**
 * The wizard's page when it boots alone (docs/decisions/0064): the browser's history stands in for React
 * Router's. A step is an entry of this page (`?step=`); Back and Forward are `popstate`; another page is a
 * full load, as a link to a page without a bundle always is.
 */
export function HistoryWizardEnv({ data, children }: { data: WizardPageData; children: React.ReactNode }) {
	const [location, setLocation] = useState(currentLocation)
	const [navigationType, setNavigationType] = useState<WizardEnv['navigationType']>('POP')
	useEffect(() => {
		const onPop = () => {
			setNavigationType('POP')
			setLocation(currentLocation())
		}
		window.addEventListener('popstate', onPop)
		return () => window.removeEventListener('popstate', onPop)
	}, [])
	// Each step is a page view, as the root records one for every address React Router shows (the first is the page's own script's).
	const first = useRef(true)
	useEffect(() => {
		if (first.current) {
			first.current = false
			return
		}
		trackRouteChange(`${location.pathname}${location.search}`, data.analytics, window.location.hostname, {
			local: localStorage,
			target: window,
		})
	}, [location.pathname, location.search, data.analytics])
	const navigate = useCallback<WizardEnv['navigate']>((to, options) => {
		if (typeof to === 'number') return window.history.go(to)
		if (typeof to === 'string') return window.location.assign(to)
		const entry = window.history.state as EntryState
		const idx = (entry?.idx ?? 0) + (options?.replace ? 0 : 1)
		const state: EntryState = { usr: options?.state ?? null, key: newKey(), idx }
		const url = `${window.location.pathname}${to.search}${to.hash}`
		if (options?.replace) window.history.replaceState(state, '', url)
		else window.history.pushState(state, '', url)
		setNavigationType(options?.replace ? 'REPLACE' : 'PUSH')
		setLocation(currentLocation())
	}, [])
	const env = useMemo<WizardEnv>(() => ({ location, navigationType, navigate, data }), [location, navigationType, navigate, data])
	return <WizardEnvProvider value={env}>{children}</WizardEnvProvider>
}
