import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** The company record loaded by the root route (brand values are never literals in components). */
export function useCompany() {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	if (!root) throw new Error('useCompany must be used below the root route')
	return root.company
}
