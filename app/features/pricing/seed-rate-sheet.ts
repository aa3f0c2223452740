import type { RateSheet } from './rate-sheet.ts'

const offered = (adjustment: string) => ({ offered: true, adjustment })
const notOffered = (adjustment: string) => ({ offered: false, adjustment })
const terms = (rate: string, points: string) => ({ rate, points })
/** The bridge and fix & flip grids' rows and columns: credit from 600 (spec 1 §9: bridge "credit 600 or more"). */
const PROJECT_EXPERIENCE_TIERS = [
	{ from: 0, label: 'New investor' },
	{ from: 1, label: '1-4 projects' },
	{ from: 5, label: '5+ projects' },
]
const SHORT_TERM_CREDIT_BANDS: RateSheet['shortTerm']['fix-flip']['creditBands'] = [
	{ from: '600-619', label: '600-659' },
	{ from: '660-679', label: '660-699' },
	{ from: '700-719', label: '700-739' },
	{ from: '740-759', label: '740+' },
]

/**
 * The rate sheet a new site starts with (docs/decisions/0072). It reproduces every figure the specification's pages
 * advertise (spec 1 §9, spec 2 §9), computed from it as a quote is priced:
 * - DSCR from 5.875 % (the floor, reached by the 30-year fixed at 700+ credit, up to 60 % LTV, a DSCR of 1.20 or
 *   more, a purchase of a single-family home with the 3-year prepayment), APR 6.133 % on $500,000 over 360 months
 *   (2 origination points and $3,640 of lender fees); up to 80 % LTV for a purchase, a refinance and a cash-out;
 *   credit from 620, 700+ for the best terms and the highest LTVs; loans of $75,000 to $5,000,000 (decision 0003);
 *   minimum DSCR 1.0 with the True No Ratio option below it; 75 % of the rent counted; 5-10 units financed;
 *   prepayment penalties of 1 to 3 years.
 * - Bridge up to 80 % LTV from 8 % (8-12 % across the grid), credit 600+, $100,000-$3,000,000.
 * - Fix & flip up to 92.5 % of purchase, 100 % of rehab, 75 % of ARV, from 8.75 %, $50,000-$2,000,000.
 * - Construction up to 80 % of cost, $50,000-$5,000,000, from 10 % (10-13 % across the grid).
 * The rest (the adjustments between the best case and the worst) are plausible market figures for late 2026
 * (RESEARCH.md: Visio, RCN, Kiavi), clearly the lender's to replace.
 */
export const SEED_RATE_SHEET: RateSheet = {
	format: 1,
	dscr: {
		baseRate: '6.125',
		rateFloor: '5.875',
		products: { '30-year-fixed': offered('0.000'), '7-6-arm': offered('-0.125'), '5-6-arm': offered('-0.250') },
		ltvBuckets: [0, 60, 65, 70, 75],
		// 700 and above share the best cell and are the only bands offered above 75 % LTV (spec 2 §9: "700+ for best terms").
		creditLtv: {
			'800+': ['-0.250', '-0.125', '0.000', '0.125', '0.375'],
			'780-799': ['-0.250', '-0.125', '0.000', '0.125', '0.375'],
			'760-779': ['-0.250', '-0.125', '0.000', '0.250', '0.500'],
			'740-759': ['-0.250', '-0.125', '0.125', '0.250', '0.500'],
			'720-739': ['-0.250', '0.000', '0.125', '0.375', '0.625'],
			'700-719': ['-0.250', '0.000', '0.250', '0.500', '0.750'],
			'680-699': ['0.250', '0.375', '0.500', '0.750', null],
			'660-679': ['0.500', '0.625', '0.750', '1.000', null],
			'640-659': ['0.875', '1.000', '1.250', null, null],
			'620-639': ['1.125', '1.375', '1.625', null, null],
			'600-619': [null, null, null, null, null],
			'below-600': [null, null, null, null, null],
		},
		// Minimum 1.0, 1.20 or higher for better terms (spec 2 §9).
		dscrTiers: [
			{ from: '1.00', adjustment: '0.250' },
			{ from: '1.20', adjustment: '0.000' },
		],
		loanAmountTiers: [
			{ from: 0, adjustment: '0.500' },
			{ from: 150_000, adjustment: '0.125' },
			{ from: 250_000, adjustment: '0.000' },
			{ from: 1_500_000, adjustment: '0.125' },
			{ from: 3_000_000, adjustment: '0.250' },
		],
		propertyTypes: {
			'single-family': '0.000',
			'condo-townhome': '0.250',
			'multi-family': '0.125',
			// 5-10 units (spec 2: "5-10 units commercial").
			'multi-family-5plus': '0.500',
			'mixed-use-2-8': '0.500',
			commercial: null,
		},
		purposes: { purchase: '0.000', 'rate-term': '0.125', 'cash-out': '0.375' },
		// Prepayment penalties limited to the first 1-3 years (spec 2 §9): no 5-year option.
		prepayment: {
			'5-4-3-2-1': notOffered('-0.250'),
			'3-2-1': offered('0.000'),
			'1-year': offered('0.375'),
			none: offered('0.750'),
		},
		defaultPrepayment: '3-2-1',
		interestOnly: offered('0.250'),
		points: { rateReductionPerPoint: '0.250', maxPoints: 2, step: 0.5 },
		eligibility: {
			minFico: '620-639',
			maxLtv: { purchase: 80, 'rate-term': 80, 'cash-out': 80 },
			minDscr: '1.00',
			maxLtvBelowDscrOne: 70,
			minLoan: 75_000,
			maxLoan: 5_000_000,
		},
		assumptions: { taxesPercentOfValue: '1.200', insurancePercentOfValue: '0.500', assumedDscr: '1.25' },
		fees: { originationPoints: '2.000', lenderFees: 3640 },
		noRatio: { offered: true, adjustment: '1.000', maxLtv: 70 },
		rentCountedPercent: 75,
	},
	shortTerm: {
		'short-term-bridge': {
			offered: true,
			experienceTiers: PROJECT_EXPERIENCE_TIERS,
			creditBands: SHORT_TERM_CREDIT_BANDS,
			grid: [
				[terms('12.000', '2.000'), terms('11.000', '2.000'), terms('10.250', '1.750'), terms('9.750', '1.500')],
				[terms('11.250', '2.000'), terms('10.250', '1.750'), terms('9.500', '1.500'), terms('9.000', '1.250')],
				[terms('10.500', '1.750'), terms('9.500', '1.500'), terms('8.750', '1.250'), terms('8.000', '1.000')],
			],
			caps: { maxLoanToCost: 80, maxLoanToArv: 80, maxAsIsLtv: 80, maxBudgetFinanced: 100 },
			termMonths: 12,
			minLoan: 100_000,
			maxLoan: 3_000_000,
		},
		'fix-flip': {
			offered: true,
			experienceTiers: PROJECT_EXPERIENCE_TIERS,
			creditBands: SHORT_TERM_CREDIT_BANDS,
			grid: [
				[terms('11.750', '2.500'), terms('10.750', '2.250'), terms('10.000', '2.000'), terms('9.500', '2.000')],
				[terms('11.000', '2.250'), terms('10.000', '2.000'), terms('9.500', '1.750'), terms('9.000', '1.500')],
				[terms('10.250', '2.000'), terms('9.500', '1.750'), terms('9.000', '1.500'), terms('8.750', '1.250')],
			],
			// 92.5 % of the purchase and 100 % of the rehab, within 75 % of the after-repair value; no cost cap below 100 %.
			caps: { maxLoanToCost: 100, maxLoanToArv: 75, maxAsIsLtv: 92.5, maxBudgetFinanced: 100 },
			termMonths: 12,
			minLoan: 50_000,
			maxLoan: 2_000_000,
		},
		construction: {
			offered: true,
			experienceTiers: [
				{ from: 1, label: '1-4 builds' },
				{ from: 5, label: '5+ builds' },
			],
			creditBands: [
				{ from: '660-679', label: '660-699' },
				{ from: '700-719', label: '700-739' },
				{ from: '740-759', label: '740+' },
			],
			grid: [
				[terms('13.000', '2.500'), terms('12.000', '2.250'), terms('11.250', '2.000')],
				[terms('12.000', '2.250'), terms('10.750', '2.000'), terms('10.000', '1.750')],
			],
			caps: { maxLoanToCost: 80, maxLoanToArv: 75, maxAsIsLtv: 60, maxBudgetFinanced: 100 },
			termMonths: 18,
			minLoan: 50_000,
			maxLoan: 5_000_000,
		},
	},
}
