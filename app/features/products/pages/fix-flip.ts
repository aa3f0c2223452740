import type { ProductPageCopy } from '../product-page-copy.ts'

export const fixFlipPage: ProductPageCopy = {
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
