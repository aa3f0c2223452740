import type { RateSheet } from './rate-sheet.ts'

const offered = (adjustment: string) => ({ offered: true, adjustment })
const terms = (rate: string, points: string) => ({ rate, points })
/** The bridge and fix & flip grids' rows and columns. */
const PROJECT_EXPERIENCE_TIERS = [
	{ from: 0, label: 'New investor' },
	{ from: 1, label: '1-4 projects' },
	{ from: 5, label: '5+ projects' },
]
const SHORT_TERM_CREDIT_BANDS: RateSheet['shortTerm']['fix-flip']['creditBands'] = [
	{ from: '660-679', label: '660-699' },
	{ from: '700-719', label: '700-739' },
	{ from: '740-759', label: '740+' },
]

/**
 * The rate sheet a new site starts with: plausible market figures for investor loans in late 2026 (RESEARCH.md:
 * Visio, RCN, Kiavi and agency-style adjustments), clearly the lender's to replace. Every advertised "from" rate
 * and maximum LTV on the public pages comes from this sheet's best case.
 */
export const SEED_RATE_SHEET: RateSheet = {
	format: 1,
	dscr: {
		baseRate: '6.250',
		rateFloor: '6.000',
		products: { '30-year-fixed': offered('0.000'), '7-6-arm': offered('-0.250'), '5-6-arm': offered('-0.375') },
		ltvBuckets: [0, 55, 60, 65, 70, 75],
		creditLtv: {
			'800+': ['-0.250', '-0.250', '-0.125', '0.000', '0.125', '0.250'],
			'780-799': ['-0.250', '-0.125', '-0.125', '0.000', '0.125', '0.250'],
			'760-779': ['-0.125', '-0.125', '0.000', '0.125', '0.250', '0.375'],
			'740-759': ['0.000', '0.000', '0.125', '0.250', '0.375', '0.500'],
			'720-739': ['0.125', '0.125', '0.250', '0.375', '0.500', '0.750'],
			'700-719': ['0.250', '0.250', '0.375', '0.500', '0.750', '1.000'],
			'680-699': ['0.375', '0.500', '0.625', '0.750', '1.000', null],
			'660-679': ['0.625', '0.750', '0.875', '1.125', null, null],
			'640-659': [null, null, null, null, null, null],
			'620-639': [null, null, null, null, null, null],
			'600-619': [null, null, null, null, null, null],
			'below-600': [null, null, null, null, null, null],
		},
		dscrTiers: [
			{ from: '0.00', adjustment: '0.750' },
			{ from: '1.00', adjustment: '0.250' },
			{ from: '1.15', adjustment: '0.125' },
			{ from: '1.25', adjustment: '0.000' },
		],
		loanAmountTiers: [
			{ from: 0, adjustment: '0.500' },
			{ from: 150_000, adjustment: '0.125' },
			{ from: 250_000, adjustment: '0.000' },
			{ from: 1_500_000, adjustment: '0.125' },
		],
		propertyTypes: {
			'single-family': '0.000',
			'condo-townhome': '0.250',
			'multi-family': '0.250',
			'multi-family-5plus': null,
			'mixed-use-2-8': '0.500',
			commercial: null,
		},
		purposes: { purchase: '0.000', 'rate-term': '0.125', 'cash-out': '0.375' },
		prepayment: {
			'5-4-3-2-1': offered('-0.250'),
			'3-2-1': offered('0.000'),
			'1-year': offered('0.500'),
			none: offered('0.875'),
		},
		interestOnly: offered('0.250'),
		points: { rateReductionPerPoint: '0.250', maxPoints: 2, step: 0.5 },
		eligibility: {
			minFico: '660-679',
			maxLtv: { purchase: 80, 'rate-term': 75, 'cash-out': 75 },
			minDscr: '0.75',
			maxLtvBelowDscrOne: 65,
			minLoan: 100_000,
			maxLoan: 3_000_000,
		},
		assumptions: { taxesPercentOfValue: '1.200', insurancePercentOfValue: '0.500', assumedDscr: '1.25' },
	},
	shortTerm: {
		'short-term-bridge': {
			offered: true,
			experienceTiers: PROJECT_EXPERIENCE_TIERS,
			creditBands: SHORT_TERM_CREDIT_BANDS,
			grid: [
				[terms('11.250', '2.000'), terms('10.875', '2.000'), terms('10.500', '1.750')],
				[terms('10.875', '2.000'), terms('10.500', '1.750'), terms('10.250', '1.500')],
				[terms('10.500', '1.750'), terms('10.125', '1.500'), terms('9.875', '1.250')],
			],
			caps: { maxLoanToCost: 80, maxLoanToArv: 75, maxAsIsLtv: 75 },
			termMonths: 12,
			minLoan: 75_000,
			maxLoan: 3_000_000,
		},
		'fix-flip': {
			offered: true,
			experienceTiers: PROJECT_EXPERIENCE_TIERS,
			creditBands: SHORT_TERM_CREDIT_BANDS,
			grid: [
				[terms('11.500', '2.500'), terms('11.125', '2.250'), terms('10.875', '2.000')],
				[terms('11.125', '2.250'), terms('10.750', '2.000'), terms('10.500', '1.750')],
				[terms('10.750', '2.000'), terms('10.375', '1.750'), terms('10.000', '1.500')],
			],
			caps: { maxLoanToCost: 90, maxLoanToArv: 75, maxAsIsLtv: 85 },
			termMonths: 12,
			minLoan: 75_000,
			maxLoan: 3_000_000,
		},
		construction: {
			offered: true,
			experienceTiers: [
				{ from: 1, label: '1-4 builds' },
				{ from: 5, label: '5+ builds' },
			],
			creditBands: [
				{ from: '680-699', label: '680-719' },
				{ from: '720-739', label: '720+' },
			],
			grid: [
				[terms('11.750', '2.500'), terms('11.375', '2.250')],
				[terms('11.250', '2.250'), terms('10.875', '2.000')],
			],
			caps: { maxLoanToCost: 85, maxLoanToArv: 70, maxAsIsLtv: 60 },
			termMonths: 18,
			minLoan: 150_000,
			maxLoan: 5_000_000,
		},
	},
}
