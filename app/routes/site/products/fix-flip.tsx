import { ProductPage } from '#app/components/site/product/product-page.tsx'
import { servicesContext } from '#app/context.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { productPages } from '#app/features/products/product-pages.ts'
import { loadAdvertisedProducts } from '#app/features/products/advertised-products.server.ts'
import { toProductRecord } from '#app/features/products/product-record.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages, withFigures } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/fix-flip'

export async function loader({ context }: Route.LoaderArgs) {
	const { fixFlip } = await loadAdvertisedProducts(context.get(servicesContext).content)
	return toProductRecord(fixFlip)
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
	pageMeta(withFigures(publicPages.fixFlip, { fixFlip: loaderData }), siteIdentity(matches))

/** docs/decisions/0037: nothing here needs React, so the page ships no bundle. */
export const handle: PageHandle = { hydrate: false }

export default function FixFlipLoansPage({ loaderData }: Route.ComponentProps) {
	return <ProductPage productKey="fixFlip" product={loaderData} copy={productPages.fixFlip} loanProgram="fix-flip" />
}
