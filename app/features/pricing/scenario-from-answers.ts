import { parseDollars } from '#app/features/money/money.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { percentAmount } from '#app/features/quote-wizard/money-rules.ts'
import type { PricingRequest } from './pricing-request.ts'
import { type DscrPurpose, FICO_BANDS, type FicoBand, PROPERTY_TYPE_VALUES, type PropertyTypeValue } from './rate-sheet.ts'

/**
 * The pricing scenario of a visitor's answers (issue 19): what the wizard knows, mapped to the figures the rate
 * sheet prices. The short form asks neither a credit score nor the rent, so a DSCR request without them is priced
 * per credit band at the sheet's assumed DSCR; the long form's detailed FICO, rent and HOA price it exactly.
 */
export type AnswersScenario = {
	request: PricingRequest
	/** What the answers did not say and the terms take as given, in words a borrower reads. */
	assumed: string[]
}

const PURPOSES: Record<string, DscrPurpose> = { purchase: 'purchase', refinance: 'rate-term', 'cash-out-refinance': 'cash-out' }

/** Whole dollars of a typed amount, or null when it is missing or not an amount above $0. */
function dollars(text: string | undefined) {
	const amount = text === undefined ? null : parseDollars(text)
	return amount === null || amount <= 0 ? null : Math.floor(amount)
}
function wholeNumber(text: string | undefined) {
	return text !== undefined && /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null
}
const ficoBand = (data: LoanFormData) =>
	(FICO_BANDS as readonly string[]).includes(data.ficoScoreDetailed ?? '') ? (data.ficoScoreDetailed as FicoBand) : undefined

/** A refinance's loan: the balance (rate/term), or the value × the cash-out share; null when not given. */
function refinanceLoan(data: LoanFormData, value: number) {
	if (data.transactionType !== 'cash-out-refinance') return dollars(data.currentBalance)
	const percent = percentAmount(data.cashOutPercentage === 'other' ? (data.cashOutPercentageOther ?? '') : (data.cashOutPercentage ?? ''))
	return Number.isFinite(percent) && percent > 0 ? Math.floor((value * percent) / 100) : null
}

/** The request for these answers, or null when they do not name the figures a price needs (a purchase still shopping, say). */
export function scenarioFromAnswers(data: LoanFormData): AnswersScenario | null {
	const band = ficoBand(data)
	const isPurchase = data.transactionType === 'purchase'
	const value = dollars(isPurchase ? data.purchasePrice : data.estimatedPropertyValue)
	if (data.loanProgram === 'dscr') {
		const purpose = PURPOSES[data.transactionType ?? '']
		const propertyType = (PROPERTY_TYPE_VALUES as readonly string[]).includes(data.propertyType ?? '')
			? (data.propertyType as PropertyTypeValue)
			: null
		if (!purpose || !propertyType || value === null) return null
		let loanAmount: number | null = null
		if (purpose === 'purchase') {
			const down = data.downPayment === undefined ? null : parseDollars(data.downPayment)
			loanAmount = down === null || down < 0 || down >= value ? null : Math.floor(value - down)
		} else loanAmount = refinanceLoan(data, value)
		if (loanAmount === null) return null
		const rented = data.currentlyRented === 'yes'
		const rent = dollars(rented ? data.monthlyRent : data.estimatedMonthlyRent)
		const hoa =
			data.hasMonthlyHOA === 'yes' ? (parseDollars(data.monthlyHOAAmount ?? '') ?? undefined) : data.hasMonthlyHOA === 'no' ? 0 : undefined
		return {
			request: {
				program: 'dscr',
				purpose,
				propertyValue: value,
				loanAmount,
				propertyType,
				product: '30-year-fixed',
				// No prepayment option: the sheet's default prices it (docs/decisions/0072).
				// The long form asks it as interestOnlyPreference; the short form's pre-approval step (decision 0009) as interestOnlyOption.
				interestOnly: data.interestOnlyPreference === 'yes' || data.interestOnlyOption === 'yes',
				points: 0,
				...(band ? { ficoBand: band } : {}),
				...(rent === null ? {} : { monthlyRent: rent }),
				...(hoa === undefined ? {} : { monthlyHoa: Math.floor(hoa) }),
			},
			assumed: band ? [] : ['Your credit score (each band is shown)'],
		}
	}
	if (data.loanProgram === 'short-term-bridge') {
		if (value === null) return null
		// A refinance asks for its balance (or the value × the cash-out share); a purchase, the largest the caps allow.
		const askedLoan = isPurchase ? null : refinanceLoan(data, value)
		if (!isPurchase && askedLoan === null) return null
		return {
			request: {
				program: 'short-term-bridge',
				acquisition: value,
				budget: 0,
				finishedValue: value,
				experience: 0,
				...(askedLoan === null ? {} : { loanAmount: askedLoan, refinance: true }),
				...(band ? { ficoBand: band } : {}),
			},
			assumed: [
				'No completed projects yet (more experience can lower the rate)',
				...(band ? [] : ['Your credit score (each band is shown)']),
			],
		}
	}
	if (data.loanProgram === 'fix-flip' || data.loanProgram === 'construction') {
		const flip = data.loanProgram === 'fix-flip'
		const acquisition = dollars(flip ? data.purchasePrice : data.landValue)
		const budget = flip ? dollars(data.rehabBudget) : dollars(data.constructionBudget)
		const budgetGiven = (flip ? data.rehabBudget : data.constructionBudget)?.trim()
		const finishedValue = dollars(flip ? data.afterRepairValue : data.afterCompletionValue)
		const experience = wholeNumber(data.projectExperience)
		// A budget of $0 is an answer (a fix & flip without rehab), not a missing one.
		const budgetDollars = budget ?? (budgetGiven !== undefined && parseDollars(budgetGiven) === 0 ? 0 : null)
		if (acquisition === null || budgetDollars === null || finishedValue === null || experience === null) return null
		return {
			request: {
				program: data.loanProgram,
				acquisition,
				budget: budgetDollars,
				finishedValue,
				experience,
				...(band ? { ficoBand: band } : {}),
			},
			assumed: band ? [] : ['Your credit score (each band is shown)'],
		}
	}
	return null
}
