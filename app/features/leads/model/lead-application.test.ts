import { describe, expect, test } from 'vitest'
import { displayValue, leadDetailSections, leadDetailView, parseApplication, rawApplicationText } from './lead-application.ts'

const lead = {
	firstName: 'Jane',
	lastName: 'Investor',
	email: 'jane@example.com',
	phone: '(949) 555-0123',
	sourcePage: '/fast-quote',
	loanType: 'DSCR',
	transactionType: 'cash-out-refinance',
	propertyType: 'single-family',
	propertyValue: '$750,000',
	message: null as string | null,
}

const answerIn = (sections: ReturnType<typeof leadDetailSections>, title: string, label: string) =>
	sections.find((section) => section.title === title)?.rows.find((row) => row.label === label)?.value

describe('lead details from the message JSON (spec 2 §2)', () => {
	test('empty values read Not provided, booleans Yes/No, lists are comma-joined', () => {
		expect(displayValue(undefined)).toBe('Not provided')
		expect(displayValue('  ')).toBe('Not provided')
		expect(displayValue(true)).toBe('Yes')
		expect(displayValue(false)).toBe('No')
		expect(displayValue(['a', 'b', ''])).toBe('a, b')
		expect(displayValue([])).toBe('Not provided')
		expect(displayValue(0)).toBe('0')
	})

	test('the message is read as JSON only when it starts with an opening brace', () => {
		expect(parseApplication('{"loanProgram":"dscr"}')).toEqual({ loanProgram: 'dscr' })
		expect(parseApplication(' {"a":1}')).toBeNull()
		expect(parseApplication('{broken')).toBeNull()
		expect(parseApplication('Called about a duplex')).toBeNull()
		expect(rawApplicationText('{"a":1}')).toBe('{\n  "a": 1\n}')
		expect(rawApplicationText('Called about a duplex')).toBe('Called about a duplex')
		expect(rawApplicationText(null)).toBe('No raw data available')
		expect(rawApplicationText('')).toBe('No raw data available')
	})

	test('the five sections, with wizard values shown by their labels', () => {
		const message = JSON.stringify({
			loanProgram: 'dscr',
			propertyFullAddress: '100 Main St, Austin, TX 78701',
			propertyCity: 'Austin',
			propertyState: 'TX',
			propertyZip: '78701',
			purchaseTimeline: '30-days',
			quotePreference: 'call',
			ficoScoreDetailed: '760-779',
			monthlyRent: '$3,200',
			preApprovalStatus: true,
			exitStrategy: 'other',
			exitStrategyOther: 'Sell to my sister',
		})
		const sections = leadDetailSections({ ...lead, message })
		expect(sections.map((section) => section.title)).toEqual([
			'Contact Information',
			'Loan Information',
			'Property Information',
			'Financial Information',
			'Timeline & Preferences',
		])
		expect(answerIn(sections, 'Contact Information', 'Name')).toBe('Jane Investor')
		expect(answerIn(sections, 'Loan Information', 'Loan Program')).toBe('DSCR Loan')
		expect(answerIn(sections, 'Loan Information', 'Transaction Type')).toBe('Cash-Out Refinance')
		expect(answerIn(sections, 'Loan Information', 'Loan Amount')).toBe('Not provided')
		expect(answerIn(sections, 'Property Information', 'Property Type')).toBe('Single Family')
		expect(answerIn(sections, 'Property Information', 'Address')).toBe('100 Main St, Austin, TX 78701')
		expect(answerIn(sections, 'Property Information', 'City / State / ZIP')).toBe('Austin, TX, 78701')
		expect(answerIn(sections, 'Property Information', 'Condition')).toBeUndefined()
		expect(answerIn(sections, 'Financial Information', 'Credit Score')).toBe('760 - 779')
		expect(answerIn(sections, 'Financial Information', 'Monthly Rent')).toBe('$3,200')
		expect(answerIn(sections, 'Financial Information', 'Purchase Price')).toBe('Not provided')
		expect(answerIn(sections, 'Timeline & Preferences', 'Purchase Timeline')).toBe('Within 30 days')
		expect(answerIn(sections, 'Timeline & Preferences', 'Quote Preference')).toBe('Prefer Call')
		expect(answerIn(sections, 'Timeline & Preferences', 'Pre-Approval Status')).toBe('Yes')
		expect(answerIn(sections, 'Timeline & Preferences', 'Exit Strategy')).toBe('Other: Sell to my sister')
	})

	test('a manual lead without JSON shows Not provided and leaves out the absent address', () => {
		const sections = leadDetailSections({ ...lead, sourcePage: null, message: 'Called about a duplex' })
		expect(answerIn(sections, 'Contact Information', 'Source')).toBe('Not provided')
		expect(answerIn(sections, 'Property Information', 'Address')).toBeUndefined()
		expect(answerIn(sections, 'Financial Information', 'FICO Score')).toBe('Not provided')
	})

	test('a fix & flip lead shows none of the DSCR rows (docs/decisions/0054)', () => {
		const message = JSON.stringify({
			loanProgram: 'fix-flip',
			propertyType: 'single-family',
			propertyFullAddress: '100 Main St, Austin, TX 78701',
			purchasePrice: '$300,000',
			rehabBudget: '$60,000',
			afterRepairValue: '$450,000',
			projectExperience: '3',
			projectMonths: '6',
			projectExitStrategy: 'sell',
			quotePreference: 'call',
		})
		const view = leadDetailView(
			{ ...lead, loanType: 'Fix & Flip', transactionType: null, propertyValue: '$300,000', message },
			'America/New_York',
		)
		const labels = view.summary.flatMap((section) => section.rows.map((row) => row.label))
		for (const dscrRow of [
			'Transaction Type',
			'Loan Amount',
			'Down Payment',
			'FICO Score',
			'Monthly Rent',
			'Rental Income',
			'Purchase Timeline',
			'Pre-Approval Status',
		])
			expect(labels, dscrRow).not.toContain(dscrRow)
		expect(answerIn(view.summary, 'Financial Information', 'Purchase Price')).toBe('$300,000')
		expect(answerIn(view.summary, 'Timeline & Preferences', 'Exit Strategy')).toBe('Sell the property')
		// The project's rows are there, under Application Answers.
		expect(view.answers.flatMap((section) => section.rows.map((row) => row.label))).toEqual(
			expect.arrayContaining(['Rehab budget', 'After-repair value (ARV)', 'Project timeline']),
		)
		// The long form's credit score is the only question of the program still open.
		const notProvided = view.summary.flatMap((section) =>
			section.rows.filter((row) => row.value === 'Not provided').map((row) => row.label),
		)
		expect(notProvided).toEqual(['Credit Score'])
	})

	test('a construction lead has no purchase price or rent rows; a manual one is read by its loan type', () => {
		const message = JSON.stringify({ loanProgram: 'construction', landOwnership: 'owned', landValue: '$150,000', monthlyRent: '$2,000' })
		const sections = leadDetailSections({ ...lead, loanType: 'Construction', transactionType: null, message })
		expect(answerIn(sections, 'Financial Information', 'Purchase Price')).toBeUndefined()
		expect(answerIn(sections, 'Financial Information', 'Monthly Rent')).toBeUndefined()
		expect(answerIn(sections, 'Financial Information', 'Credit Score')).toBe('Not provided')
		const manual = leadDetailSections({ ...lead, loanType: 'Fix & Flip', transactionType: null, message: 'Called about a flip' })
		expect(answerIn(manual, 'Financial Information', 'Down Payment')).toBeUndefined()
		expect(answerIn(manual, 'Loan Information', 'Transaction Type')).toBeUndefined()
		// A DSCR lead keeps spec 2's rows, given or not.
		expect(answerIn(leadDetailSections(lead), 'Financial Information', 'Down Payment')).toBe('Not provided')
	})
})
