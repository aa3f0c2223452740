import type { ProductPageCopy } from '../product-page-copy.ts'

// spec 1 §9 marketing figures; the DSCR down payment is the record's minimum, 100 − max LTV (docs/decisions/0050).
export const dscrPage: ProductPageCopy = {
	eyebrow: 'Rental Property Financing',
	explanation: {
		heading: 'What Is a DSCR Loan?',
		paragraphs: [
			'A debt service coverage ratio (DSCR) loan is a mortgage for investment property that qualifies on the income the property produces, not on your personal income. Instead of tax returns, W-2s or pay stubs, we compare the monthly rent with the monthly housing payment: principal, interest, taxes, insurance and any association dues.',
			'Divide the rent by that payment and you have the DSCR. A ratio of 1.0 means the rent covers the payment exactly, and anything above 1.0 means the property cash flows. Our programs accept a minimum ratio of {dscr.minDscr}, and our True No Ratio option can qualify a property with no rental income at all.',
			'Because approval follows the property, DSCR loans suit self-employed investors, owners with complex tax returns and anyone growing a portfolio faster than their returns can show. Finance single-family rentals, 2-4 unit properties, condos and townhomes, in your own name or in an LLC.',
		],
		idealFor: [
			'Self-employed investors and business owners',
			'Investors growing a portfolio of rental properties',
			'Purchases, cash-out refinances and rate-and-term refinances',
			'Investors who prefer to hold property in an LLC',
		],
		link: { to: '/dscr-calculator', label: 'Calculate your DSCR' },
	},
	benefits: {
		heading: 'Why Investors Choose Our DSCR Loans',
		items: [
			{
				icon: 'fileCheck',
				title: 'No Tax Returns',
				text: 'Qualify on the property’s rental income. No tax returns, W-2s, pay stubs or employment verification.',
			},
			{
				icon: 'key',
				title: 'True No Ratio Option',
				text: 'No rental income yet? Our True No Ratio program qualifies the loan without using rent at all.',
			},
			{
				icon: 'trendingUp',
				title: 'Built to Scale',
				text: 'Each property qualifies on its own cash flow, so your personal debt-to-income ratio never limits your next purchase.',
			},
			{
				icon: 'wallet',
				title: 'Loans up to {dscr.maxLoan}',
				text: 'Finance a single rental home or a larger property with loan amounts up to {dscr.maxLoan}.',
			},
			{
				icon: 'clock',
				title: 'Close in 15-21 Days',
				text: 'A streamlined file and a dedicated loan officer keep most DSCR loans on track to close in 15-21 days.',
			},
			{
				icon: 'building',
				title: 'Close in Your LLC',
				text: 'Take title in an LLC or other business entity to keep your investments separate from your personal finances.',
			},
		],
	},
	process: {
		heading: 'Five Steps from Quote to Closing',
		steps: [
			{ title: 'Request a Quote', text: 'Tell us about the property, the rent and your goals in our quick online quote form.' },
			{ title: 'Get Pre-Approved', text: 'A dedicated loan officer reviews your scenario and issues a pre-approval within 24 hours.' },
			{
				title: 'Send Property Documents',
				text: 'Provide the lease or expected rent, proof of your down payment and your entity documents if closing in an LLC. No tax returns.',
			},
			{
				title: 'Appraisal and Underwriting',
				text: 'We order the appraisal with a market rent schedule, confirm the DSCR and clear conditions quickly.',
			},
			{ title: 'Close and Fund', text: 'Sign your closing documents and fund in as little as 15-21 days.' },
		],
	},
	qualifications: {
		heading: 'Do You Qualify?',
		intro: 'DSCR guidelines focus on the property and your down payment rather than your income. You are a strong fit if you have:',
		items: [
			'A credit score of {dscr.minCredit} or higher',
			'A down payment of at least {dscr.minDown} of the purchase price, or equivalent equity for a refinance',
			'A DSCR of {dscr.minDscr} or higher, or no rental income at all with the True No Ratio option',
			'A non-owner-occupied investment property: single-family, 2-4 units, condo or townhome',
			'Cash reserves to cover a few months of payments',
			'A loan amount of up to {dscr.maxLoan}',
		],
	},
	termsHeading: 'DSCR Rates & Terms',
	figureTerms: [
		{ label: 'Rates from', value: '{dscr.minRate}' },
		{ label: 'Max LTV', value: '{dscr.maxLTV}' },
		{ label: 'Loan amounts', value: '{dscr.minLoan}-{dscr.maxLoan}' },
		{ label: 'Term', value: '{dscr.termRange}' },
		{ label: 'Down payment', value: 'From {dscr.minDown}' },
	],
	faq: [
		{
			question: 'What DSCR do I need to qualify?',
			answer:
				'Our programs accept a ratio as low as {dscr.minDscr}, which means the rent covers the full monthly payment. A higher ratio usually earns better pricing. If the property falls short of {dscr.minDscr}, the True No Ratio option may still qualify it.',
		},
		{
			question: 'Do I need to provide tax returns or pay stubs?',
			answer:
				'No. DSCR loans qualify on the property’s rental income, so we never ask for tax returns, W-2s or pay stubs. We verify your credit, the funds for your down payment and reserves, and the property’s rent.',
		},
		{
			question: 'What is the True No Ratio option?',
			answer:
				'True No Ratio is a DSCR program that does not use rental income to qualify. It suits vacant properties, units being prepared for rent and properties whose rent is below the payment. Pricing reflects the added flexibility.',
		},
		{
			question: 'How much do I need for a down payment?',
			answer:
				'Plan on a down payment of at least {dscr.minDown}; how much depends on your credit score, the property type and the DSCR. For a refinance, the same applies as equity in the property.',
		},
		{
			question: 'How is the rental income determined?',
			answer:
				'For a leased property we use the current lease. For a vacant property or a purchase, the appraiser provides a market rent schedule based on comparable rentals nearby.',
		},
		{
			question: 'How long does it take to close?',
			answer:
				'Most DSCR loans close in 15-21 days from a complete application. You are pre-approved within 24 hours, and your loan officer keeps you updated at every step.',
		},
		{
			question: 'Can I close in an LLC?',
			answer:
				'Yes. You can take title in an LLC or other business entity. We review the entity documents during underwriting, and the loan still qualifies on the property’s income.',
		},
	],
	cta: {
		heading: 'Ready to Grow Your Rental Portfolio?',
		text: 'Get a DSCR quote in under 60 seconds and a pre-approval within 24 hours.',
	},
}
