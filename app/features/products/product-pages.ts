import type { LoanProductKey } from '#app/features/content/content-schemas.ts'

/** Icons the benefits grid can show; the page component maps each name to an icon. */
export type BenefitIcon =
	| 'building'
	| 'calendar'
	| 'clock'
	| 'fileCheck'
	| 'hammer'
	| 'home'
	| 'key'
	| 'layers'
	| 'percent'
	| 'trendingUp'
	| 'users'
	| 'wallet'
	| 'zap'

export type ProcessStep = { title: string; text: string }

/**
 * The static copy of one product page (spec 1 §2). The hero title and description, features and terms
 * come from the staff-editable loan product record; every rate, LTV, loan amount and term in the copy
 * is a token ("{bridge.maxLTV}") filled in from that record (docs/decisions/0033).
 */
export type ProductPageCopy = {
	/** Short label above the hero title. */
	eyebrow: string
	explanation: {
		heading: string
		paragraphs: string[]
		idealFor: string[]
		link?: { to: string; label: string }
	}
	benefits: { heading: string; items: { icon: BenefitIcon; title: string; text: string }[] }
	process: { heading: string; steps: readonly [ProcessStep, ProcessStep, ProcessStep, ProcessStep, ProcessStep] }
	qualifications: { heading: string; intro: string; items: string[] }
	termsHeading: string
	/** The first rows of the terms card: the record's figures. */
	figureTerms: { label: string; value: string }[]
	faq: { question: string; answer: string }[]
	cta: { heading: string; text: string }
}

// spec 1 §9 marketing figures; the DSCR down payment is the record's minimum, 100 − max LTV (docs/decisions/0050).
const dscr: ProductPageCopy = {
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

const bridge: ProductPageCopy = {
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

const fixFlip: ProductPageCopy = {
	eyebrow: 'Purchase & Rehab Financing',
	explanation: {
		heading: 'What Is a Fix and Flip Loan?',
		paragraphs: [
			'A fix and flip loan is short-term financing for investors who buy a property, renovate it and sell it for a profit. One loan covers both the purchase and the renovation budget, so you can take on more projects without tying up all of your capital.',
			'We finance up to {fixFlip.maxLTV} of the purchase price and up to {fixFlip.maxRehab} of the rehab costs, with the total loan capped at {fixFlip.maxARV} of the after-repair value (ARV). Rehab funds are released through draws as the work is completed, and interest-only payments keep your carrying costs down while you renovate.',
			'Terms run up to {fixFlip.maxTerm}, giving you time to finish the work, list the property and sell. Most loans close in 2-3 weeks.',
		],
		idealFor: [
			'Investors renovating properties for resale',
			'Experienced flippers running several projects at once',
			'Newer investors with a detailed budget and a reliable contractor',
			'Buyers of distressed or outdated properties',
		],
	},
	benefits: {
		heading: 'Why Investors Choose Our Fix & Flip Loans',
		items: [
			{
				icon: 'home',
				title: 'Up to {fixFlip.maxLTV} of Purchase',
				text: 'Keep more cash in your pocket with high-leverage purchase financing.',
			},
			{
				icon: 'hammer',
				title: 'Up to {fixFlip.maxRehab} of Rehab',
				text: 'Finance the full renovation budget, released through draws as the work is completed.',
			},
			{
				icon: 'trendingUp',
				title: 'Sized on After-Repair Value',
				text: 'Loans are sized on up to {fixFlip.maxARV} of ARV, so the value you create counts.',
			},
			{ icon: 'wallet', title: 'Interest-Only Payments', text: 'Lower monthly payments while the property is under renovation.' },
			{ icon: 'calendar', title: 'Terms up to {fixFlip.maxTerm}', text: 'Enough time to renovate, market and sell without pressure.' },
			{ icon: 'layers', title: 'Simple Draws', text: 'Request a draw, pass a quick inspection and get funds for completed work.' },
		],
	},
	process: {
		heading: 'Five Steps from Purchase to Payoff',
		steps: [
			{ title: 'Request a Quote', text: 'Tell us the purchase price, your rehab budget and the estimated after-repair value.' },
			{
				title: 'Get Your Terms',
				text: 'Your loan officer sizes the loan on the purchase, rehab and ARV and issues a pre-approval within 24 hours.',
			},
			{ title: 'Share Your Scope of Work', text: 'Send the purchase contract, a line-item rehab budget and your contractor’s details.' },
			{ title: 'Valuation and Closing', text: 'We order an as-is and after-repair valuation and close in 2-3 weeks.' },
			{ title: 'Renovate with Draws', text: 'Request draws as milestones are finished, then sell the property and repay the loan.' },
		],
	},
	qualifications: {
		heading: 'Do You Qualify?',
		intro: 'Fix and flip loans are sized on the deal. You are a strong candidate if you have:',
		items: [
			'A property under contract with a realistic after-repair value',
			'A detailed rehab budget and scope of work',
			'Cash for a down payment of as little as {fixFlip.minDown} of the purchase price, plus closing costs',
			'A total loan amount within {fixFlip.maxARV} of the after-repair value',
			'A plan to complete the renovation and sell within {fixFlip.maxTerm}',
		],
	},
	termsHeading: 'Fix & Flip Loan Terms',
	figureTerms: [
		{ label: 'Rates from', value: '{fixFlip.minRate}' },
		{ label: 'Purchase', value: 'Up to {fixFlip.maxLTV}' },
		{ label: 'Loan amounts', value: '{fixFlip.minLoan}-{fixFlip.maxLoan}' },
		{ label: 'Terms', value: 'Up to {fixFlip.maxTerm}' },
	],
	faq: [
		{
			question: 'How much of the purchase and rehab can you finance?',
			answer:
				'We finance up to {fixFlip.maxLTV} of the purchase price and up to {fixFlip.maxRehab} of the rehab budget, as long as the total loan stays within {fixFlip.maxARV} of the after-repair value (ARV).',
		},
		{
			question: 'What is ARV and how is it determined?',
			answer:
				'After-repair value is the estimated market value of the property once the renovation is complete. The appraiser determines it from your scope of work and recent sales of comparable renovated homes nearby.',
		},
		{
			question: 'How do rehab draws work?',
			answer:
				'Rehab funds are set aside at closing and released in draws as the work is completed. You request a draw, we verify the progress with a quick inspection, and the funds are sent out promptly.',
		},
		{
			question: 'Are the payments interest-only?',
			answer: 'Yes. Payments are interest-only for the whole term, which keeps your carrying costs low while you renovate and sell.',
		},
		{
			question: 'How long is the loan term?',
			answer:
				'Terms run up to {fixFlip.maxTerm}. Most investors finish the renovation and sell well before the term ends, repaying the loan from the sale proceeds.',
		},
		{
			question: 'How quickly can I close?',
			answer: 'Most fix and flip loans close in 2-3 weeks from a signed purchase contract and a complete scope of work.',
		},
		{
			question: 'Do I need flipping experience?',
			answer:
				'Experience helps, but it is not the only factor. Newer investors can qualify with a solid budget, a qualified contractor and a realistic after-repair value.',
		},
	],
	cta: {
		heading: 'Ready to Fund Your Next Flip?',
		text: 'Share your deal and get purchase and rehab financing terms within 24 hours.',
	},
}

const construction: ProductPageCopy = {
	eyebrow: 'Ground-Up Construction',
	explanation: {
		heading: 'What Is a Ground-Up Construction Loan?',
		paragraphs: [
			'A ground-up construction loan finances a new building from the foundation up, whether a single spec home, a build-to-rent project or a small multifamily development. Instead of one lump sum, the funds are released in draws that follow your construction schedule.',
			'We finance up to {construction.maxLTV} of the total project cost, with loan amounts from {construction.minLoan} to {construction.maxLoan} and terms of {construction.termRange}. Rates start from {construction.minRate}, depending on the project, the leverage and your building experience.',
			'When construction is complete, you repay the loan by selling the finished property or refinance into long-term rental financing such as a DSCR loan.',
		],
		idealFor: [
			'Builders and developers of spec homes',
			'Investors building single-family or small multifamily rentals',
			'Build-to-rent projects',
			'Owners of land that is ready for construction',
		],
	},
	benefits: {
		heading: 'Why Builders Choose Our Construction Loans',
		items: [
			{
				icon: 'building',
				title: 'Up to {construction.maxLTV} of Project Cost',
				text: 'Preserve capital for your next project with financing for most of the build.',
			},
			{
				icon: 'wallet',
				title: 'Loans from {construction.minLoan} to {construction.maxLoan}',
				text: 'Loan amounts for everything from a single infill home to a small development.',
			},
			{ icon: 'calendar', title: 'Terms of {construction.termRange}', text: 'Time to build, finish and then sell or lease the property.' },
			{
				icon: 'layers',
				title: 'Draws That Follow Your Build',
				text: 'Funds are released at each milestone, so you pay for construction as it happens.',
			},
			{
				icon: 'users',
				title: 'Dedicated Loan Officer',
				text: 'One point of contact who understands construction timelines, from quote to final draw.',
			},
			{
				icon: 'trendingUp',
				title: 'Path to Permanent Financing',
				text: 'Refinance the finished rental into a DSCR loan with the same team.',
			},
		],
	},
	process: {
		heading: 'Five Steps from Plans to Completion',
		steps: [
			{ title: 'Request a Quote', text: 'Tell us about the land, the plans, the budget and your timeline.' },
			{ title: 'Project Review', text: 'Your loan officer reviews the budget, plans and your team, then issues terms within 24 hours.' },
			{
				title: 'Submit Plans and Budget',
				text: 'Provide plans, permits or permit status, a line-item budget, the construction schedule and your builder’s details.',
			},
			{ title: 'Valuation and Closing', text: 'We order an as-completed valuation, finalize the draw schedule and close the loan.' },
			{
				title: 'Build with Draws',
				text: 'Request a draw as each milestone is completed; we inspect and release funds quickly to keep your build on schedule.',
			},
		],
	},
	qualifications: {
		heading: 'Do You Qualify?',
		intro: 'Construction loans are underwritten on the project and the team behind it. You are a strong candidate if you have:',
		items: [
			'Land owned or under contract and zoned for the planned project',
			'Approved plans and permits, or permits in process',
			'A detailed construction budget and schedule',
			'A licensed and insured general contractor, or verifiable building experience',
			'Equity or cash for at least {construction.minDown} of the total project cost',
			'A loan amount between {construction.minLoan} and {construction.maxLoan}',
			'An exit plan: a sale of the finished property or a refinance into long-term financing',
		],
	},
	termsHeading: 'Construction Loan Rates & Terms',
	figureTerms: [
		{ label: 'Rates from', value: '{construction.minRate}' },
		{ label: 'Financing', value: 'Up to {construction.maxLTV} of cost' },
		{ label: 'Loan amounts', value: '{construction.minLoan}-{construction.maxLoan}' },
		{ label: 'Terms', value: '{construction.termRange}' },
	],
	faq: [
		{
			question: 'How much of my project can you finance?',
			answer:
				'We finance up to {construction.maxLTV} of the total project cost. You contribute the remaining {construction.minDown}; your loan officer will confirm how land you already own counts toward it.',
		},
		{
			question: 'What are the rates on construction loans?',
			answer:
				'Construction loan rates start from {construction.minRate}, depending on the project, the leverage and your building experience.',
		},
		{
			question: 'How do construction draws work?',
			answer:
				'The loan is funded in stages that follow an agreed draw schedule. When a milestone is complete, you request a draw, an inspector confirms the work, and the funds are released.',
		},
		{
			question: 'How long is the loan term?',
			answer: 'Terms run {construction.termRange}, matched to your construction schedule and your plan to sell or refinance.',
		},
		{
			question: 'What size projects do you finance?',
			answer:
				'Loan amounts range from {construction.minLoan} to {construction.maxLoan}, covering single-family homes, townhomes, duplexes and small multifamily projects.',
		},
		{
			question: 'What happens when construction is finished?',
			answer:
				'You repay the loan by selling the property or refinancing it. If you plan to keep the finished property as a rental, our DSCR loans qualify on its rental income, with no tax returns.',
		},
	],
	cta: {
		heading: 'Ready to Break Ground?',
		text: 'Send us your project details and get construction financing terms within 24 hours.',
	},
}

/** Static copy of the four product pages, keyed like the loan product records. */
export const productPages: Record<LoanProductKey, ProductPageCopy> = { dscr, bridge, fixFlip, construction }
