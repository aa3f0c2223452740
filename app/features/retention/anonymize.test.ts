import { describe, expect, test } from 'vitest'
import { anonymizedAttribution, anonymizedDetails, anonymizedMessage } from './anonymize.ts'

// docs/decisions/0090: the stored answers keep only an allow-list of figures and choices; each one is written out
// here so that dropping any one of them from the list (or keeping a personal one) fails a test.
const KEPT = {
	formMode: 'full',
	loanProgram: 'dscr',
	propertyType: 'single-family',
	transactionType: 'purchase',
	hasFoundProperty: 'yes',
	offerStatus: 'accepted',
	addressInputMethod: 'manual',
	propertyState: 'FL',
	manualState: 'FL',
	targetState: 'GA',
	purchasePrice: '500000',
	downPayment: '25',
	estimatedPropertyValue: '520000',
	currentBalance: '200000',
	cashOutPercentage: '70',
	quotePreference: 'email',
	purchaseTimeline: '30-days',
	priceRange: '400-600k',
	downPaymentAmount: '125000',
	ficoScore: '720-739',
	ficoScoreDetailed: '731',
	currentlyRented: 'yes',
	monthlyRent: '3200',
	estimatedMonthlyRent: '3300',
	hasMonthlyHOA: 'yes',
	monthlyHOAAmount: '150',
	propertyCondition: 'good',
	interestOnlyOption: 'yes',
	interestOnlyPreference: 'first-10',
	escrowAccount: 'yes',
	escrowPreference: 'waive',
	titlePreference: 'llc',
	exitStrategy: 'hold',
	primaryResidenceOwnership: 'own',
	otherInvestmentCount: '3',
	rehabBudget: '40000',
	afterRepairValue: '600000',
	landOwnership: 'owned',
	landValue: '90000',
	constructionBudget: '350000',
	afterCompletionValue: '700000',
	projectExperience: '2-5',
	projectMonths: '9',
	projectExitStrategy: 'sell',
	submitted_at: '2024-01-01T00:00:00Z',
}
const PERSONAL = {
	firstName: 'Rosa',
	lastName: 'Quill',
	email: 'rosa.quill@example.com',
	phone: '(813) 555-0142',
	propertyFullAddress: '12 Harbor Lane, Tampa, FL 33601',
	propertyZip: '33601',
	additionalScenarioDetails: 'My brother Tom co-signs',
	primaryResidenceFullAddress: '9 Elm St, Tampa, FL',
}

describe('what anonymising keeps of a lead (docs/decisions/0090)', () => {
	test('every kept answer of the application survives, each one, and no personal answer does', () => {
		const kept = JSON.parse(anonymizedMessage(JSON.stringify({ ...KEPT, ...PERSONAL }))!)
		expect(kept).toEqual(KEPT)
		expect(Object.keys(kept)).toHaveLength(45)
	})

	test("the long form's columns keep each kept answer too, and drop free text and the borrower's address", () => {
		expect(anonymizedDetails({ ...KEPT, ...PERSONAL })).toEqual(KEPT)
		expect(anonymizedDetails({ additionalPropertyDetails: 'Tenant is my cousin' })).toBeNull()
	})

	test('free notes of a manual lead, and a message that is not JSON, go entirely', () => {
		expect(anonymizedMessage('Call Rosa after 5 pm')).toBeNull()
		expect(anonymizedMessage('{not json')).toBeNull()
		expect(anonymizedMessage(null)).toBeNull()
		expect(anonymizedMessage(JSON.stringify(PERSONAL))).toBeNull()
	})

	test('both touches keep each campaign name and when; click ids, the referrer and the landing page go', () => {
		const touch = {
			utm_source: 'google',
			utm_medium: 'cpc',
			utm_campaign: 'fl-dscr',
			utm_term: 'dscr loan',
			utm_content: 'ad-2',
			at: '2024-01-01T00:00:00Z',
			gclid: 'abc123',
			fbclid: 'fb456',
			referrer: 'https://mail.example/rosa',
			landingPage: 'https://lender.example/?email=rosa',
		}
		const kept = {
			utm_source: 'google',
			utm_medium: 'cpc',
			utm_campaign: 'fl-dscr',
			utm_term: 'dscr loan',
			utm_content: 'ad-2',
			at: '2024-01-01T00:00:00Z',
		}
		expect(anonymizedAttribution({ firstTouch: touch, lastTouch: touch, other: touch })).toEqual({ firstTouch: kept, lastTouch: kept })
		expect(anonymizedAttribution({ lastTouch: { gclid: 'abc123' } })).toBeNull()
		expect(anonymizedAttribution('google')).toBeNull()
	})
})
