import type { ProductPageCopy } from '../product-page-copy.ts'

export const constructionPage: ProductPageCopy = {
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
