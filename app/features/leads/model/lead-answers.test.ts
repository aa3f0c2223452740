import { describe, expect, test } from 'vitest'
import { contactInfoSchema, loanFormDataSchema } from '#app/features/leads/intake/lead-schema.ts'
import {
	ANSWER_FIELDS,
	FOLDED_ANSWERS,
	NOT_STORED_ANSWERS,
	OTHER_ANSWERS_TITLE,
	answerText,
	leadAnswerSections,
	propertyTypeLabel,
} from './lead-answers.ts'
import { leadDetailView } from './lead-application.ts'
import { LEAD_CSV_EXTRA_HEADER, leadCsvExtraCells } from '../display/lead-csv.ts'
import { LEAD_CSV_HEADER } from '../work/export-leads.server.ts'
import { newLeadEmail } from '../display/lead-notifications.ts'
import { leadData } from '#app/features/webhooks/webhook-payloads.ts'

const labelled = new Set<string>(ANSWER_FIELDS.map((field) => field.key))

describe('one answer mapping (docs/decisions/0029)', () => {
	test('every field of the lead schema has a label (or is shown inside another answer, or is never stored)', () => {
		const keys = [...Object.keys(loanFormDataSchema.shape), ...Object.keys(contactInfoSchema.shape)]
		expect(keys.length).toBeGreaterThan(60)
		const unlabelled = keys.filter((key) => !labelled.has(key) && !(key in FOLDED_ANSWERS) && !NOT_STORED_ANSWERS.has(key))
		expect(unlabelled).toEqual([])
		for (const [folded, into] of Object.entries(FOLDED_ANSWERS)) expect(labelled.has(into!), `${folded} is shown in ${into}`).toBe(true)
	})

	test('labels are unique, and so are the CSV headers', () => {
		const labels = ANSWER_FIELDS.map((field) => field.label.toLowerCase())
		expect(new Set(labels).size).toBe(labels.length)
		const headers = LEAD_CSV_HEADER.map((header) => header.toLowerCase())
		expect(new Set(headers).size).toBe(headers.length)
	})

	test("slugs read as the wizard's labels, money as dollars, dates as dates, yes/no as Yes/No", () => {
		// No program: every program's answers are read (docs/decisions/0054 leaves out only another program's).
		expect(answerText('loanProgram', { loanProgram: 'fix-flip' })).toBe('Fix & Flip')
		const application = {
			propertyType: 'condo-townhome',
			offerStatus: 'offer-pending',
			closingDate: '2026-12-15',
			cashOutPercentage: 'other',
			cashOutPercentageOther: '85',
			currentBalance: '200000',
			hasMonthlyHOA: 'yes',
			monthlyHOAAmount: '$150',
			interestOnlyOption: 'no',
			escrowPreference: 'yes',
			titlePreference: 'entity',
			primaryResidenceOwnership: 'rent',
			otherInvestmentCount: '3',
			additionalQuoteProperties: 'no',
			projectMonths: '9',
			landOwnership: 'buying',
			projectExitStrategy: 'refinance-rental',
			priceRange: 'over-1m',
			submitted_at: '2026-11-22T15:04:00.000Z',
			formMode: 'long',
		}
		const value = (key: string) => answerText(key, application)
		expect(value('propertyType')).toBe('Condo / Townhome')
		expect(propertyTypeLabel('mixed-use-2-8')).toBe('Mixed Use (2-8 units)')
		expect(propertyTypeLabel('townhouse')).toBe('Townhouse')
		expect(value('offerStatus')).toBe('Offer made – pending')
		expect(value('closingDate')).toBe('December 15, 2026')
		expect(value('cashOutPercentage')).toBe('Other: 85%')
		expect(answerText('cashOutPercentage', { cashOutPercentage: 'other', cashOutPercentageOther: '85%' })).toBe('Other: 85%')
		expect(answerText('cashOutPercentage', { cashOutPercentage: '75' })).toBe('75%')
		expect(value('currentBalance')).toBe('$200,000')
		expect(value('hasMonthlyHOA')).toBe('Yes')
		expect(value('monthlyHOAAmount')).toBe('$150')
		expect(value('interestOnlyOption')).toBe('No')
		expect(value('escrowPreference')).toBe('Yes')
		expect(value('titlePreference')).toBe('In an LLC or other entity')
		expect(value('primaryResidenceOwnership')).toBe('I rent')
		expect(value('otherInvestmentCount')).toBe('3')
		expect(value('additionalQuoteProperties')).toBe('No')
		expect(value('projectMonths')).toBe('9 months')
		expect(value('landOwnership')).toBe('I am buying the land')
		expect(value('projectExitStrategy')).toBe('Refinance into a DSCR / rental loan')
		expect(value('priceRange')).toBe('Over $1M')
		// docs/decisions/0079: for a person, the office's zone, named; for a program (a payload), ISO 8601.
		expect(answerText('submitted_at', application, { timeZone: 'America/Chicago' })).toBe('Sunday, November 22, 2026 at 9:04 AM CST')
		expect(value('submitted_at')).toBe('2026-11-22T15:04:00.000Z')
		expect(value('formMode')).toBe('Long form')
		expect(answerText('projectExitStrategy', { projectExitStrategy: 'other', projectExitStrategyOther: 'Lease-option' })).toBe(
			'Other: Lease-option',
		)
	})

	test("sections keep the wizard's order, leave out unanswered questions, and never show JSON", () => {
		const sections = leadAnswerSections({
			loanProgram: 'construction',
			constructionBudget: '$400,000',
			email: '',
			legacyDetails: { rentalIncome: 2500, tags: ['a', 'b'] },
			leadId: 'x',
		})
		expect(sections.map((section) => section.title)).toEqual(['Loan Request', 'Fix & Flip / Construction Project', OTHER_ANSWERS_TITLE])
		expect(sections[2]!.rows).toEqual([{ key: 'legacyDetails', label: 'Legacy details', value: 'Rental income: 2500; Tags: a, b' }])
		expect(JSON.stringify(sections)).not.toMatch(/\\"|\{"rental/)
	})

	test("the details dialog shows each answer once: the spec's five sections, then every other answer", () => {
		const message = JSON.stringify({
			loanProgram: 'fix-flip',
			propertyType: 'single-family',
			purchasePrice: '$300,000',
			rehabBudget: '$60,000',
			afterRepairValue: '$450,000',
			projectExperience: '3',
			projectMonths: '6',
			projectExitStrategy: 'sell',
			quotePreference: 'call',
			firstName: 'Jane',
			email: 'j@example.com',
		})
		const view = leadDetailView(
			{
				firstName: 'Jane',
				lastName: 'Flipper',
				email: 'j@example.com',
				phone: '(949) 555-0123',
				sourcePage: '/fast-quote',
				loanType: 'Fix & Flip',
				transactionType: null,
				propertyType: 'single-family',
				propertyValue: '$300,000',
				message,
			},
			'America/New_York',
		)
		const summary = Object.fromEntries(view.summary.flatMap((section) => section.rows.map((row) => [row.label, row.value])))
		expect(summary).toMatchObject({
			'Loan Program': 'Fix & Flip',
			'Purchase Price': '$300,000',
			'Exit Strategy': 'Sell the property',
			'Quote Preference': 'Prefer Call',
		})
		const answers = view.answers.flatMap((section) => section.rows)
		expect(answers.map((row) => [row.label, row.value])).toEqual([
			['Rehab budget', '$60,000'],
			['After-repair value (ARV)', '$450,000'],
			['Projects completed in the last 3 years', '3'],
			['Project timeline', '6 months'],
		])
	})

	test('the CSV cells follow the header: answers, consent record, first and last touch', () => {
		const cells = leadCsvExtraCells(
			{ loanProgram: 'construction', landOwnership: 'owned', landValue: '150000', afterCompletionValue: '$750,000' },
			{ version: '2026-11-22', at: '2026-11-22T10:00:00+00:00', ip: '198.51.100.7', pageUrl: 'https://example.com/fast-quote' },
			{
				firstTouch: { utm_source: 'google', gclid: 'g-1', at: '2026-11-20T10:00:00.000Z' },
				lastTouch: { fbclid: 'f-1', landingPage: '/construction-loans' },
			},
		)
		expect(cells).toHaveLength(LEAD_CSV_EXTRA_HEADER.length)
		const cell = (header: string) => cells[LEAD_CSV_EXTRA_HEADER.indexOf(header)]
		expect(cell('Loan program')).toBe('Ground-Up Construction')
		expect(cell('Land')).toBe('I already own the land')
		expect(cell('Land value / purchase price')).toBe('$150,000')
		expect(cell('After-completion value')).toBe('$750,000')
		expect(cell('Rehab budget')).toBeNull()
		expect(cell('Consent Version')).toBe('2026-11-22')
		expect(cell('Consent Time')).toBe('2026-11-22T10:00:00.000Z')
		expect(cell('Consent IP Address')).toBe('198.51.100.7')
		expect(cell('Consent Page URL')).toBe('https://example.com/fast-quote')
		expect(cell('First Touch UTM Source')).toBe('google')
		expect(cell('First Touch GCLID')).toBe('g-1')
		expect(cell('First Touch Time')).toBe('2026-11-20T10:00:00.000Z')
		expect(cell('Last Touch FBCLID')).toBe('f-1')
		expect(cell('Last Touch Landing Page')).toBe('/construction-loans')
		expect(cell('Last Touch UTM Source')).toBeNull()
	})

	test("an answer of another program than the lead's (docs/decisions/0054) is left out of the e-mail, the CSV and the dialog", () => {
		// A flipper who first looked at a DSCR refinance: the rent, balance and transaction type are not this lead's.
		const application = {
			loanProgram: 'fix-flip',
			transactionType: 'refinance',
			currentBalance: '$200,000',
			monthlyRent: '$2,000',
			propertyType: 'single-family',
			purchasePrice: '$300,000',
			rehabBudget: '$60,000',
			landValue: '$90,000',
			quotePreference: 'call',
			firstName: 'Jane',
			lastName: 'Flipper',
			email: 'j@example.com',
			phone: '(949) 555-0123',
		}
		const shown = leadAnswerSections(application).flatMap((section) => section.rows.map((row) => row.label))
		expect(shown).toContain('Rehab budget')
		expect(shown).not.toEqual(expect.arrayContaining(['Monthly rent']))
		for (const label of ['Transaction type', 'Current mortgage balance', 'Monthly rent', 'Land value / purchase price'])
			expect(shown, label).not.toContain(label)

		const cells = leadCsvExtraCells(application, null, null)
		const cell = (header: string) => cells[LEAD_CSV_EXTRA_HEADER.indexOf(header)]
		expect(cell('Rehab budget')).toBe('$60,000')
		expect(cell('Monthly rent')).toBeNull()
		expect(cell('Current mortgage balance')).toBeNull()

		const mail = newLeadEmail(
			{
				id: 'lead-1',
				firstName: 'Jane',
				lastName: 'Flipper',
				email: 'j@example.com',
				phone: '(949) 555-0123',
				loanType: 'Fix & Flip',
				propertyType: 'single-family',
				transactionType: null,
				propertyValue: '$300,000',
				repeatOfLeadId: null,
			},
			application as never,
			'https://example.com',
			// The answers are in the full e-mail only (docs/decisions/0089).
			{ timeZone: 'America/New_York', detail: 'full' },
		).lines.join('\n')
		expect(mail).toContain('Rehab budget: $60,000')
		expect(mail).not.toMatch(/Transaction type|Monthly rent|Current mortgage balance|Not provided/)
	})
})

describe("a bridge lead's experience (docs/decisions/0074)", () => {
	const bridge = {
		loanProgram: 'short-term-bridge',
		propertyType: 'single-family',
		transactionType: 'cash-out-refinance',
		estimatedPropertyValue: '$500,000',
		currentBalance: '$200,000',
		cashOutPercentage: '70',
		projectExperience: '6',
		quotePreference: 'call',
	}

	test('is shown to staff, exported in the CSV and sent in webhooks as fix & flip’s is; a DSCR lead’s is not', () => {
		const row = { key: 'projectExperience', label: 'Projects completed in the last 3 years', value: '6' }
		expect(leadAnswerSections(bridge).flatMap((section) => section.rows)).toContainEqual(row)
		const cells = leadCsvExtraCells(bridge, null, null)
		expect(cells[LEAD_CSV_EXTRA_HEADER.indexOf('Projects completed in the last 3 years')]).toBe('6')
		const lead = {
			id: 'lead-1',
			createdAt: new Date('2026-11-22T10:00:00Z'),
			firstName: 'Bea',
			lastName: 'Bridge',
			email: 'bea@example.com',
			phone: '(949) 555-0142',
			status: 'new',
			loanType: 'Bridge',
			propertyType: 'single-family',
			transactionType: 'cash-out-refinance',
			propertyValue: '$500,000',
			sourcePage: '/fast-quote',
			message: JSON.stringify(bridge),
			formCompletionStatus: 'short_form',
			shortFormCompletedAt: null,
			longFormCompletedAt: null,
			firstContactedAt: null,
			repeatOfLeadId: null,
			attribution: null,
			assignedAt: null,
		}
		expect(leadData(lead, null, null, 'https://www.example.com').answers).toContainEqual(expect.objectContaining(row))
		const dscr = { ...bridge, loanProgram: 'dscr' }
		expect(answerText('projectExperience', dscr)).toBeUndefined()
		expect(leadCsvExtraCells(dscr, null, null)[LEAD_CSV_EXTRA_HEADER.indexOf('Projects completed in the last 3 years')]).toBeNull()
	})
})
