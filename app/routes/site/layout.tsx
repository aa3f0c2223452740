import { Outlet, useRouteLoaderData } from 'react-router'
import { SiteFooter } from '#app/components/site/site-footer.tsx'
import { SiteHeader } from '#app/components/site/site-header.tsx'
import type { loader as rootLoader } from '#app/root.tsx'

/** Public pages share the header and footer; brand values come from the root loader's company record. */
export default function SiteLayout() {
	const root = useRouteLoaderData<typeof rootLoader>('root')
	if (!root) return <Outlet />
	return (
		<>
			<a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:bg-white focus:p-2">
				Skip to content
			</a>
			<SiteHeader company={root.company} />
			<main id="main">
				<Outlet />
			</main>
			<SiteFooter company={root.company} />
		</>
	)
}
