import type { ContentMap } from './content-schemas.ts'
import { DEFAULT_TIME_ZONE } from './time-zone.ts'
import { DEFAULT_DATA_REQUEST_MAIL } from './data-request-mail.ts'
import { SESSION_IDLE_MINUTES, SESSION_LIFETIME_HOURS, TERM_SHEET_DAYS } from './staff-settings.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'

export type BrandOverrides = {
	COMPANY_NAME?: string
	COMPANY_PHONE?: string
	COMPANY_EMAIL?: string
	APPLICATION_HOST?: string
	ADMIN_EMAIL?: string
}

/**
 * The content a fresh installation starts with. Brand values are clearly fictional
 * (555-01xx numbers, example.com) unless the operator sets COMPANY_* at first start.
 */
export function defaultContent(overrides: BrandOverrides = {}): ContentMap {
	const name = overrides.COMPANY_NAME ?? 'Example Lending Co.'
	const email = overrides.COMPANY_EMAIL ?? 'loans@example.com'
	return {
		company: {
			name,
			// Empty: the logo shows the name's own initials, and follows a rename (docs/decisions/0080).
			initials: '',
			tagline: 'Wholesale Rates. Excellent Service.',
			description:
				'A nationwide lender of investment-property loans: DSCR, bridge, fix and flip, and ground-up construction financing for real estate investors.',
			foundedYear: '',
			phone: overrides.COMPANY_PHONE ?? '(949) 555-0142',
			email,
			address: '',
			city: 'San Clemente',
			state: 'California',
			zipCode: '',
			website: '',
			hours: 'Monday to Friday, 8:00 AM to 7:00 PM',
			lenderLicenseId: 'NMLS #0000000',
			realEstateLicenseNumber: 'DRE #00000000',
			licenseLookupUrl: 'https://www.nmlsconsumeraccess.org/',
			mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-117.68%2C33.38%2C-117.56%2C33.47&layer=mapnik',
			applicationHost: overrides.APPLICATION_HOST ?? 'apply.example.com',
			social: { linkedin: '', facebook: '', twitter: '', instagram: '' },
		},
		hero: {
			title: 'Real Estate Investor Loans',
			subtitle: 'Low Rates. No income docs.',
			ctaText: 'Start Quote',
			backgroundImage: '',
		},
		loanProducts: {
			dscr: {
				title: 'DSCR Loans',
				description:
					'Qualify on the rental income of the property, not your tax returns. Includes a True No Ratio option that needs no rental income at all.',
				minRate: 5.875,
				apr: 6.133,
				maxLTV: 80,
				minLoanAmount: 75_000,
				maxLoanAmount: 5_000_000,
				minTermMonths: 360,
				maxTermMonths: 360,
				features: ['No tax returns or W-2s', 'Minimum DSCR {minDscr}', 'True No Ratio option', 'Close in 15-21 days'],
				// Rates, LTV, loan amounts and term are printed from the figures above (docs/decisions/0033).
				terms: [
					{ label: 'Minimum DSCR', value: '{minDscr}' },
					{ label: 'Credit score', value: '{minCredit}+' },
					{ label: 'Closing', value: '15-21 days' },
				],
			},
			bridge: {
				title: 'Bridge Loans',
				description: 'Short-term financing to buy, reposition or refinance quickly while you line up long-term money.',
				minRate: 8,
				maxLTV: 80,
				minLoanAmount: 100_000,
				maxLoanAmount: 3_000_000,
				minTermMonths: 6,
				maxTermMonths: 18,
				features: ['Close in 3-7 days', 'Up to {maxLTV} LTV', 'Terms of {termRange}', 'Interest-only payments'],
				terms: [
					{ label: 'Credit score', value: '{minCredit}+' },
					{ label: 'Closing', value: '3-7 days' },
				],
			},
			construction: {
				title: 'Construction Loans',
				description: 'Ground-up construction financing with a draw schedule that follows your build.',
				minRate: 10,
				maxLTV: 80,
				minLoanAmount: 50_000,
				maxLoanAmount: 5_000_000,
				minTermMonths: 12,
				maxTermMonths: 18,
				features: ['Up to {maxLTV} of project cost', 'Loans {minLoan} to {maxLoan}', 'Terms of {termRange}', 'Draws as you build'],
				terms: [{ label: 'Draws', value: 'As you build' }],
			},
			fixFlip: {
				title: 'Fix & Flip Loans',
				description: 'Purchase and rehab financing for investors who renovate and resell.',
				minRate: 8.75,
				maxLTV: 92.5,
				minLoanAmount: 50_000,
				maxLoanAmount: 2_000_000,
				minTermMonths: 6,
				maxTermMonths: 24,
				features: ['Up to {maxLTV} of purchase', 'Up to {maxRehab} of rehab', 'Interest-only', 'Draws for rehab work'],
				terms: [
					{ label: 'Rehab', value: 'Up to {maxRehab}' },
					{ label: 'Max ARV', value: '{maxARV}' },
					{ label: 'Closing', value: '2-3 weeks' },
				],
			},
		},
		testimonials: [
			{
				id: 't1',
				name: 'Michael R.',
				role: 'Real Estate Investor',
				company: '',
				location: 'Austin, TX',
				content: 'Closed my DSCR refinance in under three weeks. No tax returns, no headaches, and my loan officer answered every call.',
				rating: 5,
				featured: true,
			},
			{
				id: 't2',
				name: 'Sarah L.',
				role: 'Portfolio Owner',
				company: '',
				location: 'Tampa, FL',
				content:
					'The rates beat what my bank offered and the pre-approval came the next morning. I have financed four rentals with them since.',
				rating: 5,
				featured: true,
			},
			{
				id: 't3',
				name: 'David K.',
				role: 'House Flipper',
				company: '',
				location: 'Phoenix, AZ',
				content:
					'Their bridge loan let me close a cash-offer deal in five days. Draws were paid quickly and the process was clear from start to finish.',
				rating: 5,
				featured: false,
			},
		],
		recentFundings: [
			{ id: 'f1', propertyType: 'Single Family Rental', location: 'Dallas, TX', loanAmount: '$425,000', timeline: '18 days' },
			{ id: 'f2', propertyType: 'Fourplex', location: 'Cleveland, OH', loanAmount: '$612,000', timeline: '21 days' },
			{ id: 'f3', propertyType: 'Short-Term Rental', location: 'Gatlinburg, TN', loanAmount: '$780,000', timeline: '16 days' },
			{ id: 'f4', propertyType: 'Fix & Flip', location: 'Atlanta, GA', loanAmount: '$310,000', timeline: '9 days' },
			{ id: 'f5', propertyType: 'Condo Portfolio', location: 'Miami, FL', loanAmount: '$1,250,000', timeline: '24 days' },
			{ id: 'f6', propertyType: 'Bridge Purchase', location: 'Phoenix, AZ', loanAmount: '$540,000', timeline: '6 days' },
		],
		settings: {
			siteDescription: 'DSCR, bridge, fix and flip and construction loans for real estate investors, nationwide.',
			adminEmail: overrides.ADMIN_EMAIL ?? email,
			enableNotifications: true,
			enableAnalytics: false,
			maintenanceMode: false,
			requireTwoFactor: true,
			twoFactorOff: null,
			quoteButtonTarget: 'wizard',
			timeZone: DEFAULT_TIME_ZONE,
			staffMail: { detail: 'minimal' },
			sessionIdleMinutes: SESSION_IDLE_MINUTES.default,
			sessionLifetimeHours: SESSION_LIFETIME_HOURS.default,
			termSheetDays: TERM_SHEET_DAYS.default,
		},
		rateSheet: structuredClone(SEED_RATE_SHEET),
		// docs/decisions/0090: the longest the Safeguards Rule allows without a reason; consent for the TCPA's 4 years and one more.
		retention: { leadMonths: 24, contactMonths: 24, consentYears: 5, longerReason: '' },
		dataRequestMail: structuredClone(DEFAULT_DATA_REQUEST_MAIL),
	}
}
