import { format } from 'date-fns'
import { formatDollarAnswer } from '#app/features/money/money.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import {
	CASH_OUT_PERCENTAGES,
	DOWN_PAYMENT_AMOUNTS,
	EXIT_STRATEGIES,
	FICO_SCORES,
	FICO_SCORES_DETAILED,
	LAND_OWNERSHIP,
	LEGACY_PRICE_RANGE_LABELS,
	LOAN_PROGRAMS,
	OFFER_STATUSES,
	type Option,
	PRICE_RANGES,
	PROJECT_EXIT_STRATEGIES,
	PROPERTY_CONDITIONS,
	PROPERTY_TYPES,
	PURCHASE_TIMELINES,
	QUOTE_PREFERENCES,
	RESIDENCE_OWNERSHIP,
	TITLE_PREFERENCES,
	TRANSACTION_TYPES,
	YES_NO,
	optionLabel,
} from '#app/features/quote-wizard/options.ts'
import { cashOutAboveCap, cashOutCapFlag } from '#app/features/quote-wizard/cash-out-cap.ts'
import { MANUAL_PROPERTY_TYPES, MANUAL_TRANSACTION_TYPES } from './lead-form-options.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'

/**
 * docs/decisions/0029: the one reading of a stored application for people. The lead details dialog,
 * the staff e-mails, the leads table and the CSV export all show an answer with this label and value,
 * so no answer ever reaches staff as JSON or as an option slug.
 */
export type Application = Record<string, unknown>
export type AnswerKey = keyof LoanFormData | 'submitted_at' | 'long_form_submitted_at' | 'program_max_ltv'
export type AnswerRow = { key: string; label: string; value: string }
export type AnswerSection = { title: string; rows: AnswerRow[] }

/** `timeZone`: the office's, for a person; without it an instant stays ISO 8601 (a payload or a file a program reads). */
type FormatOptions = { timeZone?: string }
type Format = (value: string, application?: Application, options?: FormatOptions) => string
type AnswerField = { key: AnswerKey; label: string; format?: Format }

const choice =
	(list: ReadonlyArray<Option>, legacy: Record<string, string> = {}): Format =>
	(value) =>
		optionLabel(list, value) ?? legacy[value] ?? value
const money: Format = (value) => formatDollarAnswer(value)
const yesNo = choice(YES_NO)
const plainText = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const otherOf =
	(list: ReadonlyArray<Option>, otherKey: AnswerKey): Format =>
	(value, application) =>
		value === 'other' ? `Other: ${plainText(application?.[otherKey]) || 'not described'}` : choice(list)(value)

/** An ISO day (yyyy-mm-dd) as 'December 15, 2026', the same in every time zone. */
const calendarDay: Format = (value) => {
	const [year, month, day] = value.split('-').map(Number)
	return year && month && day ? format(new Date(year, month - 1, day), 'MMMM d, yyyy') : value
}
/**
 * A stored instant: for a person, in words in the office's zone with the zone named (docs/decisions/0053's one
 * formatter, docs/decisions/0079); without a zone, ISO 8601 in UTC, for a program.
 */
const instant: Format = (value, _application, options) => {
	const date = new Date(value)
	if (Number.isNaN(date.getTime())) return value
	return options?.timeZone ? formatInTimeZone(date, options.timeZone) : date.toISOString()
}
const cashOutAnswer: Format = (value, application) => {
	if (value !== 'other') return choice(CASH_OUT_PERCENTAGES)(value)
	const custom = plainText(application?.cashOutPercentageOther)
	return `Other: ${custom === '' ? 'not given' : /^\d+(\.\d+)?$/.test(custom) ? `${custom}%` : custom}`
}
/** docs/decisions/0051: a cash-out above the program's maximum LTV when the lead came in is flagged for the officer. */
const cashOut: Format = (value, application) => {
	const maxLtv = typeof application?.program_max_ltv === 'number' ? application.program_max_ltv : undefined
	const above = cashOutAboveCap(
		{ cashOutPercentage: value, cashOutPercentageOther: plainText(application?.cashOutPercentageOther) },
		maxLtv,
	)
	return above ? `${cashOutAnswer(value, application)} (${cashOutCapFlag(above)})` : cashOutAnswer(value, application)
}
const percent: Format = (value) => (/^\d+(\.\d+)?$/.test(value) ? `${value}%` : value)
const months: Format = (value) => (/^\d+$/.test(value) ? `${value} ${value === '1' ? 'month' : 'months'}` : value)
const formMode: Format = (value) => (value === 'long' ? 'Long form' : value === 'short' ? 'Short form' : value)
const addressMethod: Format = (value) =>
	value === 'full-address' ? 'Full address' : value === 'general-location' ? 'General location (city, state, ZIP)' : value

export const PROPERTY_TYPE_OPTIONS: ReadonlyArray<Option> = [...PROPERTY_TYPES, ...MANUAL_PROPERTY_TYPES]
export const TRANSACTION_TYPE_OPTIONS: ReadonlyArray<Option> = [...TRANSACTION_TYPES, ...MANUAL_TRANSACTION_TYPES]

/** Every answer of the wizard, section by section in the order the wizard asks them. */
export const ANSWER_SECTIONS: ReadonlyArray<{ title: string; fields: ReadonlyArray<AnswerField> }> = [
	{
		title: 'Loan Request',
		fields: [
			{ key: 'loanProgram', label: 'Loan program', format: choice(LOAN_PROGRAMS) },
			{ key: 'transactionType', label: 'Transaction type', format: choice(TRANSACTION_TYPE_OPTIONS) },
			{ key: 'quotePreference', label: 'Quote preference', format: choice(QUOTE_PREFERENCES) },
		],
	},
	{
		title: 'Property',
		fields: [
			{ key: 'propertyType', label: 'Property type', format: choice(PROPERTY_TYPE_OPTIONS) },
			{ key: 'hasFoundProperty', label: 'Found a property', format: yesNo },
			{ key: 'offerStatus', label: 'Offer status', format: choice(OFFER_STATUSES) },
			{ key: 'closingDate', label: 'Estimated closing date', format: calendarDay },
			{ key: 'addressInputMethod', label: 'Location given as', format: addressMethod },
			{ key: 'propertyFullAddress', label: 'Property address' },
			{ key: 'propertyAddress', label: 'Property street' },
			{ key: 'propertyCity', label: 'Property city' },
			{ key: 'propertyState', label: 'Property state' },
			{ key: 'propertyZip', label: 'Property ZIP' },
			{ key: 'manualCity', label: 'City (general location)' },
			{ key: 'manualState', label: 'State (general location)' },
			{ key: 'manualZip', label: 'ZIP (general location)' },
		],
	},
	{
		title: 'Purchase',
		fields: [
			{ key: 'purchasePrice', label: 'Purchase price', format: money },
			{ key: 'downPayment', label: 'Down payment', format: money },
			{ key: 'targetState', label: 'State to buy in' },
			{ key: 'purchaseTimeline', label: 'Purchase timeline', format: choice(PURCHASE_TIMELINES) },
			{ key: 'priceRange', label: 'Price range', format: choice(PRICE_RANGES, LEGACY_PRICE_RANGE_LABELS) },
			{ key: 'downPaymentAmount', label: 'Down payment range', format: choice(DOWN_PAYMENT_AMOUNTS) },
		],
	},
	{
		title: 'Refinance',
		fields: [
			{ key: 'estimatedPropertyValue', label: 'Estimated property value', format: money },
			{ key: 'currentBalance', label: 'Current mortgage balance', format: money },
			{ key: 'cashOutPercentage', label: 'Cash-out (loan-to-value)', format: cashOut },
		],
	},
	{
		title: 'Fix & Flip / Construction Project',
		fields: [
			{ key: 'rehabBudget', label: 'Rehab budget', format: money },
			{ key: 'afterRepairValue', label: 'After-repair value (ARV)', format: money },
			{ key: 'landOwnership', label: 'Land', format: choice(LAND_OWNERSHIP) },
			{ key: 'landValue', label: 'Land value / purchase price', format: money },
			{ key: 'constructionBudget', label: 'Construction budget', format: money },
			{ key: 'afterCompletionValue', label: 'After-completion value', format: money },
			{ key: 'projectExperience', label: 'Projects completed in the last 3 years' },
			{ key: 'projectMonths', label: 'Project timeline', format: months },
			{ key: 'projectExitStrategy', label: 'Project exit strategy', format: otherOf(PROJECT_EXIT_STRATEGIES, 'projectExitStrategyOther') },
		],
	},
	{
		title: 'Contact',
		fields: [
			{ key: 'firstName', label: 'First name' },
			{ key: 'lastName', label: 'Last name' },
			{ key: 'email', label: 'Email' },
			// docs/decisions/0077: stored in E.164, read as (949) 555-0123.
			{ key: 'phone', label: 'Phone', format: (text) => formatPhone(text) },
		],
	},
	{
		title: 'Credit & Property Details',
		fields: [
			{ key: 'ficoScore', label: 'Credit score range', format: choice(FICO_SCORES) },
			{ key: 'ficoScoreDetailed', label: 'Credit score', format: choice(FICO_SCORES_DETAILED) },
			{ key: 'currentlyRented', label: 'Currently rented', format: yesNo },
			{ key: 'monthlyRent', label: 'Monthly rent', format: money },
			{ key: 'estimatedMonthlyRent', label: 'Estimated monthly rent', format: money },
			{ key: 'hasMonthlyHOA', label: 'Monthly HOA fee', format: yesNo },
			{ key: 'monthlyHOAAmount', label: 'Monthly HOA amount', format: money },
			{ key: 'propertyCondition', label: 'Property condition', format: choice(PROPERTY_CONDITIONS) },
			{ key: 'additionalPropertyDetails', label: 'More about the property' },
		],
	},
	{
		title: 'Loan Preferences',
		fields: [
			{ key: 'interestOnlyOption', label: 'Interest-only option', format: yesNo },
			{ key: 'interestOnlyPreference', label: 'Interest-only preference', format: yesNo },
			{ key: 'escrowAccount', label: 'Escrow account', format: yesNo },
			{ key: 'escrowPreference', label: 'Escrow for taxes and insurance', format: yesNo },
			{ key: 'titlePreference', label: 'Title held', format: choice(TITLE_PREFERENCES) },
			{ key: 'exitStrategy', label: 'Exit strategy', format: otherOf(EXIT_STRATEGIES, 'exitStrategyOther') },
			{ key: 'primaryResidenceOwnership', label: 'Primary residence', format: choice(RESIDENCE_OWNERSHIP) },
			{ key: 'primaryResidenceFullAddress', label: 'Primary residence address' },
			{ key: 'primaryResidenceAddress', label: 'Primary residence street' },
			{ key: 'primaryResidenceCity', label: 'Primary residence city' },
			{ key: 'primaryResidenceState', label: 'Primary residence state' },
			{ key: 'primaryResidenceZip', label: 'Primary residence ZIP' },
			{ key: 'otherInvestmentCount', label: 'Other investment properties owned' },
			{ key: 'additionalQuoteProperties', label: 'Other properties need a quote', format: yesNo },
			{ key: 'additionalScenarioDetails', label: 'Additional scenario details' },
		],
	},
	{
		title: 'Submission',
		fields: [
			{ key: 'formMode', label: 'Form', format: formMode },
			{ key: 'submitted_at', label: 'Short form submitted', format: instant },
			{ key: 'program_max_ltv', label: 'Program maximum LTV at submission', format: percent },
			{ key: 'long_form_submitted_at', label: 'Long form submitted', format: instant },
		],
	},
]

/** Shown inside another answer ("Other: 85%"), never on their own. */
export const FOLDED_ANSWERS: Readonly<Partial<Record<AnswerKey, AnswerKey>>> = {
	cashOutPercentageOther: 'cashOutPercentage',
	exitStrategyOther: 'exitStrategy',
	projectExitStrategyOther: 'projectExitStrategy',
}
/** Held by the browser only: the server drops it before storing the application. */
export const NOT_STORED_ANSWERS: ReadonlySet<string> = new Set(['leadId'])

export const ANSWER_FIELDS: ReadonlyArray<AnswerField> = ANSWER_SECTIONS.flatMap((section) => section.fields)
const FIELD_BY_KEY = new Map<string, AnswerField>(ANSWER_FIELDS.map((field) => [field.key, field]))

/** A stored value as text: never JSON, even for a legacy object or list. */
function valueText(value: unknown): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'boolean') return value ? 'Yes' : 'No'
	if (Array.isArray(value))
		return value
			.map(valueText)
			.filter((item) => item !== '')
			.join(', ')
	if (typeof value === 'object') {
		return Object.entries(value)
			.map(([key, item]) => [humanLabel(key), valueText(item)])
			.filter(([, item]) => item !== '')
			.map(([key, item]) => `${key}: ${item}`)
			.join('; ')
	}
	return String(value).trim()
}

/** 'rentalIncome' reads 'Rental income': a key the mapping does not know still gets a readable label. */
export function humanLabel(key: string) {
	const words = key
		.replace(/_/g, ' ')
		.replace(/([a-z\d])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.trim()
	return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * docs/decisions/0054: the answers only some programs ask (steps.ts, decisions 0028); an answer of another
 * program (a rent carried over from a changed mind, a legacy import) is not the lead's and is not shown.
 * An answer not listed here is asked of every program.
 */
const RENTAL = ['dscr', 'short-term-bridge']
const ASKED_ONLY_OF: Readonly<Partial<Record<AnswerKey, readonly string[]>>> = {
	...Object.fromEntries(
		[
			'transactionType',
			'hasFoundProperty',
			'offerStatus',
			'closingDate',
			'downPayment',
			'purchaseTimeline',
			'priceRange',
			'downPaymentAmount',
			'estimatedPropertyValue',
			'currentBalance',
			'cashOutPercentage',
			'currentlyRented',
			'monthlyRent',
			'estimatedMonthlyRent',
			'hasMonthlyHOA',
			'monthlyHOAAmount',
			'propertyCondition',
			'exitStrategy',
		].map((key) => [key, RENTAL]),
	),
	...Object.fromEntries(['rehabBudget', 'afterRepairValue'].map((key) => [key, ['fix-flip']])),
	...Object.fromEntries(['landOwnership', 'landValue', 'constructionBudget', 'afterCompletionValue'].map((key) => [key, ['construction']])),
	...Object.fromEntries(['projectMonths', 'projectExitStrategy'].map((key) => [key, ['fix-flip', 'construction']])),
	// docs/decisions/0074: a bridge asks the experience too.
	projectExperience: ['fix-flip', 'construction', 'short-term-bridge'],
}

/** Whether the program's wizard asks this answer; a lead without a known program (an older or manual one) keeps every answer. */
export function isAnswerOfProgram(key: string, program: unknown) {
	const programs = ASKED_ONLY_OF[key as AnswerKey]
	return !programs || typeof program !== 'string' || !LOAN_PROGRAMS.some((option) => option.value === program) || programs.includes(program)
}

/** The human value of one answer, or undefined when it was not given (or belongs to another program than the lead's). */
export function answerText(key: string, application: Application, options: FormatOptions = {}): string | undefined {
	if (!isAnswerOfProgram(key, application.loanProgram)) return undefined
	const text = valueText(application[key])
	if (text === '') return undefined
	const field = FIELD_BY_KEY.get(key)
	const formattable = typeof application[key] === 'string' || typeof application[key] === 'number'
	return field?.format && formattable ? field.format(text, application, options) : text
}

export const OTHER_ANSWERS_TITLE = 'Other Answers'

/**
 * The given answers, section by section in the wizard's order, each with its label; keys the mapping
 * does not know (an older form, a manual import) come last under Other Answers with a readable label.
 */
export function leadAnswerSections(application: Application, options: { omit?: Iterable<string> } & FormatOptions = {}): AnswerSection[] {
	const omit = new Set(options.omit ?? [])
	const sections: AnswerSection[] = ANSWER_SECTIONS.map((section) => ({
		title: section.title,
		rows: section.fields.flatMap((field) => {
			const value = omit.has(field.key) ? undefined : answerText(field.key, application, options)
			return value === undefined ? [] : [{ key: field.key, label: field.label, value }]
		}),
	}))
	const unknown = Object.keys(application)
		.filter((key) => !FIELD_BY_KEY.has(key) && !(key in FOLDED_ANSWERS) && !NOT_STORED_ANSWERS.has(key) && !omit.has(key))
		.flatMap((key) => {
			const value = answerText(key, application, options)
			return value === undefined ? [] : [{ key, label: humanLabel(key), value }]
		})
	sections.push({ title: OTHER_ANSWERS_TITLE, rows: unknown })
	return sections.filter((section) => section.rows.length > 0)
}

/** The leads table and export show a property or transaction type by its label (a manual lead's too). */
export const propertyTypeLabel = (value: string | null) => (value ? (optionLabel(PROPERTY_TYPE_OPTIONS, value) ?? value) : value)
export const transactionTypeLabel = (value: string | null) => (value ? (optionLabel(TRANSACTION_TYPE_OPTIONS, value) ?? value) : value)
