import { describe, expect, test } from 'vitest'
import { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import { scenarioLine } from '#app/features/pricing/terms-text.ts'
import { fixFlipAnswers, janeContact, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import {
	COMPLETED_APPLICATION_KEY,
	completedApplication,
	forgetCompletedApplication,
	keepCompletedApplication,
	readCompletedApplication,
} from './completed-application.ts'
import type { LoanFormData } from './form-data.ts'

/** docs/decisions/0102: the application the long form completed, kept in the tab for its thank-you screen. */

const LEAD_ID = '4b1f0c2e-8a7d-4c3b-9e6f-2d5a1b0c9e87'
const completedRefinance: LoanFormData = { ...refinanceAnswers, ...janeContact, ...longFormAnswers, leadId: LEAD_ID }
const completedFlip: LoanFormData = { ...fixFlipAnswers, ...janeContact, ...longFormAnswers, leadId: LEAD_ID }

function memoryStorage() {
	const items = new Map<string, string>()
	return {
		items,
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		removeItem: (key: string) => void items.delete(key),
	}
}

describe('what the tab keeps of a completed application', () => {
	test('the lead, its token, and the answers the screen and its terms need', () => {
		const record = completedApplication(completedRefinance, 'the-token')!
		expect(record.leadId).toBe(LEAD_ID)
		expect(record.token).toBe('the-token')
		expect(record.answers).toMatchObject({ ...janeContact, formMode: 'long', leadId: LEAD_ID, ficoScoreDetailed: '740-759' })
		// The short form's credit score range is kept beside the long form's band, as the borrower answered it.
		expect(completedApplication({ ...completedRefinance, ficoScore: '740-plus' }, 'the-token')!.answers.ficoScore).toBe('740-plus')
	})

	test.each([
		['a DSCR refinance', completedRefinance],
		['a fix & flip', completedFlip],
	])('%s is priced the same from what is kept as from every answer', (_name, answers) => {
		const kept = completedApplication(answers, 'the-token')!.answers
		const full = termsRequest(answers)
		expect(full).not.toBeNull()
		expect(termsRequest(kept)).toEqual(full)
		expect(scenarioLine(termsRequest(kept)!.request)).toBe(scenarioLine(full!.request))
		expect(termsRequest(kept, { ficoBand: '700-719', monthlyRent: 4100 })).toEqual(
			termsRequest(answers, { ficoBand: '700-719', monthlyRent: 4100 }),
		)
	})

	test('every figure the terms are priced from and everything the screen shows is kept, each under its own name', () => {
		// docs/decisions/0102: the kept answers, written out (every program: rentals, bridge, fix & flip, construction).
		const keptNames = [
			'loanProgram',
			'propertyType',
			'transactionType',
			'hasFoundProperty',
			'purchasePrice',
			'downPayment',
			'estimatedPropertyValue',
			'currentBalance',
			'cashOutPercentage',
			'cashOutPercentageOther',
			'priceRange',
			'downPaymentAmount',
			'ficoScore',
			'ficoScoreDetailed',
			'currentlyRented',
			'monthlyRent',
			'estimatedMonthlyRent',
			'hasMonthlyHOA',
			'monthlyHOAAmount',
			'interestOnlyOption',
			'interestOnlyPreference',
			'rehabBudget',
			'afterRepairValue',
			'landOwnership',
			'landValue',
			'constructionBudget',
			'afterCompletionValue',
			'projectExperience',
			'projectMonths',
			'firstName',
			'lastName',
			'email',
			'phone',
		]
		const answers = Object.fromEntries(keptNames.map((name) => [name, `the ${name}`])) as LoanFormData
		const record = completedApplication({ ...answers, leadId: LEAD_ID }, 'the-token')!
		expect(record.answers).toStrictEqual({ ...answers, formMode: 'long', leadId: LEAD_ID })
	})

	test('no address and no free text: only figures and what the screen shows', () => {
		const kept = JSON.stringify(completedApplication({ ...completedRefinance, propertyAddress: '100 Main St' }, 'the-token'))
		for (const text of ['Main St', 'Oak Ave', 'Tenant in place', 'portfolio loan', 'entity']) expect(kept).not.toContain(text)
	})

	test('a kept answer that is not text (an edited or older record) does not come back', () => {
		const storage = memoryStorage()
		const leadId = crypto.randomUUID()
		storage.setItem(
			COMPLETED_APPLICATION_KEY,
			JSON.stringify({ leadId, token: 'the-token', answers: { loanProgram: 'dscr', ficoScore: 700, email: { to: 'x' }, phone: null } }),
		)
		expect(readCompletedApplication(storage)?.answers).toStrictEqual({ formMode: 'long', leadId, loanProgram: 'dscr' })
	})

	test('nothing without a lead or a token', () => {
		expect(completedApplication({ ...completedRefinance, leadId: undefined }, 'the-token')).toBeNull()
		expect(completedApplication(completedRefinance, null)).toBeNull()
	})
})

describe('the tab’s record', () => {
	test('kept, read back, forgotten', () => {
		const storage = memoryStorage()
		const record = completedApplication(completedRefinance, 'the-token')!
		expect(readCompletedApplication(storage)).toBeNull()
		keepCompletedApplication(storage, record)
		expect(readCompletedApplication(storage)).toEqual(record)
		forgetCompletedApplication(storage)
		expect(readCompletedApplication(storage)).toBeNull()
	})

	test('a damaged or foreign record reads as none, and only kept answers come back', () => {
		const storage = memoryStorage()
		for (const raw of ['{', '"text"', '{"leadId":"x"}', '{"leadId":"x","token":7,"answers":{}}']) {
			storage.items.set(COMPLETED_APPLICATION_KEY, raw)
			expect(readCompletedApplication(storage)).toBeNull()
		}
		storage.items.set(
			COMPLETED_APPLICATION_KEY,
			JSON.stringify({ leadId: LEAD_ID, token: 't', answers: { loanProgram: 'dscr', propertyFullAddress: '100 Main St' } }),
		)
		expect(readCompletedApplication(storage)?.answers).toEqual({ formMode: 'long', leadId: LEAD_ID, loanProgram: 'dscr' })
	})
})
