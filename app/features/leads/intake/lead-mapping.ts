import { formatDollarAnswer } from '#app/features/money/money.ts'
import type { LoanFormData } from '../../quote-wizard/form-data.ts'
import { LEGACY_PRICE_RANGE_LABELS, PRICE_RANGES, optionLabel } from '../../quote-wizard/options.ts'
import { stateOfZip, usStateCode } from '#app/features/places/us-address.ts'
import { addressStateOf } from '#app/features/quote-wizard/steps.ts'

/** spec 1 §3: the loan_type column for a loan program. */
export function loanTypeFor(loanProgram: string | undefined) {
	switch (loanProgram) {
		case 'dscr':
			return 'DSCR'
		case 'short-term-bridge':
			return 'Bridge'
		case 'fix-flip':
			return 'Fix & Flip'
		case 'construction':
			return 'Construction'
		default:
			return null
	}
}

/**
 * spec 1 §3: the purchase price as dollars; else the price-range label; else (beyond the spec, so a
 * refinance lead shows a value too) the estimated property value; else the land value; else null.
 */
export function propertyValueFor(data: LoanFormData) {
	const price = formatDollarAnswer(data.purchasePrice ?? '')
	if (price) return price
	if (data.priceRange) return optionLabel(PRICE_RANGES, data.priceRange) ?? LEGACY_PRICE_RANGE_LABELS[data.priceRange] ?? data.priceRange
	// docs/decisions/0028: a construction lead's property is its land (price or value).
	return formatDollarAnswer(data.estimatedPropertyValue ?? '') || formatDollarAnswer(data.landValue ?? '') || null
}

/** Used to recognise a repeat inquiry: case and spacing of e-mail, punctuation and +1 of phone do not matter. */

/** spec 1 §3: the long-form payload of update_lead_long_form, drawn from the whole application. */
export function longFormPayload(data: LoanFormData) {
	return {
		ficoScoreDetailed: data.ficoScoreDetailed ?? null,
		propertyDetails: {
			currentlyRented: data.currentlyRented,
			propertyCondition: data.propertyCondition,
			monthlyRent: data.monthlyRent,
			estimatedMonthlyRent: data.estimatedMonthlyRent,
			hasMonthlyHOA: data.hasMonthlyHOA,
			monthlyHOAAmount: data.monthlyHOAAmount,
			additionalPropertyDetails: data.additionalPropertyDetails,
		},
		loanCustomization: {
			interestOnlyPreference: data.interestOnlyPreference,
			escrowPreference: data.escrowPreference,
			titlePreference: data.titlePreference,
			exitStrategy: data.exitStrategy,
			exitStrategyOther: data.exitStrategyOther,
			primaryResidenceOwnership: data.primaryResidenceOwnership,
			primaryResidenceFullAddress: data.primaryResidenceFullAddress ?? data.primaryResidenceAddress,
			otherInvestmentCount: data.otherInvestmentCount,
			additionalQuoteProperties: data.additionalQuoteProperties,
			additionalScenarioDetails: data.additionalScenarioDetails,
		},
	}
}

/**
 * The two-letter state of the property, as the wizard stored it (property address or general location), else the
 * state a visitor without a property means to buy in (docs/decisions/0051); null when none. Routing rules and the
 * staff e-mail read it (docs/decisions/0089).
 */
export function propertyStateOf(formData: Partial<LoanFormData>) {
	// docs/decisions/0077: the address's state is read the one way the wizard and the schema read it.
	const code = (value: string | undefined) => usStateCode(value ?? '')
	return (
		addressStateOf(formData) ??
		code(formData.propertyState) ??
		code(formData.manualState) ??
		stateOfZip(formData.manualZip) ??
		code(formData.targetState)
	)
}
