import type { Option } from '#app/features/quote-wizard/options.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import {
	type AnswerSection,
	type Application,
	answerText,
	leadAnswerSections,
	propertyTypeLabel,
	transactionTypeLabel,
} from './lead-answers.ts'

export const NOT_PROVIDED = 'Not provided'

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

const row = (label: string, value: unknown): DetailRow => ({ label, value: displayValue(value) })

/** The contact and type answers the lead's own columns already show. */
const LEAD_COLUMN_ANSWERS = ['firstName', 'lastName', 'email', 'phone', 'propertyType', 'transactionType']

/**
 * spec 2 §2 Lead details: the five sections, with every value read through the one answer mapping
 * (docs/decisions/0029). The spec's key names come first; the wizard's own names (spec 1 §3) stand in
 * where it stores the same fact under another key. `shown` collects the answers these rows display.
 */
function summarySections(lead: LeadForSections, application: Application, shown: Set<string>): DetailSection[] {
	const answer = (...keys: string[]) => {
		for (const key of keys) {
			const value = answerText(key, application)
			if (value !== undefined) {
				shown.add(key)
				return value
			}
		}
		return undefined
	}
	const program = programOf(lead, application)
	const project = program === 'fix-flip' || program === 'construction'
	const exitStrategy = project ? answer('projectExitStrategy', 'exitStrategy') : answer('exitStrategy')
	const propertyRows = [
		row('Property Type', propertyTypeLabel(lead.propertyType)),
		row('Property Value', lead.propertyValue),
		// spec 2 §2: address, city/state/ZIP and condition only when present.
		row('Address', answer('propertyAddress', 'propertyFullAddress')),
		row(
			'City / State / ZIP',
			[answer('propertyCity', 'manualCity'), answer('propertyState', 'manualState'), answer('propertyZip', 'manualZip')]
				.filter(Boolean)
				.join(', '),
		),
		row('Condition', answer('propertyCondition')),
	].filter((entry, index) => index < 2 || entry.value !== NOT_PROVIDED)
	return [
		{
			title: 'Contact Information',
			rows: [
				row('Name', `${lead.firstName} ${lead.lastName}`),
				row('Email', lead.email),
				row('Phone', formatPhone(lead.phone)),
				row('Source', lead.sourcePage),
			],
		},
		{
			title: 'Loan Information',
			// docs/decisions/0054: a fix & flip or construction lead is asked no transaction type and no loan amount.
			rows: project
				? [row('Loan Type', lead.loanType), row('Loan Program', answer('loanProgram'))]
				: [
						row('Loan Type', lead.loanType),
						row('Transaction Type', transactionTypeLabel(lead.transactionType)),
						row('Loan Program', answer('loanProgram')),
						row('Loan Amount', answer('loanAmount')),
					],
		},
		{ title: 'Property Information', rows: propertyRows },
		{
			title: 'Financial Information',
			// docs/decisions/0054: rent, down payment and pre-approval figures are a DSCR or bridge loan's; a project's numbers
			// (decision 0028) are read under Application Answers.
			rows: project
				? [
						// A build has land, not a purchase price.
						...(program === 'fix-flip' ? [row('Purchase Price', answer('purchasePrice'))] : []),
						row('Credit Score', answer('creditScore', 'ficoScoreDetailed')),
					]
				: [
						row('Purchase Price', answer('purchasePrice', 'priceRange')),
						row('Down Payment', answer('downPayment', 'downPaymentAmount')),
						row('FICO Score', answer('ficoScore')),
						row('Credit Score', answer('creditScore', 'ficoScoreDetailed')),
						row('Monthly Rent', answer('monthlyRent', 'estimatedMonthlyRent')),
						row('Rental Income', answer('rentalIncome')),
					],
		},
		{
			title: 'Timeline & Preferences',
			rows: project
				? [row('Exit Strategy', exitStrategy), row('Quote Preference', answer('quotePreference'))]
				: [
						row('Purchase Timeline', answer('purchaseTimeline')),
						row('Exit Strategy', exitStrategy),
						row('Quote Preference', answer('quotePreference')),
						row('Pre-Approval Status', answer('preApprovalStatus')),
					],
		},
	]
}

/** The Add Lead dialog's loan types, as the wizard's programs. */
const PROGRAM_OF_LOAN_TYPE: Readonly<Record<string, string>> = {
	DSCR: 'dscr',
	Bridge: 'short-term-bridge',
	'Fix & Flip': 'fix-flip',
	Construction: 'construction',
}

/** The lead's program: the wizard's answer, else the loan type a manual lead was given. */
const programOf = (lead: LeadForSections, application: Application) =>
	typeof application.loanProgram === 'string' ? application.loanProgram : (PROGRAM_OF_LOAN_TYPE[lead.loanType ?? ''] ?? '')

/** spec 2 §2 Lead details: the five sections. */
export function leadDetailSections(lead: LeadForSections): DetailSection[] {
	return summarySections(lead, parseApplication(lead.message) ?? {}, new Set())
}

/**
 * Beyond the spec (docs/decisions/0035): the five sections, then every other answer of the application,
 * labelled, in the wizard's order, so staff never need the raw JSON.
 */
export function leadDetailView(lead: LeadForSections, timeZone: string): { summary: DetailSection[]; answers: AnswerSection[] } {
	const application = parseApplication(lead.message) ?? {}
	const shown = new Set<string>(LEAD_COLUMN_ANSWERS)
	const summary = summarySections(lead, application, shown)
	// Times in the office's zone, named (docs/decisions/0079).
	return { summary, answers: leadAnswerSections(application, { omit: shown, timeZone }) }
}
