import { ProductPage } from '#app/components/site/product/product-page.tsx'
import { servicesContext } from '#app/context.ts'
import { productPages } from '#app/features/products/product-pages.ts'
import { toProductRecord } from '#app/features/products/product-record.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/dscr'

export async function loader({ context }: Route.LoaderArgs) {
	const { dscr } = await context.get(servicesContext).content.get('loanProducts')
	return toProductRecord(dscr)
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.dscr, siteIdentity(matches))

export default function DscrLoansPage({ loaderData }: Route.ComponentProps) {
	return <ProductPage product={loaderData} copy={productPages.dscr} />
}
