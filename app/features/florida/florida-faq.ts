export type FaqItem = { question: string; answer: string }

/**
 * spec 2 §2 and §9: the Florida DSCR FAQ, shown as the page's accordion and as its FAQPage
 * structured data. Answers carry no brand values; their rates and LTVs are tokens filled in from the
 * DSCR loan product (`fillFiguresDeep`, docs/decisions/0033).
 */
export const floridaFaq: readonly FaqItem[] = [
	{
		question: 'What is a DSCR cash-out refinance in Florida?',
		answer:
			'A DSCR cash-out refinance replaces the current loan on a Florida rental property with a larger one and pays you the difference in cash. We qualify the loan on the debt service coverage ratio, the property’s rent divided by its monthly housing payment, instead of your personal income, tax returns or W-2s.',
	},
	{
		question: 'How much cash can I take out of my Florida rental property?',
		answer:
			'You can borrow up to {dscr.maxCashOutLTV} of the property’s appraised value on a cash-out refinance. The cash you receive is the new loan amount minus your existing payoff, closing costs and any required reserves.',
	},
	{
		question: 'What are current Florida DSCR loan rates?',
		answer:
			'Florida DSCR rates start from {dscr.minRate}. Your rate depends on your credit score, loan-to-value, DSCR, property type, loan amount and the prepayment option you choose. A free quote shows your personalized rate and takes under 60 seconds.',
	},
	{
		question: 'Do I need to provide tax returns or pay stubs?',
		answer:
			'No. DSCR loans require no personal income documentation: no tax returns, W-2s, pay stubs or employment verification. We look at the property’s income, your credit and your assets for reserves.',
	},
	{
		question: 'Do I need a signed lease to qualify?',
		answer:
			'No lease is required. If the property is vacant or between tenants, we qualify it using the market rent from the appraiser’s rent schedule, which makes the program a good fit for recently renovated homes and short-term rentals.',
	},
	{
		question: 'What is the minimum DSCR for a Florida DSCR loan?',
		answer:
			'The minimum DSCR is {dscr.minDscr}, meaning the rent covers the full monthly payment of principal, interest, taxes, insurance and any association dues. A DSCR of {dscr.betterDscr} or higher qualifies for better pricing and terms.',
	},
	{
		question: 'How is rental income calculated for qualification?',
		answer:
			'We use {dscr.rentCounted} of the property’s market rent (or of the lease amount, when a lease is in place) to qualify. The {dscr.rentAllowance} allowance covers vacancy, maintenance and management costs, so the ratio reflects what the property realistically earns.',
	},
	{
		question: 'What credit score do I need?',
		answer:
			'The minimum credit score is {dscr.minCredit}. Borrowers with a score of {dscr.bestCredit} or higher receive the best rates and the highest loan-to-value options.',
	},
	{
		question: 'How much do I need for a down payment?',
		answer:
			'Purchases require a down payment of at least {dscr.minDown}, depending on credit, property type and DSCR. Refinances, including cash-out refinances, go up to {dscr.maxRefinanceLTV} LTV.',
	},
	{
		question: 'How fast can I close a Florida DSCR cash-out refinance?',
		answer:
			'Most Florida DSCR loans close in 15 to 21 days from application. Timing depends mainly on the appraisal, title work and how quickly documents are returned, and your loan officer keeps you updated at every step.',
	},
	{
		question: 'How quickly can I get pre-approved?',
		answer:
			'We guarantee a pre-approval decision within 24 hours of receiving your completed application, so you can move quickly on refinances and new acquisitions.',
	},
	{
		question: 'What types of Florida properties qualify?',
		answer:
			'Eligible properties include single-family rentals, condos and townhomes, 2-4 unit properties, small commercial properties of 5-10 units and mixed-use buildings. Long-term and short-term rentals both qualify, and non-warrantable condos are considered case by case.',
	},
	{
		question: 'Can I finance several Florida rentals with one loan?',
		answer:
			'Yes. Portfolio and blanket loans let you refinance several rental properties under a single loan with one closing and one monthly payment, and you can pull cash out of the whole portfolio at once.',
	},
	{
		question: 'Are there prepayment penalties?',
		answer:
			'Some programs carry a prepayment penalty, and it is limited to the first {dscr.prepaymentYears} years of the loan. Your loan officer will show you each prepayment option side by side so you can weigh a lower rate against more flexibility to sell or refinance.',
	},
	{
		question: 'Can I close in the name of an LLC?',
		answer:
			'Yes. Most investors close in the name of an LLC or other business entity to separate their rentals from their personal finances. DSCR loans are business-purpose loans for investment properties only and cannot be used for a home you live in.',
	},
]
