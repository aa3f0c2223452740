import { ProductPage } from '#app/components/site/product/product-page.tsx'
import { servicesContext } from '#app/context.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { productPages } from '#app/features/products/product-pages.ts'
import { loadAdvertisedProducts } from '#app/features/products/advertised-products.server.ts'
import { toProductRecord } from '#app/features/products/product-record.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages, withFigures } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/bridge'

export async function loader({ context }: Route.LoaderArgs) {
	const { bridge } = await loadAdvertisedProducts(context.get(servicesContext).content)
	return toProductRecord(bridge)
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
	pageMeta(withFigures(publicPages.bridge, { bridge: loaderData }), siteIdentity(matches))

/** docs/decisions/0037: nothing here needs React, so the page ships no bundle. */
export const handle: PageHandle = { hydrate: false }

export default function BridgeLoansPage({ loaderData }: Route.ComponentProps) {
	return <ProductPage productKey="bridge" product={loaderData} copy={productPages.bridge} loanProgram="short-term-bridge" />
}
