import type { LoanProductKey } from '#app/features/content/content-schemas.ts'
import { bridgePage } from './pages/bridge.ts'
import { constructionPage } from './pages/construction.ts'
import { dscrPage } from './pages/dscr.ts'
import { fixFlipPage } from './pages/fix-flip.ts'
import type { ProductPageCopy } from './product-page-copy.ts'

export type { BenefitIcon, ProcessStep, ProductPageCopy } from './product-page-copy.ts'

/** Static copy of the four product pages, keyed like the loan product records. */
export const productPages: Record<LoanProductKey, ProductPageCopy> = {
	dscr: dscrPage,
	bridge: bridgePage,
	fixFlip: fixFlipPage,
	construction: constructionPage,
}
