import type { ProductPageCopy } from '../product-page-copy.ts'

export const bridgePage: ProductPageCopy = {
	eyebrow: 'Short-Term Financing',
	explanation: {
		heading: 'What Is a Bridge Loan?',
		paragraphs: [
			'A bridge loan is short-term financing that lets you act on an opportunity now and arrange long-term money later. Investors use bridge loans to buy before another property sells, compete with cash offers, acquire a property that does not yet qualify for permanent financing, or free up equity for the next acquisition.',
			'Our bridge loans close in as little as 3-7 days, lend up to {bridge.maxLTV} of the property’s value and run {bridge.termRange} with interest-only payments, keeping your monthly cost low while you stabilize, reposition or sell.',
			'When the term ends, you repay the loan from the sale of the property or refinance into long-term financing such as a DSCR loan, which our team can plan with you from day one.',
		],
		idealFor: [
			'Buying a new property before selling another',
			'Competing with cash buyers on tight deadlines',
			'Properties that need light repositioning or lease-up',
			'Pulling out equity quickly for the next purchase',
		],
	},
	benefits: {
		heading: 'Why Investors Choose Our Bridge Loans',
		items: [
			{ icon: 'zap', title: 'Close in 3-7 Days', text: 'Fast underwriting and quick decisions let you close in days, not months.' },
			{
				icon: 'percent',
				title: 'Up to {bridge.maxLTV} LTV',
				text: 'Borrow up to {bridge.maxLTV} of the property’s value and keep more of your cash available.',
			},
			{
				icon: 'calendar',
				title: 'Terms of {bridge.termRange}',
				text: 'Choose a term that fits your plan, with room to stabilize, lease up or sell.',
			},
			{ icon: 'wallet', title: 'Interest-Only Payments', text: 'Lower monthly payments protect your cash flow during the bridge period.' },
			{
				icon: 'fileCheck',
				title: 'Asset-Based Approval',
				text: 'Approval centers on the property and your exit strategy, not your personal income.',
			},
			{
				icon: 'trendingUp',
				title: 'A Clear Exit',
				text: 'Refinance into one of our DSCR loans once the property is stabilized and rented.',
			},
		],
	},
	process: {
		heading: 'Five Steps to a Fast Closing',
		steps: [
			{ title: 'Request a Quote', text: 'Share the property, the purchase price or value and your timeline in our quick quote form.' },
			{
				title: 'Review Your Exit Plan',
				text: 'Your loan officer reviews the deal and your plan to sell or refinance, then issues terms within 24 hours.',
			},
			{ title: 'Send Documents', text: 'Provide the purchase contract or payoff statement, proof of funds and your entity documents.' },
			{ title: 'Valuation and Title', text: 'We order the valuation and title work right away and underwrite while they are in progress.' },
			{ title: 'Close in Days', text: 'Sign and fund in as little as 3-7 days, so you never miss a deadline.' },
		],
	},
	qualifications: {
		heading: 'Do You Qualify?',
		intro: 'Bridge loans are underwritten on the property and your plan for it. You are a good fit if you have:',
		items: [
			'A credit score of {bridge.minCredit} or higher',
			'A non-owner-occupied investment property as collateral',
			'Enough equity or down payment to keep the loan within {bridge.maxLTV} LTV',
			'A clear exit: a sale or a refinance within {bridge.termRange}',
			'Funds to cover closing costs',
		],
	},
	termsHeading: 'Bridge Loan Rates & Terms',
	figureTerms: [
		{ label: 'Rates from', value: '{bridge.minRate}' },
		{ label: 'Max LTV', value: '{bridge.maxLTV}' },
		{ label: 'Loan amounts', value: '{bridge.minLoan}-{bridge.maxLoan}' },
		{ label: 'Terms', value: '{bridge.termRange}' },
	],
	faq: [
		{
			question: 'How fast can a bridge loan close?',
			answer:
				'Most of our bridge loans close in 3-7 days once we have the purchase contract, title and a valuation. Sending your documents early is the surest way to close on the fastest timeline.',
		},
		{
			question: 'What are the interest rates on bridge loans?',
			answer:
				'Bridge loan rates start from {bridge.minRate} and depend on the leverage, the property, your credit and your investing experience. Payments are interest-only, which keeps your monthly cost predictable.',
		},
		{
			question: 'How much can I borrow?',
			answer:
				'We lend up to {bridge.maxLTV} of the property’s value (LTV), with loans from {bridge.minLoan} to {bridge.maxLoan}. The exact amount depends on the property type, its condition and your credit profile.',
		},
		{
			question: 'What credit score do I need?',
			answer:
				'A credit score of {bridge.minCredit} or higher. Because approval is asset-based, the property and your exit strategy matter as much as your score.',
		},
		{
			question: 'What happens at the end of the term?',
			answer:
				'You repay the loan by selling the property or refinancing into long-term financing. Many clients refinance into a DSCR loan with us. If your plans change, talk to your loan officer early so we can help you find the best path.',
		},
	],
	cta: {
		heading: 'Need to Close Fast?',
		text: 'Tell us about your deal and get bridge loan terms within 24 hours.',
	},
}
