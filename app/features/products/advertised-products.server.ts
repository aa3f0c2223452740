import type { ContentStore } from '#app/features/content/content.server.ts'
import { advertisedProducts } from './sheet-figures.ts'

/** The loan products the public pages print: the record with the current rate sheet's "from" rates and max LTVs (docs/decisions/0067). */
export async function loadAdvertisedProducts(content: Pick<ContentStore, 'getMany'>) {
	const { loanProducts, rateSheet } = await content.getMany(['loanProducts', 'rateSheet'])
	return advertisedProducts(loanProducts, rateSheet)
}
