import {
	DOWN_PAYMENT_AMOUNTS, EXIT_STRATEGIES, FICO_SCORES, FICO_SCORES_DETAILED, LOAN_PROGRAMS, type Option, PRICE_RANGES,
	PROPERTY_CONDITIONS, PROPERTY_TYPES, PURCHASE_TIMELINES, QUOTE_PREFERENCES, TRANSACTION_TYPES, YES_NO,
} from '#app/features/quote-wizard/options.ts'
import { MANUAL_PROPERTY_TYPES, MANUAL_TRANSACTION_TYPES } from './lead-form-options.ts'

export const NOT_PROVIDED = 'Not provided'

type Application = Record<string, unknown>

/** spec 2 §2: the message is read as the form's JSON only when it starts with an opening brace. */
export function parseApplication(message: string | null): Application | null {
	if (!message?.startsWith('{')) return null
	try {
		const parsed: unknown = JSON.parse(message)
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Application) : null
	} catch {
		return null
	}
}

/** spec 2 §2: the collapsible raw data: pretty JSON, else the raw text, else a note that there is none. */
export function rawApplicationText(message: string | null) {
	const application = parseApplication(message)
	if (application) return JSON.stringify(application, null, 2)
	return message && message.trim() !== '' ? message : 'No raw data available'
}

/** spec 2 §2: empty values read 'Not provided', booleans Yes/No, lists comma-joined; option values get their labels. */
export function displayValue(value: unknown, options: ReadonlyArray<Option> = []): string {
	if (value === null || value === undefined) return NOT_PROVIDED
	if (typeof value === 'boolean') return value ? 'Yes' : 'No'
	if (Array.isArray(value)) {
		const items = value.map((item) => displayValue(item, options)).filter((item) => item !== NOT_PROVIDED)
		return items.length > 0 ? items.join(', ') : NOT_PROVIDED
	}
	if (typeof value === 'object') return JSON.stringify(value)
	const text = String(value).trim()
	if (text === '') return NOT_PROVIDED
	return options.find((option) => option.value === text)?.label ?? text
}

const first = (application: Application, ...keys: string[]) => keys.map((key) => application[key]).find((value) => displayValue(value) !== NOT_PROVIDED)

export type DetailRow = { label: string; value: string }
export type DetailSection = { title: string; rows: DetailRow[] }

type LeadForSections = {
	firstName: string
	lastName: string
	email: string
	phone: string
	sourcePage: string | null
	loanType: string | null
	transactionType: string | null
	propertyType: string | null
	propertyValue: string | null
	message: string | null
}

const PROPERTY_TYPE_LABELS = [...PROPERTY_TYPES, ...MANUAL_PROPERTY_TYPES]
const TRANSACTION_TYPE_LABELS = [...TRANSACTION_TYPES, ...MANUAL_TRANSACTION_TYPES]
const row = (label: string, value: unknown, options?: ReadonlyArray<Option>): DetailRow => ({ label, value: displayValue(value, options) })

/**
 * spec 2 §2 Lead details: the five sections. The spec's key names come first; the wizard's own
 * names (spec 1 §3) stand in where it stores the same fact under another key.
 */
export function leadDetailSections(lead: LeadForSections): DetailSection[] {
	const application = parseApplication(lead.message) ?? {}
	const exitStrategy = application.exitStrategy === 'other' ? first(application, 'exitStrategyOther', 'exitStrategy') : application.exitStrategy
	const propertyRows = [
		row('Property Type', lead.propertyType, PROPERTY_TYPE_LABELS),
		row('Property Value', lead.propertyValue),
		// spec 2 §2: address, city/state/ZIP and condition only when present.
		row('Address', first(application, 'propertyAddress', 'propertyFullAddress')),
		{
			label: 'City / State / ZIP',
			value: [first(application, 'propertyCity', 'manualCity'), first(application, 'propertyState', 'manualState'), first(application, 'propertyZip', 'manualZip')]
				.filter((part) => part !== undefined)
				.map((part) => displayValue(part))
				.join(', ') || NOT_PROVIDED,
		},
		row('Condition', application.propertyCondition, PROPERTY_CONDITIONS),
	].filter((entry, index) => index < 2 || entry.value !== NOT_PROVIDED)
	return [
		{
			title: 'Contact Information',
			rows: [row('Name', `${lead.firstName} ${lead.lastName}`), row('Email', lead.email), row('Phone', lead.phone), row('Source', lead.sourcePage)],
		},
		{
			title: 'Loan Information',
			rows: [
				row('Loan Type', lead.loanType),
				row('Transaction Type', lead.transactionType, TRANSACTION_TYPE_LABELS),
				row('Loan Program', application.loanProgram, LOAN_PROGRAMS),
				row('Loan Amount', application.loanAmount),
			],
		},
		{ title: 'Property Information', rows: propertyRows },
		{
			title: 'Financial Information',
			rows: [
				row('Purchase Price', first(application, 'purchasePrice', 'priceRange'), PRICE_RANGES),
				row('Down Payment', first(application, 'downPayment', 'downPaymentAmount'), DOWN_PAYMENT_AMOUNTS),
				row('FICO Score', application.ficoScore, FICO_SCORES),
				row('Credit Score', first(application, 'creditScore', 'ficoScoreDetailed'), FICO_SCORES_DETAILED),
				row('Monthly Rent', first(application, 'monthlyRent', 'estimatedMonthlyRent')),
				row('Rental Income', application.rentalIncome),
			],
		},
		{
			title: 'Timeline & Preferences',
			rows: [
				row('Purchase Timeline', application.purchaseTimeline, PURCHASE_TIMELINES),
				row('Exit Strategy', exitStrategy, EXIT_STRATEGIES),
				row('Quote Preference', application.quotePreference, QUOTE_PREFERENCES),
				row('Pre-Approval Status', application.preApprovalStatus, YES_NO),
			],
		},
	]
}
