import { parseDollars } from '#app/features/money/money.ts'
import { cashOutLoan } from '#app/features/quote-wizard/cash-out-amounts.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { percentAmount } from '#app/features/quote-wizard/money-rules.ts'
import type { PricingRequest } from './pricing-request.ts'
import { rangePurchase } from './range-purchase.ts'
import { type DscrPurpose, FICO_BANDS, type FicoBand, PROPERTY_TYPE_VALUES, type PropertyTypeValue } from './rate-sheet.ts'

/**
 * The pricing scenario of a visitor's answers (docs/decisions/0065): what the wizard knows, mapped to the figures the rate
 * sheet prices. The short form asks neither a credit score nor the rent, so a DSCR request without them is priced
 * per credit band at the sheet's assumed DSCR; the long form's detailed FICO, rent and HOA price it exactly.
 */
export type AnswersScenario = {
	request: PricingRequest
	/** What the answers did not say and the terms take as given, in words a borrower reads. */
	assumed: string[]
	/** A cash-out refinance: the balance its loan pays off, null when the answers do not give it (docs/decisions/0074). */
	cashOut?: { payoff: number | null }
	/** A purchase priced from ranges: what it was priced for, in words a borrower reads (docs/decisions/0074). */
	pricedFor?: string
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
	return Number.isFinite(percent) && percent > 0 ? cashOutLoan(value, percent) : null
}

/** A cash-out's payoff: the balance answered ($0 for a property owned free and clear), or null when not given. */
function cashOutOf(data: LoanFormData): Pick<AnswersScenario, 'cashOut'> {
	if (data.transactionType !== 'cash-out-refinance') return {}
	const balance = data.currentBalance === undefined ? null : parseDollars(data.currentBalance)
	return { cashOut: { payoff: balance === null || balance < 0 ? null : Math.floor(balance) } }
}

/** A purchase without a property yet, priced for the middle of its ranges (docs/decisions/0074); null otherwise. */
function shoppingPurchase(data: LoanFormData, withDown: boolean) {
	if (data.transactionType !== 'purchase' || data.hasFoundProperty !== 'no') return null
	return rangePurchase(data.priceRange, data.downPaymentAmount, { withDown })
}

/** The bridge's experience (docs/decisions/0074); a lead from before the wizard asked it is priced as a new investor's. */
const NEW_INVESTOR = 'No completed projects yet (more experience can lower the rate)'

/** The request for these answers, or null when they do not name the figures a price needs. */
export function scenarioFromAnswers(data: LoanFormData): AnswersScenario | null {
	const band = ficoBand(data)
	const isPurchase = data.transactionType === 'purchase'
	const shopping = shoppingPurchase(data, data.loanProgram === 'dscr')
	const value = shopping ? shopping.price : dollars(isPurchase ? data.purchasePrice : data.estimatedPropertyValue)
	const pricedFor = shopping ? { pricedFor: shopping.label } : {}
	if (data.loanProgram === 'dscr') {
		const purpose = PURPOSES[data.transactionType ?? '']
		const propertyType = (PROPERTY_TYPE_VALUES as readonly string[]).includes(data.propertyType ?? '')
			? (data.propertyType as PropertyTypeValue)
			: null
		if (!purpose || !propertyType || value === null || value <= 0) return null
		let loanAmount: number | null = null
		if (shopping) loanAmount = Math.floor((value * (100 - shopping.downPercent)) / 100)
		else if (purpose === 'purchase') {
			const down = data.downPayment === undefined ? null : parseDollars(data.downPayment)
			loanAmount = down === null || down < 0 || down >= value ? null : Math.floor(value - down)
		} else loanAmount = refinanceLoan(data, value)
		if (loanAmount === null || loanAmount <= 0) return null
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
			...cashOutOf(data),
			...pricedFor,
		}
	}
	if (data.loanProgram === 'short-term-bridge') {
		if (value === null || value <= 0) return null
		// A refinance asks for its balance (or the value × the cash-out share); a purchase, the largest the caps allow.
		const askedLoan = isPurchase ? null : refinanceLoan(data, value)
		if (!isPurchase && askedLoan === null) return null
		const experience = wholeNumber(data.projectExperience)
		return {
			request: {
				program: 'short-term-bridge',
				acquisition: value,
				budget: 0,
				finishedValue: value,
				experience: experience ?? 0,
				...(askedLoan === null ? {} : { loanAmount: askedLoan, refinance: true }),
				...(band ? { ficoBand: band } : {}),
			},
			assumed: [...(experience === null ? [NEW_INVESTOR] : []), ...(band ? [] : ['Your credit score (each band is shown)'])],
			...cashOutOf(data),
			...pricedFor,
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
