import { describe, expect, test } from 'vitest'
import { type DscrScenario, type Failure, priceDscr } from './dscr-pricing.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { type ShortTermScenario, priceShortTerm } from './short-term-pricing.ts'

/**
 * Scenarios priced by hand from the tests' market sheet (tests/fixtures/market-rate-sheet.ts, docs/pricing-rate-sheet.md), across the four programs,
 * eligible and not. Every expected figure is a literal worked out with a calculator from the sheet's numbers; the
 * comment beside each row shows the arithmetic. None of them is the module's output copied back.
 *
 * The market sheet, as used below:
 * - DSCR: base 6.250, floor 6.000; 7/6 ARM -0.250, 5/6 ARM -0.375; LTV buckets 0/55/60/65/70/75; DSCR tiers
 *   0.00 +0.750, 1.00 +0.250, 1.15 +0.125, 1.25 0; loan tiers $0 +0.500, $150k +0.125, $250k 0, $1.5M +0.125;
 *   condo and 2-4 unit +0.250, mixed use +0.500; rate/term +0.125, cash-out +0.375; prepayment 5-4-3-2-1 -0.250,
 *   3-2-1 0, 1-year +0.500, none +0.875; interest only +0.250; -0.250 a point (0 to 2 in 0.5 steps); taxes 1.2 % and
 *   insurance 0.5 % of the value a year; max LTV 80 purchase, 75 refinances; min DSCR 0.75; at most 65 % LTV below a
 *   DSCR of 1.00; loans $100,000 to $3,000,000.
 * - Bridge / fix & flip: rows New investor (0), 1-4 projects, 5+; columns 660-699, 700-739, 740+. Construction: rows
 *   1-4 builds, 5+ builds; columns 680-719, 720+. Caps LTC / LTARV / as-is: bridge 80/75/75, fix & flip 90/75/85,
 *   construction 85/70/60; 12, 12 and 18 months; loans from $75,000 ($150,000 construction) to $3M ($5M).
 *
 * Payments: P&I = L × r × (1 + r)^360 ÷ ((1 + r)^360 − 1), r = rate ÷ 1200; interest only = L × rate ÷ 1200; both
 * to the cent, half up. DSCR = rent ÷ PITIA cut to 2 decimals, priced at the tier the DSCR at the final rate falls in.
 */

const dscrSheet = MARKET_RATE_SHEET.dscr

/** Defaults of every DSCR row: a purchase of a single-family house, 30-year fixed, 3-2-1 prepayment, no points. */
const dscrScenario = (given: Partial<DscrScenario>): DscrScenario => ({
	purpose: 'purchase',
	propertyValue: 400_000,
	loanAmount: 300_000,
	ficoBand: '740-759',
	propertyType: 'single-family',
	product: '30-year-fixed',
	prepayment: '3-2-1',
	interestOnly: false,
	points: 0,
	...given,
})

type Line = [label: string, percent: string]
type DscrRow = {
	name: string
	given: Partial<DscrScenario>
	rate: string
	lines: Line[]
	ltv: string
	monthly: { payment: string; taxes: string; insurance: string; hoa: string; pitia: string }
	dscr: string
	pointsCost: string
	cashToClose: string
}

const base: Line = ['Base rate', '6.250']

const DSCR_ELIGIBLE: DscrRow[] = [
	{
		name: '7/6 ARM, 800+ at 50 %: below the floor',
		given: { product: '7-6-arm', ficoBand: '800+', propertyValue: 500_000, loanAmount: 250_000, monthlyRent: 3000 },
		// 6.250 - 0.250 (7/6) - 0.250 (800+ × 0-55) + 0 (loan $250k+, tier bound inclusive) = 5.750 -> floor 6.000 (+0.250)
		// P&I 250,000 @ 6.000 = 1,498.88; taxes 6,000/12 = 500.00; ins 2,500/12 = 208.33; PITIA 2,207.21; 3,000/2,207.21 = 1.359 -> 1.35
		rate: '6.000',
		lines: [base, ['Product', '-0.250'], ['Credit and LTV', '-0.250'], ['Rate floor', '+0.250']],
		ltv: '50.00',
		monthly: { payment: '1498.88', taxes: '500.00', insurance: '208.33', hoa: '0.00', pitia: '2207.21' },
		dscr: '1.35',
		pointsCost: '0.00',
		cashToClose: '250000.00', // 500,000 - 250,000
	},
	{
		name: 'condo at exactly 55 % with the borrower’s taxes, insurance and HOA: DSCR tier 1.15',
		given: {
			ficoBand: '780-799',
			propertyType: 'condo-townhome',
			prepayment: '5-4-3-2-1',
			loanAmount: 220_000,
			monthlyRent: 2600,
			annualTaxes: 4200,
			annualInsurance: 1500,
			monthlyHoa: 350,
		},
		// 6.250 - 0.125 (780-799 × 55-60) + 0.125 (loan 150-250k) + 0.250 (condo) - 0.250 (5-4-3-2-1) = 6.250
		// at 6.250: P&I 1,354.58 + 350.00 + 125.00 + 350.00 = 2,179.58; 2,600/2,179.58 = 1.19 -> tier 1.15 (+0.125) = 6.375
		// at 6.375: P&I 1,372.51; PITIA 2,197.51; 2,600/2,197.51 = 1.183 -> 1.18, still 1.15
		rate: '6.375',
		lines: [
			base,
			['Credit and LTV', '-0.125'],
			['DSCR', '+0.125'],
			['Loan amount', '+0.125'],
			['Property type', '+0.250'],
			['Prepayment', '-0.250'],
		],
		ltv: '55.00',
		monthly: { payment: '1372.51', taxes: '350.00', insurance: '125.00', hoa: '350.00', pitia: '2197.51' },
		dscr: '1.18',
		pointsCost: '0.00',
		cashToClose: '180000.00', // 400,000 - 220,000
	},
	{
		name: 'rate/term at exactly 60 % with a 1-year prepayment and a point',
		given: {
			purpose: 'rate-term',
			ficoBand: '760-779',
			propertyValue: 600_000,
			loanAmount: 360_000,
			prepayment: '1-year',
			points: 1,
			monthlyRent: 4000,
		},
		// 6.250 + 0 (760-779 × 60-65) + 0.125 (rate/term) + 0.500 (1-year) - 0.250 (1 point) = 6.625
		// P&I 360,000 @ 6.625 = 2,305.12 + 600.00 + 250.00 = 3,155.12; 4,000/3,155.12 = 1.267 -> 1.26
		rate: '6.625',
		lines: [base, ['Purpose', '+0.125'], ['Prepayment', '+0.500'], ['Points', '-0.250']],
		ltv: '60.00',
		monthly: { payment: '2305.12', taxes: '600.00', insurance: '250.00', hoa: '0.00', pitia: '3155.12' },
		dscr: '1.26',
		pointsCost: '3600.00', // 360,000 × 1 %
		cashToClose: '3600.00', // a refinance: the points only
	},
	{
		name: 'cash-out of a 2-4 unit at exactly 65 % on a 5/6 ARM with 1.5 points',
		given: {
			purpose: 'cash-out',
			product: '5-6-arm',
			propertyType: 'multi-family',
			prepayment: '5-4-3-2-1',
			points: 1.5,
			propertyValue: 800_000,
			loanAmount: 520_000,
			monthlyRent: 5500,
		},
		// 6.250 - 0.375 (5/6) + 0.250 (740-759 × 65-70) + 0.250 (2-4 unit) + 0.375 (cash-out) - 0.250 (5-4-3-2-1) - 0.375 (1.5 points) = 6.125
		// P&I 520,000 @ 6.125 = 3,159.57 + 800.00 + 333.33 = 4,292.90; 5,500/4,292.90 = 1.281 -> 1.28
		rate: '6.125',
		lines: [
			base,
			['Product', '-0.375'],
			['Credit and LTV', '+0.250'],
			['Property type', '+0.250'],
			['Purpose', '+0.375'],
			['Prepayment', '-0.250'],
			['Points', '-0.375'],
		],
		ltv: '65.00',
		monthly: { payment: '3159.57', taxes: '800.00', insurance: '333.33', hoa: '0.00', pitia: '4292.90' },
		dscr: '1.28',
		pointsCost: '7800.00', // 520,000 × 1.5 %
		cashToClose: '7800.00',
	},
	{
		name: 'purchase at exactly the 80 % cap, 720-739',
		given: { ficoBand: '720-739', propertyValue: 250_000, loanAmount: 200_000, monthlyRent: 2200 },
		// 6.250 + 0.750 (720-739 × 75+) + 0.125 (loan 150-250k) = 7.125
		// P&I 200,000 @ 7.125 = 1,347.44 + 250.00 + 104.17 = 1,701.61; 2,200/1,701.61 = 1.292 -> 1.29
		rate: '7.125',
		lines: [base, ['Credit and LTV', '+0.750'], ['Loan amount', '+0.125']],
		ltv: '80.00',
		monthly: { payment: '1347.44', taxes: '250.00', insurance: '104.17', hoa: '0.00', pitia: '1701.61' },
		dscr: '1.29',
		pointsCost: '0.00',
		cashToClose: '50000.00',
	},
	{
		name: 'interest-only purchase without a prepayment penalty: DSCR tier 1.00',
		given: {
			ficoBand: '700-719',
			propertyValue: 300_000,
			loanAmount: 210_000,
			prepayment: 'none',
			interestOnly: true,
			monthlyRent: 2000,
		},
		// 6.250 + 0.750 (700-719 × 70-75) + 0.125 (loan 150-250k) + 0.875 (none) + 0.250 (IO) = 8.250
		// at 8.250: IO 210,000 × 8.25 / 1200 = 1,443.75 + 300.00 + 125.00 = 1,868.75; 2,000/1,868.75 = 1.07 -> tier 1.00 (+0.250) = 8.500
		// at 8.500: IO 1,487.50; PITIA 1,912.50; 2,000/1,912.50 = 1.045 -> 1.04, still 1.00
		rate: '8.500',
		lines: [
			base,
			['Credit and LTV', '+0.750'],
			['DSCR', '+0.250'],
			['Loan amount', '+0.125'],
			['Prepayment', '+0.875'],
			['Interest only', '+0.250'],
		],
		ltv: '70.00',
		monthly: { payment: '1487.50', taxes: '300.00', insurance: '125.00', hoa: '0.00', pitia: '1912.50' },
		dscr: '1.04',
		pointsCost: '0.00',
		cashToClose: '90000.00',
	},
	{
		name: 'a DSCR below 1.00 at exactly 65 % LTV qualifies at the 0.00 tier',
		given: { ficoBand: '760-779', prepayment: '5-4-3-2-1', propertyValue: 500_000, loanAmount: 325_000, monthlyRent: 2200 },
		// 6.250 + 0.125 (760-779 × 65-70) - 0.250 (5-4-3-2-1) = 6.125
		// at 6.125: P&I 1,974.73 + 500.00 + 208.33 = 2,683.06; 2,200/2,683.06 = 0.81 -> tier 0.00 (+0.750) = 6.875
		// at 6.875: P&I 2,135.02; PITIA 2,843.35; 2,200/2,843.35 = 0.773 -> 0.77 (>= 0.75; LTV 65 is not above 65)
		rate: '6.875',
		lines: [base, ['Credit and LTV', '+0.125'], ['DSCR', '+0.750'], ['Prepayment', '-0.250']],
		ltv: '65.00',
		monthly: { payment: '2135.02', taxes: '500.00', insurance: '208.33', hoa: '0.00', pitia: '2843.35' },
		dscr: '0.77',
		pointsCost: '0.00',
		cashToClose: '175000.00',
	},
	{
		name: 'a small loan: the under-$150,000 tier',
		given: { propertyValue: 180_000, loanAmount: 120_000, monthlyRent: 1500 },
		// 6.250 + 0.250 (740-759 × 65-70, LTV 66.67) + 0.500 (loan under 150k) = 7.000
		// P&I 120,000 @ 7.000 = 798.36 + 180.00 + 75.00 = 1,053.36; 1,500/1,053.36 = 1.424 -> 1.42
		rate: '7.000',
		lines: [base, ['Credit and LTV', '+0.250'], ['Loan amount', '+0.500']],
		ltv: '66.67',
		monthly: { payment: '798.36', taxes: '180.00', insurance: '75.00', hoa: '0.00', pitia: '1053.36' },
		dscr: '1.42',
		pointsCost: '0.00',
		cashToClose: '60000.00',
	},
	{
		name: 'the smallest loan, $100,000, with a 1-year prepayment',
		given: { ficoBand: '800+', prepayment: '1-year', propertyValue: 200_000, loanAmount: 100_000, monthlyRent: 1300 },
		// 6.250 - 0.250 (800+ × 0-55) + 0.500 (loan under 150k) + 0.500 (1-year) = 7.000
		// P&I 100,000 @ 7.000 = 665.30 + 200.00 + 83.33 = 948.63; 1,300/948.63 = 1.370 -> 1.37
		rate: '7.000',
		lines: [base, ['Credit and LTV', '-0.250'], ['Loan amount', '+0.500'], ['Prepayment', '+0.500']],
		ltv: '50.00',
		monthly: { payment: '665.30', taxes: '200.00', insurance: '83.33', hoa: '0.00', pitia: '948.63' },
		dscr: '1.37',
		pointsCost: '0.00',
		cashToClose: '100000.00',
	},
	{
		name: 'exactly $1,500,000 at 75 % with 2 points: the floor, then DSCR tier 1.00 lifts it off the floor',
		given: {
			ficoBand: '800+',
			prepayment: '5-4-3-2-1',
			points: 2,
			propertyValue: 2_000_000,
			loanAmount: 1_500_000,
			monthlyRent: 13_000,
		},
		// 6.250 + 0.250 (800+ × 75+) + 0.125 (loan $1.5M+) - 0.250 (5-4-3-2-1) - 0.500 (2 points) = 5.875 -> floor 6.000
		// at 6.000: P&I 8,993.26 + 2,000.00 + 833.33 = 11,826.59; 13,000/11,826.59 = 1.099 -> tier 1.00 (+0.250): 6.125
		// at 6.125: P&I 9,114.16; PITIA 11,947.49; 13,000/11,947.49 = 1.088 -> 1.08, still 1.00 (no floor line)
		rate: '6.125',
		lines: [
			base,
			['Credit and LTV', '+0.250'],
			['DSCR', '+0.250'],
			['Loan amount', '+0.125'],
			['Prepayment', '-0.250'],
			['Points', '-0.500'],
		],
		ltv: '75.00',
		monthly: { payment: '9114.16', taxes: '2000.00', insurance: '833.33', hoa: '0.00', pitia: '11947.49' },
		dscr: '1.08',
		pointsCost: '30000.00', // 1,500,000 × 2 %
		cashToClose: '530000.00', // 500,000 down + 30,000
	},
	{
		name: 'the largest loan, $3,000,000, a cash-out at exactly 75 %',
		given: { purpose: 'cash-out', ficoBand: '780-799', propertyValue: 4_000_000, loanAmount: 3_000_000, monthlyRent: 30_000 },
		// 6.250 + 0.250 (780-799 × 75+) + 0.125 (loan $1.5M+) + 0.375 (cash-out) = 7.000
		// at 7.000: P&I 19,959.07 + 4,000.00 + 1,666.67 = 25,625.74; 30,000/25,625.74 = 1.17 -> tier 1.15 (+0.125) = 7.125
		// at 7.125: P&I 20,211.56; PITIA 25,878.23; 30,000/25,878.23 = 1.159 -> 1.15, still 1.15
		rate: '7.125',
		lines: [base, ['Credit and LTV', '+0.250'], ['DSCR', '+0.125'], ['Loan amount', '+0.125'], ['Purpose', '+0.375']],
		ltv: '75.00',
		monthly: { payment: '20211.56', taxes: '4000.00', insurance: '1666.67', hoa: '0.00', pitia: '25878.23' },
		dscr: '1.15',
		pointsCost: '0.00',
		cashToClose: '0.00',
	},
	{
		name: 'mixed use, rate/term on a 7/6 ARM, 680-699 at 62.5 %, half a point',
		given: {
			purpose: 'rate-term',
			product: '7-6-arm',
			ficoBand: '680-699',
			propertyType: 'mixed-use-2-8',
			points: 0.5,
			propertyValue: 800_000,
			loanAmount: 500_000,
			monthlyRent: 6000,
		},
		// 6.250 - 0.250 (7/6) + 0.625 (680-699 × 60-65) + 0.500 (mixed use) + 0.125 (rate/term) - 0.125 (0.5 point) = 7.125
		// P&I 500,000 @ 7.125 = 3,368.59 + 800.00 + 333.33 = 4,501.92; 6,000/4,501.92 = 1.332 -> 1.33
		rate: '7.125',
		lines: [
			base,
			['Product', '-0.250'],
			['Credit and LTV', '+0.625'],
			['Property type', '+0.500'],
			['Purpose', '+0.125'],
			['Points', '-0.125'],
		],
		ltv: '62.50',
		monthly: { payment: '3368.59', taxes: '800.00', insurance: '333.33', hoa: '0.00', pitia: '4501.92' },
		dscr: '1.33',
		pointsCost: '2500.00', // 500,000 × 0.5 %
		cashToClose: '2500.00',
	},
	{
		name: 'the lowest FICO band, 660-679, buying a 2-4 unit at 50 %',
		given: {
			ficoBand: '660-679',
			propertyType: 'multi-family',
			prepayment: '5-4-3-2-1',
			propertyValue: 400_000,
			loanAmount: 200_000,
			monthlyRent: 3000,
		},
		// 6.250 + 0.625 (660-679 × 0-55) + 0.125 (loan 150-250k) + 0.250 (2-4 unit) - 0.250 (5-4-3-2-1) = 7.000
		// P&I 200,000 @ 7.000 = 1,330.60 + 400.00 + 166.67 = 1,897.27; 3,000/1,897.27 = 1.581 -> 1.58
		rate: '7.000',
		lines: [base, ['Credit and LTV', '+0.625'], ['Loan amount', '+0.125'], ['Property type', '+0.250'], ['Prepayment', '-0.250']],
		ltv: '50.00',
		monthly: { payment: '1330.60', taxes: '400.00', insurance: '166.67', hoa: '0.00', pitia: '1897.27' },
		dscr: '1.58',
		pointsCost: '0.00',
		cashToClose: '200000.00',
	},
	{
		name: '660-679 cash-out at 68 %: the last offered cell of its row',
		given: { purpose: 'cash-out', ficoBand: '660-679', propertyValue: 300_000, loanAmount: 204_000, monthlyRent: 2600 },
		// 6.250 + 1.125 (660-679 × 65-70) + 0.125 (loan 150-250k) + 0.375 (cash-out) = 7.875
		// P&I 204,000 @ 7.875 = 1,479.14 + 300.00 + 125.00 = 1,904.14; 2,600/1,904.14 = 1.365 -> 1.36
		rate: '7.875',
		lines: [base, ['Credit and LTV', '+1.125'], ['Loan amount', '+0.125'], ['Purpose', '+0.375']],
		ltv: '68.00',
		monthly: { payment: '1479.14', taxes: '300.00', insurance: '125.00', hoa: '0.00', pitia: '1904.14' },
		dscr: '1.36',
		pointsCost: '0.00',
		cashToClose: '0.00',
	},
	{
		name: 'interest-only condo purchase with 2 points and HOA dues',
		given: {
			propertyType: 'condo-townhome',
			prepayment: '5-4-3-2-1',
			interestOnly: true,
			points: 2,
			propertyValue: 700_000,
			loanAmount: 500_000,
			monthlyRent: 5200,
			monthlyHoa: 400,
		},
		// 6.250 + 0.375 (740-759 × 70-75, LTV 71.43) + 0.250 (condo) - 0.250 (5-4-3-2-1) + 0.250 (IO) - 0.500 (2 points) = 6.375
		// IO 500,000 × 6.375 / 1200 = 2,656.25 + 700.00 + 291.67 + 400.00 = 4,047.92; 5,200/4,047.92 = 1.284 -> 1.28
		rate: '6.375',
		lines: [
			base,
			['Credit and LTV', '+0.375'],
			['Property type', '+0.250'],
			['Prepayment', '-0.250'],
			['Interest only', '+0.250'],
			['Points', '-0.500'],
		],
		ltv: '71.43',
		monthly: { payment: '2656.25', taxes: '700.00', insurance: '291.67', hoa: '400.00', pitia: '4047.92' },
		dscr: '1.28',
		pointsCost: '10000.00', // 500,000 × 2 %
		cashToClose: '210000.00', // 200,000 down + 10,000
	},
	{
		name: 'interest-only cash-out of a 2-4 unit on a 5/6 ARM: DSCR tier 1.15',
		given: {
			purpose: 'cash-out',
			product: '5-6-arm',
			ficoBand: '720-739',
			propertyType: 'multi-family',
			prepayment: '1-year',
			interestOnly: true,
			propertyValue: 1_000_000,
			loanAmount: 580_000,
			monthlyRent: 6000,
		},
		// 6.250 - 0.375 (5/6) + 0.125 (720-739 × 55-60) + 0.250 (2-4) + 0.375 (cash-out) + 0.500 (1-year) + 0.250 (IO) = 7.375
		// at 7.375: IO 3,564.58 + 1,000.00 + 416.67 = 4,981.25; 6,000/4,981.25 = 1.204 -> tier 1.15 (+0.125) = 7.500
		// at 7.500: IO 580,000 × 7.5 / 1200 = 3,625.00; PITIA 5,041.67; 6,000/5,041.67 = 1.190 -> 1.19, still 1.15
		rate: '7.500',
		lines: [
			base,
			['Product', '-0.375'],
			['Credit and LTV', '+0.125'],
			['DSCR', '+0.125'],
			['Property type', '+0.250'],
			['Purpose', '+0.375'],
			['Prepayment', '+0.500'],
			['Interest only', '+0.250'],
		],
		ltv: '58.00',
		monthly: { payment: '3625.00', taxes: '1000.00', insurance: '416.67', hoa: '0.00', pitia: '5041.67' },
		dscr: '1.19',
		pointsCost: '0.00',
		cashToClose: '0.00',
	},
	{
		name: 'a DSCR of 1.2499 is cut to 1.24, not rounded to 1.25',
		given: { prepayment: '5-4-3-2-1', propertyValue: 500_000, loanAmount: 375_000, monthlyRent: 3848 },
		// 6.250 + 0.500 (740-759 × 75+) - 0.250 (5-4-3-2-1) = 6.500
		// at 6.500: P&I 2,370.26 + 500.00 + 208.33 = 3,078.59; 3,848/3,078.59 = 1.24992 -> 1.24 -> tier 1.15 (+0.125) = 6.625
		// at 6.625: P&I 2,401.17; PITIA 3,109.50; 3,848/3,109.50 = 1.2375 -> 1.23, still 1.15
		rate: '6.625',
		lines: [base, ['Credit and LTV', '+0.500'], ['DSCR', '+0.125'], ['Prepayment', '-0.250']],
		ltv: '75.00',
		monthly: { payment: '2401.17', taxes: '500.00', insurance: '208.33', hoa: '0.00', pitia: '3109.50' },
		dscr: '1.23',
		pointsCost: '0.00',
		cashToClose: '125000.00',
	},
	{
		name: 'a dollar more rent: a DSCR of exactly 1.25 keeps the best tier',
		given: { prepayment: '5-4-3-2-1', propertyValue: 500_000, loanAmount: 375_000, monthlyRent: 3849 },
		// 6.500 as above; 3,849/3,078.59 = 1.25025 -> 1.25, tier 1.25 (bound inclusive)
		rate: '6.500',
		lines: [base, ['Credit and LTV', '+0.500'], ['Prepayment', '-0.250']],
		ltv: '75.00',
		monthly: { payment: '2370.26', taxes: '500.00', insurance: '208.33', hoa: '0.00', pitia: '3078.59' },
		dscr: '1.25',
		pointsCost: '0.00',
		cashToClose: '125000.00',
	},
	{
		name: 'a DSCR of exactly 1.00 at 75 % LTV qualifies',
		given: { ficoBand: '760-779', propertyValue: 400_000, loanAmount: 300_000, monthlyRent: 2538 },
		// 6.250 + 0.375 (760-779 × 75+) = 6.625
		// at 6.625: P&I 1,920.93 + 400.00 + 166.67 = 2,487.60; 2,538/2,487.60 = 1.02 -> tier 1.00 (+0.250) = 6.875
		// at 6.875: P&I 1,970.79; PITIA 2,537.46; 2,538/2,537.46 = 1.0002 -> 1.00, still 1.00 and not below 1.00
		rate: '6.875',
		lines: [base, ['Credit and LTV', '+0.375'], ['DSCR', '+0.250']],
		ltv: '75.00',
		monthly: { payment: '1970.79', taxes: '400.00', insurance: '166.67', hoa: '0.00', pitia: '2537.46' },
		dscr: '1.00',
		pointsCost: '0.00',
		cashToClose: '100000.00',
	},
	{
		name: 'rate/term, 800+ at 55.56 % with no prepayment penalty and a point',
		given: {
			purpose: 'rate-term',
			ficoBand: '800+',
			prepayment: 'none',
			points: 1,
			propertyValue: 900_000,
			loanAmount: 500_000,
			monthlyRent: 6000,
		},
		// 6.250 - 0.250 (800+ × 55-60) + 0.125 (rate/term) + 0.875 (none) - 0.250 (1 point) = 6.750
		// P&I 500,000 @ 6.750 = 3,242.99 + 900.00 + 375.00 = 4,517.99; 6,000/4,517.99 = 1.328 -> 1.32
		rate: '6.750',
		lines: [base, ['Credit and LTV', '-0.250'], ['Purpose', '+0.125'], ['Prepayment', '+0.875'], ['Points', '-0.250']],
		ltv: '55.56',
		monthly: { payment: '3242.99', taxes: '900.00', insurance: '375.00', hoa: '0.00', pitia: '4517.99' },
		dscr: '1.32',
		pointsCost: '5000.00',
		cashToClose: '5000.00',
	},
	{
		name: 'cash-out on a 7/6 ARM, 700-719 at 50 %',
		given: { purpose: 'cash-out', product: '7-6-arm', ficoBand: '700-719', propertyValue: 500_000, loanAmount: 250_000, monthlyRent: 3000 },
		// 6.250 - 0.250 (7/6) + 0.250 (700-719 × 0-55) + 0.375 (cash-out) = 6.625
		// P&I 250,000 @ 6.625 = 1,600.78 + 500.00 + 208.33 = 2,309.11; 3,000/2,309.11 = 1.299 -> 1.29
		rate: '6.625',
		lines: [base, ['Product', '-0.250'], ['Credit and LTV', '+0.250'], ['Purpose', '+0.375']],
		ltv: '50.00',
		monthly: { payment: '1600.78', taxes: '500.00', insurance: '208.33', hoa: '0.00', pitia: '2309.11' },
		dscr: '1.29',
		pointsCost: '0.00',
		cashToClose: '0.00',
	},
	{
		name: '680-699 at 72.5 %: DSCR tier 1.00',
		given: { ficoBand: '680-699', prepayment: '5-4-3-2-1', propertyValue: 400_000, loanAmount: 290_000, monthlyRent: 2800 },
		// 6.250 + 1.000 (680-699 × 70-75) - 0.250 (5-4-3-2-1) = 7.000
		// at 7.000: P&I 1,929.38 + 400.00 + 166.67 = 2,496.05; 2,800/2,496.05 = 1.12 -> tier 1.00 (+0.250) = 7.250
		// at 7.250: P&I 1,978.31; PITIA 2,544.98; 2,800/2,544.98 = 1.100 -> 1.10, still 1.00
		rate: '7.250',
		lines: [base, ['Credit and LTV', '+1.000'], ['DSCR', '+0.250'], ['Prepayment', '-0.250']],
		ltv: '72.50',
		monthly: { payment: '1978.31', taxes: '400.00', insurance: '166.67', hoa: '0.00', pitia: '2544.98' },
		dscr: '1.10',
		pointsCost: '0.00',
		cashToClose: '110000.00',
	},
	{
		name: 'rate/term of a 2-4 unit on a 5/6 ARM, 800+ with 1.5 points: held at the floor',
		given: {
			purpose: 'rate-term',
			product: '5-6-arm',
			ficoBand: '800+',
			propertyType: 'multi-family',
			prepayment: '5-4-3-2-1',
			points: 1.5,
			propertyValue: 1_200_000,
			loanAmount: 780_000,
			monthlyRent: 9000,
		},
		// 6.250 - 0.375 (5/6) + 0 (800+ × 65-70) + 0.250 (2-4) + 0.125 (rate/term) - 0.250 (5-4-3-2-1) - 0.375 (1.5 points) = 5.625
		// -> floor 6.000 (+0.375); P&I 780,000 @ 6.000 = 4,676.49 + 1,200.00 + 500.00 = 6,376.49; 9,000/6,376.49 = 1.411 -> 1.41
		rate: '6.000',
		lines: [
			base,
			['Product', '-0.375'],
			['Property type', '+0.250'],
			['Purpose', '+0.125'],
			['Prepayment', '-0.250'],
			['Points', '-0.375'],
			['Rate floor', '+0.375'],
		],
		ltv: '65.00',
		monthly: { payment: '4676.49', taxes: '1200.00', insurance: '500.00', hoa: '0.00', pitia: '6376.49' },
		dscr: '1.41',
		pointsCost: '11700.00', // 780,000 × 1.5 %
		cashToClose: '11700.00',
	},
	{
		name: 'interest-only cash-out of a mixed-use building on a 7/6 ARM: the DSCR tier moves twice',
		given: {
			purpose: 'cash-out',
			product: '7-6-arm',
			ficoBand: '760-779',
			propertyType: 'mixed-use-2-8',
			interestOnly: true,
			propertyValue: 1_500_000,
			loanAmount: 1_050_000,
			monthlyRent: 9500,
			annualTaxes: 15_000,
			annualInsurance: 6000,
		},
		// 6.250 - 0.250 (7/6) + 0.250 (760-779 × 70-75) + 0.500 (mixed use) + 0.375 (cash-out) + 0.250 (IO) = 7.375
		// at 7.375: IO 6,453.13 + 1,250.00 + 500.00 = 8,203.13; 9,500/8,203.13 = 1.158 -> 1.15 -> tier 1.15 (+0.125) = 7.500
		// at 7.500: IO 6,562.50; PITIA 8,312.50; 9,500/8,312.50 = 1.142 -> 1.14 -> tier 1.00 (+0.250) = 7.625
		// at 7.625: IO 1,050,000 × 7.625 / 1200 = 6,671.875 -> 6,671.88; PITIA 8,421.88; 9,500/8,421.88 = 1.128 -> 1.12
		rate: '7.625',
		lines: [
			base,
			['Product', '-0.250'],
			['Credit and LTV', '+0.250'],
			['DSCR', '+0.250'],
			['Property type', '+0.500'],
			['Purpose', '+0.375'],
			['Interest only', '+0.250'],
		],
		ltv: '70.00',
		monthly: { payment: '6671.88', taxes: '1250.00', insurance: '500.00', hoa: '0.00', pitia: '8421.88' },
		dscr: '1.12',
		pointsCost: '0.00',
		cashToClose: '0.00',
	},
	{
		name: 'rate/term of a condo with HOA dues: a DSCR below 1.00 at 56.45 %',
		given: {
			purpose: 'rate-term',
			ficoBand: '700-719',
			propertyType: 'condo-townhome',
			prepayment: '1-year',
			propertyValue: 310_000,
			loanAmount: 175_000,
			monthlyRent: 1900,
			monthlyHoa: 250,
		},
		// 6.250 + 0.250 (700-719 × 55-60) + 0.125 (loan 150-250k) + 0.250 (condo) + 0.125 (rate/term) + 0.500 (1-year) = 7.500
		// taxes 3,720/12 = 310.00; ins 1,550/12 = 129.1666 -> 129.17
		// at 7.500: P&I 1,223.63 + 310.00 + 129.17 + 250.00 = 1,912.80; 1,900/1,912.80 = 0.99 -> tier 0.00 (+0.750) = 8.250
		// at 8.250: P&I 1,314.72; PITIA 2,003.89; 1,900/2,003.89 = 0.948 -> 0.94 (>= 0.75, LTV under 65)
		rate: '8.250',
		lines: [
			base,
			['Credit and LTV', '+0.250'],
			['DSCR', '+0.750'],
			['Loan amount', '+0.125'],
			['Property type', '+0.250'],
			['Purpose', '+0.125'],
			['Prepayment', '+0.500'],
		],
		ltv: '56.45',
		monthly: { payment: '1314.72', taxes: '310.00', insurance: '129.17', hoa: '250.00', pitia: '2003.89' },
		dscr: '0.94',
		pointsCost: '0.00',
		cashToClose: '0.00',
	},
]

describe('DSCR scenarios priced by hand (eligible)', () => {
	test.each(DSCR_ELIGIBLE)('$name', (row) => {
		const quote = priceDscr(dscrSheet, dscrScenario(row.given))
		expect(quote.failures).toEqual([])
		expect(quote.eligible).toBe(true)
		expect(quote.rate).toBe(row.rate)
		expect(quote.lines.map((line): Line => [line.label, line.percent])).toEqual(row.lines)
		expect(quote.ltv).toBe(row.ltv)
		expect(quote.monthly).toEqual(row.monthly)
		expect(quote.dscr).toBe(row.dscr)
		expect(quote.dscrAssumed).toBe(false)
		expect(quote.pointsCost).toBe(row.pointsCost)
		expect(quote.cashToClose).toBe(row.cashToClose)
	})

	test('no rent: a 2-4 unit at 80 % priced at the assumed DSCR, with each assumption in dollars', () => {
		const quote = priceDscr(
			dscrSheet,
			dscrScenario({
				ficoBand: '760-779',
				propertyType: 'multi-family',
				prepayment: '5-4-3-2-1',
				propertyValue: 350_000,
				loanAmount: 280_000,
			}),
		)
		// 6.250 + 0.375 (760-779 × 75+) + 0 (loan 250k+) + 0 (assumed DSCR 1.25) + 0.250 (2-4) - 0.250 (5-4-3-2-1) = 6.625
		// P&I 280,000 @ 6.625 = 1,792.87; taxes 1.2 % × 350,000 = 4,200 a year, 350.00 a month;
		// insurance 0.5 % × 350,000 = 1,750 a year, 145.83 a month; PITIA 2,288.70
		expect(quote.eligible).toBe(true)
		expect(quote.rate).toBe('6.625')
		expect(quote.lines.map((line): Line => [line.label, line.percent])).toEqual([
			base,
			['Credit and LTV', '+0.375'],
			['Property type', '+0.250'],
			['Prepayment', '-0.250'],
		])
		expect(quote.monthly).toEqual({ payment: '1792.87', taxes: '350.00', insurance: '145.83', hoa: '0.00', pitia: '2288.70' })
		expect(quote.dscr).toBe('1.25')
		expect(quote.dscrAssumed).toBe(true)
		expect(quote.cashToClose).toBe('70000.00')
		expect(quote.assumptions).toEqual([
			'Property taxes of 1.200 % of the value a year ($4,200)',
			'Insurance of 0.500 % of the value a year ($1,750)',
			'No HOA dues',
			'A DSCR of 1.25 (the rent is not known yet)',
		])
	})
})

type DscrIneligibleRow = { name: string; given: Partial<DscrScenario>; failures: Failure[]; dscr: string | null }

const NOT_OFFERED = (fico: string, ltv: string): Failure => ({
	rule: 'credit-ltv',
	message: `A FICO of ${fico} at ${ltv} % LTV is not offered`,
})
const LOAN_RANGE: Failure = {
	rule: 'loan-range',
	message: 'We lend from $100,000 to $3,000,000',
	qualifiesWith: 'A loan from $100,000 to $3,000,000',
}
const BELOW_ONE: Failure = {
	rule: 'ltv-below-dscr-one',
	message: 'With a DSCR below 1.00 the LTV may be at most 65 %',
	qualifiesWith: 'At 65 % LTV this qualifies',
}

const DSCR_INELIGIBLE: DscrIneligibleRow[] = [
	{
		name: 'a FICO below 600: no grid cell and below the minimum',
		given: { ficoBand: 'below-600', loanAmount: 280_000, monthlyRent: 4000 },
		// 280,000 / 400,000 = 70 %; the below-600 row is all null; below-600 ranks under 660-679
		failures: [
			NOT_OFFERED('below-600', '70'),
			{ rule: 'min-fico', message: 'A FICO of below-600 is below our minimum', qualifiesWith: 'A FICO of 660-679 or higher' },
		],
		dscr: null,
	},
	{
		name: 'a rate/term refinance at 76 %',
		given: { purpose: 'rate-term', ficoBand: '760-779', propertyValue: 500_000, loanAmount: 380_000, monthlyRent: 5000 },
		// 380,000 / 500,000 = 76 % > 75; 75 % × 500,000 = 375,000
		// rate 6.250 + 0.375 (760-779 × 75+) + 0.125 = 6.750: P&I 2,464.67 + 500.00 + 208.33 = 3,173.00; 5,000/3,173.00 = 1.575 -> 1.57
		failures: [
			{
				rule: 'max-ltv',
				message: '76 % LTV is above the 75 % we lend for a rate/term refinance',
				qualifiesWith: 'At 75 % LTV (a loan of $375,000) this qualifies',
			},
		],
		dscr: '1.57',
	},
	{
		name: 'a cash-out at 75.56 %',
		given: { purpose: 'cash-out', ficoBand: '720-739', propertyValue: 450_000, loanAmount: 340_000, monthlyRent: 5000 },
		// 340,000 / 450,000 = 75.555... -> 75.56 % > 75; 75 % × 450,000 = 337,500
		// rate 6.250 + 0.750 (720-739 × 75+) + 0.375 = 7.375: P&I 2,348.30 + 450.00 + 187.50 = 2,985.80; 5,000/2,985.80 = 1.674 -> 1.67
		failures: [
			{
				rule: 'max-ltv',
				message: '75.56 % LTV is above the 75 % we lend for a cash-out refinance',
				qualifiesWith: 'At 75 % LTV (a loan of $337,500) this qualifies',
			},
		],
		dscr: '1.67',
	},
	{
		name: 'a purchase $50 over 80 %',
		given: { propertyValue: 500_000, loanAmount: 400_050, monthlyRent: 5000 },
		// 400,050 / 500,000 = 80.01 % > 80; 80 % × 500,000 = 400,000
		// rate 6.250 + 0.500 (740-759 × 75+) = 6.750: P&I 2,594.72 + 500.00 + 208.33 = 3,303.05; 5,000/3,303.05 = 1.513 -> 1.51
		failures: [
			{
				rule: 'max-ltv',
				message: '80.01 % LTV is above the 80 % we lend for a purchase',
				qualifiesWith: 'At 80 % LTV (a loan of $400,000) this qualifies',
			},
		],
		dscr: '1.51',
	},
	{
		name: 'a DSCR of 0.54 at 60 %: below the minimum',
		given: { propertyValue: 500_000, loanAmount: 300_000, monthlyRent: 1500 },
		// 6.250 + 0.125 (740-759 × 60-65) = 6.375: P&I 1,871.61 + 500.00 + 208.33 = 2,579.94; 1,500/2,579.94 = 0.58 -> tier 0.00 (+0.750)
		// at 7.125: P&I 2,021.16; PITIA 2,729.49; 1,500/2,729.49 = 0.549 -> 0.54 < 0.75 (LTV 60 is within 65)
		failures: [
			{
				rule: 'min-dscr',
				message: 'A DSCR of 0.54 is below our minimum of 0.75',
				qualifiesWith: 'A smaller loan or a higher rent raises the DSCR',
			},
		],
		dscr: '0.54',
	},
	{
		name: 'a dollar less rent than the 1.00 row: DSCR 0.96 at 75 %',
		given: { ficoBand: '760-779', propertyValue: 400_000, loanAmount: 300_000, monthlyRent: 2537 },
		// at 6.625: 2,537/2,487.60 = 1.01 -> tier 1.00 = 6.875: 2,537/2,537.46 = 0.9998 -> 0.99 -> tier 0.00 = 7.375
		// at 7.375: P&I 2,072.03 + 400.00 + 166.67 = 2,638.70; 2,537/2,638.70 = 0.961 -> 0.96 < 1.00 with LTV 75 > 65
		failures: [BELOW_ONE],
		dscr: '0.96',
	},
	{
		name: '660-679 at 70 %: a cell the sheet does not offer',
		given: { ficoBand: '660-679', loanAmount: 280_000, monthlyRent: 4000 },
		// 280,000 / 400,000 = 70 %: the 660-679 × 70-75 cell is null (660-679 is the minimum band, so no min-fico)
		failures: [NOT_OFFERED('660-679', '70')],
		dscr: null,
	},
	{
		name: '680-699 at exactly 75 %: the 75+ bucket is not offered',
		given: { ficoBand: '680-699', loanAmount: 300_000, monthlyRent: 4000 },
		// 300,000 / 400,000 = 75.00 %: bucket 75+ (bound inclusive), null for 680-699
		failures: [NOT_OFFERED('680-699', '75')],
		dscr: null,
	},
	{
		name: 'a building of 5 or more units',
		given: { propertyType: 'multi-family-5plus', propertyValue: 1_000_000, loanAmount: 700_000, monthlyRent: 9000 },
		// the sheet's 5+ unit property type is null
		failures: [{ rule: 'property-type', message: 'This property type is not financed with a DSCR loan' }],
		dscr: null,
	},
	{
		name: 'a loan of $3,001,000: above the range',
		given: { ficoBand: '800+', propertyValue: 5_000_000, loanAmount: 3_001_000, monthlyRent: 40_000 },
		// 6.250 - 0.125 (800+ × 60-65, LTV 60.02) + 0.125 (1.5M+) = 6.250: P&I 18,477.67 + 5,000.00 + 2,083.33 = 25,561.00; 40,000/25,561.00 = 1.56
		failures: [LOAN_RANGE],
		dscr: '1.56',
	},
	{
		name: 'a rate/term loan of $99,000: below the range',
		given: { purpose: 'rate-term', propertyValue: 150_000, loanAmount: 99_000, monthlyRent: 1500 },
		// 6.250 + 0.250 (740-759 × 65-70, LTV 66) + 0.500 (under 150k) + 0.125 = 7.125: P&I 666.98 + 150.00 + 62.50 = 879.48; 1,500/879.48 = 1.70
		failures: [LOAN_RANGE],
		dscr: '1.70',
	},
	{
		name: '2.5 points: above the 2 the sheet sells',
		given: { points: 2.5, monthlyRent: 4000 },
		failures: [{ rule: 'points', message: 'Choose points from 0 to 2 in steps of 0.5' }],
		dscr: null,
	},
	{
		name: 'a 660-679 cash-out at 80 %: no cell, and above the cash-out cap',
		given: { purpose: 'cash-out', ficoBand: '660-679', loanAmount: 320_000, monthlyRent: 4000 },
		// 320,000 / 400,000 = 80 %: 660-679 × 75+ is null; 80 > 75; 75 % × 400,000 = 300,000
		failures: [
			NOT_OFFERED('660-679', '80'),
			{
				rule: 'max-ltv',
				message: '80 % LTV is above the 75 % we lend for a cash-out refinance',
				qualifiesWith: 'At 75 % LTV (a loan of $300,000) this qualifies',
			},
		],
		dscr: null,
	},
	{
		name: 'a purchase at 80.5 % with a DSCR of 0.70: three rules fail',
		given: { loanAmount: 322_000, monthlyRent: 2000 },
		// 322,000 / 400,000 = 80.5 %; 6.250 + 0.500 (740-759 × 75+) = 6.750
		// at 6.750: P&I 2,088.49 + 400.00 + 166.67 = 2,655.16; 2,000/2,655.16 = 0.753 -> 0.75 -> tier 0.00 (+0.750) = 7.500
		// at 7.500: P&I 2,251.47; PITIA 2,818.14; 2,000/2,818.14 = 0.709 -> 0.70 < 0.75, < 1.00 with LTV above 65
		failures: [
			{
				rule: 'max-ltv',
				message: '80.5 % LTV is above the 80 % we lend for a purchase',
				qualifiesWith: 'At 80 % LTV (a loan of $320,000) this qualifies',
			},
			{
				rule: 'min-dscr',
				message: 'A DSCR of 0.70 is below our minimum of 0.75',
				qualifiesWith: 'A smaller loan or a higher rent raises the DSCR',
			},
			BELOW_ONE,
		],
		dscr: '0.70',
	},
]

describe('DSCR scenarios priced by hand (not eligible)', () => {
	test.each(DSCR_INELIGIBLE)('$name', (row) => {
		const quote = priceDscr(dscrSheet, dscrScenario(row.given))
		expect(quote.eligible).toBe(false)
		expect(quote.rate).toBeNull()
		expect(quote.monthly).toBeNull()
		expect(quote.lines).toEqual([])
		expect(quote.failures).toEqual(row.failures)
		expect(quote.dscr).toBe(row.dscr)
	})
})

type ShortTermRow = {
	name: string
	given: ShortTermScenario
	/** The grid cell's row and column labels. */
	cell: string
	loanAmount: number
	rate: string
	points: string
	pointsCost: string
	monthlyInterest: string
	totalCost: string
	cashToClose: string
	/** Loan to cost, to the value after (as-is for a bridge), and to the as-is value, in percent. */
	leverage: [string, string, string]
}

const bridge = (acquisition: number, value: number, experience: number, ficoBand: ShortTermScenario['ficoBand']): ShortTermScenario => ({
	program: 'short-term-bridge',
	acquisition,
	budget: 0,
	finishedValue: value,
	experience,
	ficoBand,
})
const fixFlip = (acquisition: number, budget: number, arv: number, experience: number, ficoBand: ShortTermScenario['ficoBand']) =>
	({ program: 'fix-flip', acquisition, budget, finishedValue: arv, experience, ficoBand }) satisfies ShortTermScenario
const construction = (land: number, budget: number, value: number, experience: number, ficoBand: ShortTermScenario['ficoBand']) =>
	({ program: 'construction', acquisition: land, budget, finishedValue: value, experience, ficoBand }) satisfies ShortTermScenario

const SHORT_TERM_ELIGIBLE: ShortTermRow[] = [
	// Bridge: caps 80 % of the price, 75 % of the as-is value, 75 % of the price; 12 months.
	{
		name: 'bridge, 1 project, 700-719: the value cap',
		given: bridge(400_000, 380_000, 1, '700-719'),
		// min(320,000, 285,000, 300,000) = 285,000; cell 1-4 × 700-739 = 10.500 / 1.750
		// 285,000 × 10.5 / 1200 = 2,493.75; points 4,987.50; 12 × 2,493.75 + 4,987.50 = 34,912.50; 400,000 - 285,000 + 4,987.50
		cell: '1-4 projects, FICO 700-739',
		loanAmount: 285_000,
		rate: '10.500',
		points: '1.750',
		pointsCost: '4987.50',
		monthlyInterest: '2493.75',
		totalCost: '34912.50',
		cashToClose: '119987.50',
		leverage: ['71.25', '75.00', '71.25'], // 285/400, 285/380, 285/400
	},
	{
		name: 'bridge, 7 projects, 760-779: the as-is cap',
		given: bridge(1_000_000, 1_200_000, 7, '760-779'),
		// min(800,000, 900,000, 750,000) = 750,000; cell 5+ × 740+ = 9.875 / 1.250
		// 750,000 × 9.875 / 1200 = 6,171.875 -> 6,171.88; points 9,375.00; 12 × 6,171.88 = 74,062.56 + 9,375 = 83,437.56
		cell: '5+ projects, FICO 740+',
		loanAmount: 750_000,
		rate: '9.875',
		points: '1.250',
		pointsCost: '9375.00',
		monthlyInterest: '6171.88',
		totalCost: '83437.56',
		cashToClose: '259375.00', // 250,000 + 9,375
		leverage: ['75.00', '62.50', '75.00'],
	},
	{
		name: 'bridge, new investor, 680-699: the loan rounded down to $1,000',
		given: bridge(133_333, 140_000, 0, '680-699'),
		// min(106,666.40, 105,000, 99,999.75) -> 99,000; cell New × 660-699 = 11.250 / 2.000
		// 99,000 × 11.25 / 1200 = 928.125 -> 928.13; points 1,980.00; 12 × 928.13 = 11,137.56 + 1,980 = 13,117.56
		cell: 'New investor, FICO 660-699',
		loanAmount: 99_000,
		rate: '11.250',
		points: '2.000',
		pointsCost: '1980.00',
		monthlyInterest: '928.13',
		totalCost: '13117.56',
		cashToClose: '36313.00', // 133,333 - 99,000 + 1,980
		leverage: ['74.25', '70.71', '74.25'], // 99,000/133,333 = 74.2502; 99/140 = 70.714
	},
	{
		name: 'bridge, exactly 1 project, 800+',
		given: bridge(250_000, 300_000, 1, '800+'),
		// min(200,000, 225,000, 187,500) -> 187,000; cell 1-4 × 740+ = 10.250 / 1.500
		// 187,000 × 10.25 / 1200 = 1,597.2917 -> 1,597.29; points 2,805.00; 12 × 1,597.29 = 19,167.48 + 2,805 = 21,972.48
		cell: '1-4 projects, FICO 740+',
		loanAmount: 187_000,
		rate: '10.250',
		points: '1.500',
		pointsCost: '2805.00',
		monthlyInterest: '1597.29',
		totalCost: '21972.48',
		cashToClose: '65805.00', // 250,000 - 187,000 + 2,805
		leverage: ['74.80', '62.33', '74.80'],
	},
	{
		name: 'bridge, 4 projects, 660-679: a value under the price',
		given: bridge(600_000, 560_000, 4, '660-679'),
		// min(480,000, 420,000, 450,000) = 420,000; cell 1-4 × 660-699 = 10.875 / 2.000
		// 420,000 × 10.875 / 1200 = 3,806.25; points 8,400; 12 × 3,806.25 = 45,675 + 8,400 = 54,075
		cell: '1-4 projects, FICO 660-699',
		loanAmount: 420_000,
		rate: '10.875',
		points: '2.000',
		pointsCost: '8400.00',
		monthlyInterest: '3806.25',
		totalCost: '54075.00',
		cashToClose: '188400.00', // 600,000 - 420,000 + 8,400
		leverage: ['70.00', '75.00', '70.00'],
	},
	{
		name: 'bridge, exactly 5 projects, 720-739: the program maximum',
		given: bridge(4_500_000, 4_200_000, 5, '720-739'),
		// min(3,600,000, 3,150,000, 3,375,000, 3,000,000) = 3,000,000; cell 5+ × 700-739 = 10.125 / 1.500
		// 3,000,000 × 10.125 / 1200 = 25,312.50; points 45,000; 12 × 25,312.50 = 303,750 + 45,000 = 348,750
		cell: '5+ projects, FICO 700-739',
		loanAmount: 3_000_000,
		rate: '10.125',
		points: '1.500',
		pointsCost: '45000.00',
		monthlyInterest: '25312.50',
		totalCost: '348750.00',
		cashToClose: '1545000.00', // 4,500,000 - 3,000,000 + 45,000
		leverage: ['66.67', '71.43', '66.67'], // 3/4.5 = 66.667; 3/4.2 = 71.429
	},
	{
		name: 'bridge, new investor, 740-759: every cap at 75 %',
		given: bridge(320_000, 320_000, 0, '740-759'),
		// min(256,000, 240,000, 240,000) = 240,000; cell New × 740+ = 10.500 / 1.750
		// 240,000 × 10.5 / 1200 = 2,100.00; points 4,200; 12 × 2,100 + 4,200 = 29,400
		cell: 'New investor, FICO 740+',
		loanAmount: 240_000,
		rate: '10.500',
		points: '1.750',
		pointsCost: '4200.00',
		monthlyInterest: '2100.00',
		totalCost: '29400.00',
		cashToClose: '84200.00', // 320,000 - 240,000 + 4,200
		leverage: ['75.00', '75.00', '75.00'],
	},
	// Fix & flip: caps 90 % of price + rehab, 75 % of ARV, 85 % of price + rehab; 12 months.
	{
		name: 'fix & flip, new investor, 700-719: the ARV cap',
		given: fixFlip(300_000, 100_000, 450_000, 0, '700-719'),
		// min(360,000, 337,500, 255,000 + 100,000 = 355,000) -> 337,000; cell New × 700-739 = 11.125 / 2.250
		// 337,000 × 11.125 / 1200 = 3,124.2708 -> 3,124.27; points 7,582.50; 12 × 3,124.27 = 37,491.24 + 7,582.50 = 45,073.74
		cell: 'New investor, FICO 700-739',
		loanAmount: 337_000,
		rate: '11.125',
		points: '2.250',
		pointsCost: '7582.50',
		monthlyInterest: '3124.27',
		totalCost: '45073.74',
		cashToClose: '70582.50', // 400,000 - 337,000 + 7,582.50
		leverage: ['84.25', '74.89', '79.00'], // 337/400; 337/450 = 74.889; (337 - 100)/300
	},
	{
		name: 'fix & flip, 12 projects, 780-799: the cost cap',
		given: fixFlip(200_000, 200_000, 600_000, 12, '780-799'),
		// min(360,000, 450,000, 170,000 + 200,000 = 370,000) = 360,000; cell 5+ × 740+ = 10.000 / 1.500
		// 360,000 × 10 / 1200 = 3,000.00; points 5,400; 12 × 3,000 + 5,400 = 41,400
		cell: '5+ projects, FICO 740+',
		loanAmount: 360_000,
		rate: '10.000',
		points: '1.500',
		pointsCost: '5400.00',
		monthlyInterest: '3000.00',
		totalCost: '41400.00',
		cashToClose: '45400.00', // 400,000 - 360,000 + 5,400
		leverage: ['90.00', '60.00', '80.00'], // (360 - 200)/200
	},
	{
		name: 'fix & flip, 1 project, 660-679: the as-is cap',
		given: fixFlip(150_000, 30_000, 260_000, 1, '660-679'),
		// min(162,000, 195,000, 127,500 + 30,000 = 157,500) -> 157,000; cell 1-4 × 660-699 = 11.125 / 2.250
		// 157,000 × 11.125 / 1200 = 1,455.5208 -> 1,455.52; points 3,532.50; 12 × 1,455.52 = 17,466.24 + 3,532.50 = 20,998.74
		cell: '1-4 projects, FICO 660-699',
		loanAmount: 157_000,
		rate: '11.125',
		points: '2.250',
		pointsCost: '3532.50',
		monthlyInterest: '1455.52',
		totalCost: '20998.74',
		cashToClose: '26532.50', // 180,000 - 157,000 + 3,532.50
		leverage: ['87.22', '60.38', '84.67'], // 157/180 = 87.222; 157/260 = 60.385; 127/150 = 84.667
	},
	{
		name: 'fix & flip, new investor, 740-759',
		given: fixFlip(425_000, 75_000, 640_000, 0, '740-759'),
		// min(450,000, 480,000, 361,250 + 75,000 = 436,250) -> 436,000; cell New × 740+ = 10.875 / 2.000
		// 436,000 × 10.875 / 1200 = 3,951.25; points 8,720; 12 × 3,951.25 = 47,415 + 8,720 = 56,135
		cell: 'New investor, FICO 740+',
		loanAmount: 436_000,
		rate: '10.875',
		points: '2.000',
		pointsCost: '8720.00',
		monthlyInterest: '3951.25',
		totalCost: '56135.00',
		cashToClose: '72720.00', // 500,000 - 436,000 + 8,720
		leverage: ['87.20', '68.13', '84.94'], // 436/640 = 68.125; 361/425 = 84.941
	},
	{
		name: 'fix & flip, exactly 5 projects, 680-699',
		given: fixFlip(180_000, 120_000, 330_000, 5, '680-699'),
		// min(270,000, 247,500, 153,000 + 120,000 = 273,000) -> 247,000; cell 5+ × 660-699 = 10.750 / 2.000
		// 247,000 × 10.75 / 1200 = 2,212.7083 -> 2,212.71; points 4,940; 12 × 2,212.71 = 26,552.52 + 4,940 = 31,492.52
		cell: '5+ projects, FICO 660-699',
		loanAmount: 247_000,
		rate: '10.750',
		points: '2.000',
		pointsCost: '4940.00',
		monthlyInterest: '2212.71',
		totalCost: '31492.52',
		cashToClose: '57940.00', // 300,000 - 247,000 + 4,940
		leverage: ['82.33', '74.85', '70.56'], // 247/300; 247/330 = 74.848; 127/180 = 70.556
	},
	{
		name: 'fix & flip, 3 projects, 800+',
		given: fixFlip(95_000, 40_000, 190_000, 3, '800+'),
		// min(121,500, 142,500, 80,750 + 40,000 = 120,750) -> 120,000; cell 1-4 × 740+ = 10.500 / 1.750
		// 120,000 × 10.5 / 1200 = 1,050.00; points 2,100; 12 × 1,050 + 2,100 = 14,700
		cell: '1-4 projects, FICO 740+',
		loanAmount: 120_000,
		rate: '10.500',
		points: '1.750',
		pointsCost: '2100.00',
		monthlyInterest: '1050.00',
		totalCost: '14700.00',
		cashToClose: '17100.00', // 135,000 - 120,000 + 2,100
		leverage: ['88.89', '63.16', '84.21'], // 120/135 = 88.889; 120/190 = 63.158; 80/95 = 84.211
	},
	{
		name: 'fix & flip, 6 projects, 700-719: the as-is cap exactly',
		given: fixFlip(260_000, 90_000, 500_000, 6, '700-719'),
		// min(315,000, 375,000, 221,000 + 90,000 = 311,000) = 311,000; cell 5+ × 700-739 = 10.375 / 1.750
		// 311,000 × 10.375 / 1200 = 2,688.8542 -> 2,688.85; points 5,442.50; 12 × 2,688.85 = 32,266.20 + 5,442.50 = 37,708.70
		cell: '5+ projects, FICO 700-739',
		loanAmount: 311_000,
		rate: '10.375',
		points: '1.750',
		pointsCost: '5442.50',
		monthlyInterest: '2688.85',
		totalCost: '37708.70',
		cashToClose: '44442.50', // 350,000 - 311,000 + 5,442.50
		leverage: ['88.86', '62.20', '85.00'], // 311/350 = 88.857; 311/500; 221/260
	},
	{
		name: 'fix & flip, new investor, 660-679: the costliest cell',
		given: fixFlip(120_000, 60_000, 215_000, 0, '660-679'),
		// min(162,000, 161,250, 102,000 + 60,000 = 162,000) -> 161,000; cell New × 660-699 = 11.500 / 2.500
		// 161,000 × 11.5 / 1200 = 1,542.9167 -> 1,542.92; points 4,025; 12 × 1,542.92 = 18,515.04 + 4,025 = 22,540.04
		cell: 'New investor, FICO 660-699',
		loanAmount: 161_000,
		rate: '11.500',
		points: '2.500',
		pointsCost: '4025.00',
		monthlyInterest: '1542.92',
		totalCost: '22540.04',
		cashToClose: '23025.00', // 180,000 - 161,000 + 4,025
		leverage: ['89.44', '74.88', '84.17'], // 161/180 = 89.444; 161/215 = 74.884; 101/120 = 84.167
	},
	// Construction: caps 85 % of land + budget, 70 % of the completed value, 60 % of the land + budget; 18 months.
	{
		name: 'construction, 1 build, 680-699: the cost cap',
		given: construction(150_000, 500_000, 900_000, 1, '680-699'),
		// min(552,500, 630,000, 90,000 + 500,000 = 590,000) -> 552,000; cell 1-4 × 680-719 = 11.750 / 2.500
		// 552,000 × 11.75 / 1200 = 5,405.00; points 13,800; 18 × 5,405 = 97,290 + 13,800 = 111,090
		cell: '1-4 builds, FICO 680-719',
		loanAmount: 552_000,
		rate: '11.750',
		points: '2.500',
		pointsCost: '13800.00',
		monthlyInterest: '5405.00',
		totalCost: '111090.00',
		cashToClose: '111800.00', // 650,000 - 552,000 + 13,800
		leverage: ['84.92', '61.33', '34.67'], // 552/650 = 84.923; 552/900; 52/150 = 34.667
	},
	{
		name: 'construction, 3 builds, 740-759: the completed-value cap',
		given: construction(200_000, 600_000, 900_000, 3, '740-759'),
		// min(680,000, 630,000, 120,000 + 600,000 = 720,000) = 630,000; cell 1-4 × 720+ = 11.375 / 2.250
		// 630,000 × 11.375 / 1200 = 5,971.875 -> 5,971.88; points 14,175; 18 × 5,971.88 = 107,493.84 + 14,175 = 121,668.84
		cell: '1-4 builds, FICO 720+',
		loanAmount: 630_000,
		rate: '11.375',
		points: '2.250',
		pointsCost: '14175.00',
		monthlyInterest: '5971.88',
		totalCost: '121668.84',
		cashToClose: '184175.00', // 800,000 - 630,000 + 14,175
		leverage: ['78.75', '70.00', '15.00'], // 30/200
	},
	{
		name: 'construction, exactly 5 builds, 700-719: the land cap',
		given: construction(500_000, 300_000, 1_500_000, 5, '700-719'),
		// min(680,000, 1,050,000, 300,000 + 300,000 = 600,000) = 600,000; cell 5+ × 680-719 = 11.250 / 2.250
		// 600,000 × 11.25 / 1200 = 5,625.00; points 13,500; 18 × 5,625 = 101,250 + 13,500 = 114,750
		cell: '5+ builds, FICO 680-719',
		loanAmount: 600_000,
		rate: '11.250',
		points: '2.250',
		pointsCost: '13500.00',
		monthlyInterest: '5625.00',
		totalCost: '114750.00',
		cashToClose: '213500.00', // 800,000 - 600,000 + 13,500
		leverage: ['75.00', '40.00', '60.00'],
	},
	{
		name: 'construction, 20 builds, 800+: the $5,000,000 maximum',
		given: construction(2_000_000, 5_000_000, 10_000_000, 20, '800+'),
		// min(5,950,000, 7,000,000, 1,200,000 + 5,000,000, 5,000,000) = 5,000,000; cell 5+ × 720+ = 10.875 / 2.000
		// 5,000,000 × 10.875 / 1200 = 45,312.50; points 100,000; 18 × 45,312.50 = 815,625 + 100,000 = 915,625
		cell: '5+ builds, FICO 720+',
		loanAmount: 5_000_000,
		rate: '10.875',
		points: '2.000',
		pointsCost: '100000.00',
		monthlyInterest: '45312.50',
		totalCost: '915625.00',
		cashToClose: '2100000.00', // 7,000,000 - 5,000,000 + 100,000
		leverage: ['71.43', '50.00', '0.00'], // 5/7 = 71.429; the budget takes the whole loan
	},
	{
		name: 'construction, 2 builds, exactly 720-739: the cost cap exactly',
		given: construction(90_000, 310_000, 520_000, 2, '720-739'),
		// min(340,000, 364,000, 54,000 + 310,000 = 364,000) = 340,000; cell 1-4 × 720+ = 11.375 / 2.250
		// 340,000 × 11.375 / 1200 = 3,222.9167 -> 3,222.92; points 7,650; 18 × 3,222.92 = 58,012.56 + 7,650 = 65,662.56
		cell: '1-4 builds, FICO 720+',
		loanAmount: 340_000,
		rate: '11.375',
		points: '2.250',
		pointsCost: '7650.00',
		monthlyInterest: '3222.92',
		totalCost: '65662.56',
		cashToClose: '67650.00', // 400,000 - 340,000 + 7,650
		leverage: ['85.00', '65.38', '33.33'], // 340/520 = 65.385; 30/90 = 33.333
	},
]

describe('bridge, fix & flip and construction scenarios priced by hand (eligible)', () => {
	test.each(SHORT_TERM_ELIGIBLE)('$name', (row) => {
		const terms = MARKET_RATE_SHEET.shortTerm[row.given.program]
		const quote = priceShortTerm(terms, row.given)
		expect(quote.failures).toEqual([])
		expect(quote).toMatchObject({
			eligible: true,
			loanAmount: row.loanAmount,
			rate: row.rate,
			points: row.points,
			pointsCost: row.pointsCost,
			monthlyInterest: row.monthlyInterest,
			termMonths: row.given.program === 'construction' ? 18 : 12,
			totalCost: row.totalCost,
			cashToClose: row.cashToClose,
		})
		expect(quote.lines).toEqual([{ label: 'Base rate', reason: row.cell, percent: row.rate }])
		expect(quote.leverage.map((item) => item.percent)).toEqual(row.leverage)
	})
})

type ShortTermIneligibleRow = {
	name: string
	given: ShortTermScenario
	failures: Failure[]
	loanAmount: number
	leverage: [string, string, string]
}

const SHORT_TERM_INELIGIBLE: ShortTermIneligibleRow[] = [
	{
		name: 'bridge: the caps allow less than $75,000',
		given: bridge(90_000, 100_000, 2, '740-759'),
		// min(72,000, 75,000, 67,500) -> 67,000 < 75,000
		failures: [
			{
				rule: 'loan-range',
				message: 'The caps allow a loan of $67,000, below our minimum of $75,000',
				qualifiesWith: 'A project whose cost and value allow at least $75,000',
			},
		],
		loanAmount: 67_000,
		leverage: ['74.44', '67.00', '74.44'], // 67/90 = 74.444
	},
	{
		name: 'bridge: a FICO of 640-659, below the 660-699 band',
		given: bridge(400_000, 380_000, 1, '640-659'),
		// min(320,000, 285,000, 300,000) = 285,000
		failures: [
			{
				rule: 'min-fico',
				message: 'A FICO of 640-659 is below our minimum for a bridge loan',
				qualifiesWith: 'A FICO of 660-679 or higher',
			},
		],
		loanAmount: 285_000,
		leverage: ['71.25', '75.00', '71.25'],
	},
	{
		name: 'fix & flip: too small, and a FICO of 620-639',
		given: fixFlip(60_000, 15_000, 90_000, 2, '620-639'),
		// min(67,500, 67,500, 51,000 + 15,000 = 66,000) = 66,000 < 75,000
		failures: [
			{
				rule: 'loan-range',
				message: 'The caps allow a loan of $66,000, below our minimum of $75,000',
				qualifiesWith: 'A project whose cost and value allow at least $75,000',
			},
			{
				rule: 'min-fico',
				message: 'A FICO of 620-639 is below our minimum for a fix & flip loan',
				qualifiesWith: 'A FICO of 660-679 or higher',
			},
		],
		loanAmount: 66_000,
		leverage: ['88.00', '73.33', '85.00'], // 66/75; 66/90 = 73.333; 51/60
	},
	{
		name: 'fix & flip: 10 projects do not make up for a FICO below 600',
		given: fixFlip(300_000, 100_000, 450_000, 10, 'below-600'),
		// min(360,000, 337,500, 355,000) -> 337,000
		failures: [
			{
				rule: 'min-fico',
				message: 'A FICO of below-600 is below our minimum for a fix & flip loan',
				qualifiesWith: 'A FICO of 660-679 or higher',
			},
		],
		loanAmount: 337_000,
		leverage: ['84.25', '74.89', '79.00'],
	},
	{
		name: 'construction: the caps allow less than $150,000',
		given: construction(50_000, 100_000, 200_000, 2, '740-759'),
		// min(127,500, 140,000, 30,000 + 100,000 = 130,000) -> 127,000 < 150,000
		failures: [
			{
				rule: 'loan-range',
				message: 'The caps allow a loan of $127,000, below our minimum of $150,000',
				qualifiesWith: 'A project whose cost and value allow at least $150,000',
			},
		],
		loanAmount: 127_000,
		leverage: ['84.67', '63.50', '54.00'], // 127/150 = 84.667; 127/200; 27/50
	},
	{
		name: 'construction: a FICO of 660-679, below the 680-719 band',
		given: construction(150_000, 500_000, 900_000, 3, '660-679'),
		// the loan would be 552,000 as in the first construction row
		failures: [
			{
				rule: 'min-fico',
				message: 'A FICO of 660-679 is below our minimum for a construction loan',
				qualifiesWith: 'A FICO of 680-699 or higher',
			},
		],
		loanAmount: 552_000,
		leverage: ['84.92', '61.33', '34.67'],
	},
	{
		name: 'construction: no completed build and a FICO of 600-619',
		given: construction(500_000, 300_000, 1_500_000, 0, '600-619'),
		// the loan would be 600,000 as in the 5-build row
		failures: [
			{
				rule: 'experience',
				message: 'A construction loan needs at least 1 completed project',
				qualifiesWith: '1 or more projects in the last 3 years',
			},
			{
				rule: 'min-fico',
				message: 'A FICO of 600-619 is below our minimum for a construction loan',
				qualifiesWith: 'A FICO of 680-699 or higher',
			},
		],
		loanAmount: 600_000,
		leverage: ['75.00', '40.00', '60.00'],
	},
]

describe('bridge, fix & flip and construction scenarios priced by hand (not eligible)', () => {
	test.each(SHORT_TERM_INELIGIBLE)('$name', (row) => {
		const quote = priceShortTerm(MARKET_RATE_SHEET.shortTerm[row.given.program], row.given)
		expect(quote).toMatchObject({
			eligible: false,
			rate: null,
			points: null,
			pointsCost: null,
			monthlyInterest: null,
			totalCost: null,
			cashToClose: null,
			lines: [],
			loanAmount: row.loanAmount,
		})
		expect(quote.failures).toEqual(row.failures)
		expect(quote.leverage.map((item) => item.percent)).toEqual(row.leverage)
	})
})

test('the table covers the four programs with at least 55 scenarios, 12 of them not eligible', () => {
	const shortTermPrograms = [...SHORT_TERM_ELIGIBLE, ...SHORT_TERM_INELIGIBLE].map((row) => row.given.program)
	const counts = {
		dscr: DSCR_ELIGIBLE.length + 1 + DSCR_INELIGIBLE.length, // + the no-rent scenario
		'short-term-bridge': shortTermPrograms.filter((program) => program === 'short-term-bridge').length,
		'fix-flip': shortTermPrograms.filter((program) => program === 'fix-flip').length,
		construction: shortTermPrograms.filter((program) => program === 'construction').length,
	}
	expect(counts).toEqual({ dscr: 40, 'short-term-bridge': 9, 'fix-flip': 10, construction: 8 })
	expect(DSCR_INELIGIBLE.length + SHORT_TERM_INELIGIBLE.length).toBe(21)
})
