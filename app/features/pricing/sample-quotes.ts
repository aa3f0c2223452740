import { formatDollars } from '#app/features/money/money.ts'
import { type DscrScenario, priceDscr } from './dscr-pricing.ts'
import type { RateSheet } from './rate-sheet.ts'
import { formatRate } from './rate-format.ts'
import { type ShortTermScenario, priceShortTerm } from './short-term-pricing.ts'

/**
 * A few borrowers priced before and after a sheet is published (docs/decisions/0073): one of each kind the site
 * quotes, so a change shows as a pricing desk checks it, on a loan. Amounts in whole dollars.
 */
export type SampleScenario =
	| { label: string; program: 'dscr'; scenario: DscrScenario }
	| { label: string; program: 'short-term'; scenario: ShortTermScenario }

// The prepayment option is the sheet's default (priceSample), as a borrower's first quote is.
const dscrDefaults = {
	product: '30-year-fixed',
	prepayment: '3-2-1',
	interestOnly: false,
	points: 0,
	propertyType: 'single-family',
} as const satisfies Partial<DscrScenario>

export const SAMPLE_SCENARIOS: SampleScenario[] = [
	{
		label: 'DSCR purchase: $500,000 at 75% LTV, FICO 740-759, single family',
		program: 'dscr',
		scenario: { ...dscrDefaults, purpose: 'purchase', propertyValue: 500_000, loanAmount: 375_000, ficoBand: '740-759' },
	},
	{
		label: 'DSCR cash-out refinance: $650,000 value, $455,000 loan (70% LTV), FICO 760-779, rent $4,200',
		program: 'dscr',
		scenario: {
			...dscrDefaults,
			purpose: 'cash-out',
			propertyValue: 650_000,
			loanAmount: 455_000,
			ficoBand: '760-779',
			monthlyRent: 4_200,
		},
	},
	{
		label: 'Bridge purchase: $400,000, as-is value $450,000, 2 projects, FICO 720-739',
		program: 'short-term',
		scenario: { program: 'short-term-bridge', acquisition: 400_000, budget: 0, finishedValue: 450_000, experience: 2, ficoBand: '720-739' },
	},
	{
		label: 'Fix & flip: $300,000 purchase, $80,000 rehab, $500,000 after repair, 3 projects, FICO 740-759',
		program: 'short-term',
		scenario: { program: 'fix-flip', acquisition: 300_000, budget: 80_000, finishedValue: 500_000, experience: 3, ficoBand: '740-759' },
	},
	{
		label: 'Construction: $200,000 land, $600,000 build, $1,100,000 completed value, 6 builds, FICO 740-759',
		program: 'short-term',
		scenario: {
			program: 'construction',
			acquisition: 200_000,
			budget: 600_000,
			finishedValue: 1_100_000,
			experience: 6,
			ficoBand: '740-759',
		},
	},
]

/** One sample priced on one sheet, in words: "6.625% · $2,401.12 a month", or why it is not offered. */
export type SampleTerms = { offered: boolean; text: string }

export function priceSample(sheet: RateSheet, sample: SampleScenario): SampleTerms {
	if (sample.program === 'dscr') {
		const quote = priceDscr(sheet.dscr, { ...sample.scenario, prepayment: sheet.dscr.defaultPrepayment })
		if (!quote.eligible || quote.rate === null)
			return { offered: false, text: `Not offered: ${quote.failures.map((f) => f.message).join('; ')}` }
		const payment = quote.monthly ? ` · ${formatDollars(Number(quote.monthly.payment), { cents: 'always' })} a month` : ''
		return { offered: true, text: `${formatRate(quote.rate)}${payment} · DSCR ${quote.dscr}${quote.dscrAssumed ? ' (assumed)' : ''}` }
	}
	const quote = priceShortTerm(sheet.shortTerm[sample.scenario.program], sample.scenario)
	if (!quote.eligible || quote.rate === null)
		return { offered: false, text: `Not offered: ${quote.failures.map((failure) => failure.message).join('; ')}` }
	return {
		offered: true,
		text: `${formatRate(quote.rate)} + ${Number(quote.points)} points · loan ${formatDollars(quote.loanAmount)} · ${quote.termMonths} months`,
	}
}
