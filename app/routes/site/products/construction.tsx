import { ProductPage } from '#app/components/site/product/product-page.tsx'
import { servicesContext } from '#app/context.ts'
import { productPages } from '#app/features/products/product-pages.ts'
import { toProductRecord } from '#app/features/products/product-record.ts'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/construction'

export async function loader({ context }: Route.LoaderArgs) {
	const { construction } = await context.get(servicesContext).content.get('loanProducts')
	return toProductRecord(construction)
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.construction, siteIdentity(matches))

export default function ConstructionLoansPage({ loaderData }: Route.ComponentProps) {
	return <ProductPage product={loaderData} copy={productPages.construction} />
}
