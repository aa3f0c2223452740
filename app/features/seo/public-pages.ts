import { BORROW_QUERY } from '#app/features/calculator/borrow.ts'
import type { DscrInputs } from '#app/features/calculator/mortgage.ts'
import type { LoanProductKey } from '#app/features/content/content-schemas.ts'
import { fillFigures, type ProductFigures } from '#app/features/products/figures.ts'
import type { PageSeo } from './page-meta.ts'

/**
 * Every indexable public page: its SEO text, used by the page's meta, the sitemap and the tests.
 * Figures are tokens ("{dscr.minRate}") filled in from the loan-products record by `withFigures`.
 */
export const publicPages = {
	home: {
		path: '/',
		title: 'Real Estate Investor Loans | DSCR, Bridge, Fix & Flip',
		description:
			'DSCR, bridge, fix and flip and construction loans for real estate investors nationwide. Wholesale rates, no income docs, 24-hour pre-approval.',
		keywords: 'DSCR loans, investor loans, bridge loans, fix and flip loans, construction loans, rental property loans',
	},
	dscr: {
		path: '/dscr-loans',
		title: 'DSCR Loans for Rental Properties',
		description:
			'Qualify on rental income, not tax returns. DSCR loans up to {dscr.maxLoan} with rates from {dscr.minRate}, a True No Ratio option and closing in 15-21 days.',
		keywords: 'DSCR loan, debt service coverage ratio loan, no income verification mortgage, rental property loan, no ratio loan',
	},
	bridge: {
		path: '/bridge-loans',
		title: 'Bridge Loans for Real Estate Investors',
		description:
			'Short-term bridge financing that closes in 3-7 days, up to {bridge.maxLTV} LTV, terms of {bridge.termRange}, rates from {bridge.minRate}.',
		keywords: 'bridge loan, short-term bridge loan, investor bridge financing, hard money alternative',
	},
	fixFlip: {
		path: '/fix-flip-loans',
		title: 'Fix and Flip Loans',
		description:
			'Fix and flip financing up to {fixFlip.maxLTV} of purchase and {fixFlip.maxRehab} of rehab, up to {fixFlip.maxARV} of ARV, interest-only terms up to {fixFlip.maxTerm}.',
		keywords: 'fix and flip loan, rehab loan, renovation loan for investors, flip financing',
	},
	construction: {
		path: '/construction-loans',
		title: 'Ground-Up Construction Loans',
		description:
			'Ground-up construction loans from {construction.minLoan} to {construction.maxLoan}, up to {construction.maxLTV} of project cost, terms of {construction.termRange}.',
		keywords: 'construction loan, ground-up construction financing, spec home loan, builder loan',
	},
	calculator: {
		path: '/dscr-calculator',
		title: 'DSCR Calculator',
		description: 'Calculate the debt service coverage ratio of a rental property: monthly payment, DSCR and how lenders rate it.',
		keywords: 'DSCR calculator, debt service coverage ratio calculator, rental property calculator',
		// Without JavaScript the calculator is a GET form, calculated by the server from these; "What could I borrow"
		// is a second one, priced from the rate sheet (the content version in the cache key covers a new sheet).
		query: [
			...(['monthlyRent', 'loanAmount', 'interestRate', 'loanTermYears', 'monthlyExpenses'] satisfies (keyof DscrInputs)[]),
			...BORROW_QUERY,
		],
	},
	contact: {
		path: '/contact',
		title: 'Contact Us',
		description: 'Talk to a loan officer about DSCR, bridge, fix and flip or construction financing. Monday to Friday, 8:00 AM to 7:00 PM.',
		keywords: 'contact lender, investor loan officer, DSCR lender contact',
	},
	florida: {
		path: '/dscr-cash-out-florida',
		title: 'Florida DSCR Cash-Out Refinance',
		description:
			'Florida DSCR cash-out refinance: up to {dscr.maxCashOutLTV} cash out, no income docs, no lease required, rates from {dscr.minRate}, close in 15 days.',
		keywords: 'Florida DSCR loan, Florida cash-out refinance, DSCR cash out Florida, Florida investment property loan',
	},
	privacy: {
		path: '/privacy-policy',
		title: 'Privacy Policy',
		description: 'How we collect, use and protect your personal information, including messaging consent and accessibility.',
		keywords: 'privacy policy, SMS consent, data protection',
	},
	terms: {
		path: '/terms-of-service',
		title: 'Terms of Service',
		description: 'The terms that govern your use of this website and our messaging programs.',
		keywords: 'terms of service, terms and conditions, SMS terms',
	},
	quote: {
		path: '/fast-quote',
		title: 'Get Your Fast Quote',
		description: 'Answer a few questions and get a personalised investor loan quote in under 60 seconds.',
		keywords: 'investor loan quote, DSCR quote, fast quote',
	},
} satisfies Record<string, PageSeo>

export type PublicPageKey = keyof typeof publicPages

/** Each public page's path and the query parameters its render reads: what the render cache keys on. */
export const renderedPages: ReadonlyMap<string, readonly string[]> = new Map(
	Object.values(publicPages).map((page: PageSeo) => [page.path, page.query ?? []]),
)

/** A page's SEO text with its figures filled in from the loan products it names. */
export function withFigures(page: PageSeo, products: Partial<Record<LoanProductKey, ProductFigures>>): PageSeo {
	return { ...page, title: fillFigures(page.title, products), description: fillFigures(page.description, products) }
}
