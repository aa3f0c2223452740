import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, test } from 'vitest'
import { idempotencyKeys, leads, outbox, rateLimits } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { fixFlipAnswers } from '../../../tests/lead-fixtures.ts'
import { routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { setStaffMailDetail } from '../../../tests/staff-mail.ts'
import { action as createLead } from './leads.ts'
import { action as completeLongForm } from './leads.long-form.ts'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits, idempotencyKeys]) await handle.db.delete(table)
})

const contact = { firstName: 'Frank', lastName: 'Flipper', email: 'frank@example.com', phone: '(949) 555-0131' }
const fixFlip: LoanFormData = { ...fixFlipAnswers, ...contact }
const construction: LoanFormData = {
	formMode: 'short',
	loanProgram: 'construction',
	propertyType: 'single-family',
	addressInputMethod: 'general-location',
	manualCity: 'Tampa',
	manualState: 'FL',
	landOwnership: 'buying',
	landValue: '$150,000',
	constructionBudget: '$0',
	afterCompletionValue: '$750,000',
	projectExperience: '0',
	projectMonths: '12',
	projectExitStrategy: 'refinance-rental',
	quotePreference: 'text-email',
	...contact,
}

const request = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify(body),
	})
let ip = 0
async function post(formData: LoanFormData) {
	const context = routeContext(services, { clientIp: `198.51.100.${++ip % 250}`, userAgent: 'test' })
	const response = (await createLead({
		request: request('/api/leads', { formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
		context,
		params: {},
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}
async function postLongForm(id: string, token: string, formData: LoanFormData) {
	const args = {
		request: request(`/api/leads/${id}/long-form`, { formData }, { Authorization: `Bearer ${token}` }),
		context: routeContext(services),
		params: { id },
	}
	const response = (await completeLongForm(args as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const leadCount = async () => (await handle.db.select({ n: count() }).from(leads))[0]!.n
const mailText = async (kind: string) =>
	(await handle.db.select().from(outbox).where(eq(outbox.kind, kind)))[0]?.payload as { text: string; replyTo: string; subject: string }

describe('fix & flip and construction leads (docs/decisions/0028)', () => {
	test('both programs become leads with their loan type and property value', async () => {
		expect((await post(fixFlip)).status).toBe(201)
		expect((await post({ ...construction, email: 'carla@example.com', phone: '(949) 555-0132' })).status).toBe(201)
		const rows = await handle.db.select().from(leads).orderBy(leads.createdAt)
		expect(rows.map((row) => [row.loanType, row.propertyType, row.transactionType, row.propertyValue])).toEqual([
			['Fix & Flip', 'condo-townhome', null, '$300,000'],
			['Construction', 'single-family', null, '$150,000'],
		])
		expect(JSON.parse(rows[1]!.message!)).toMatchObject({ landOwnership: 'buying', constructionBudget: '$0', projectMonths: '12' })
	})

	test.each([
		['rehabBudget', { rehabBudget: '-5' }, 'Enter a rehab budget from $0 to $100,000,000'],
		['rehabBudget', { rehabBudget: '$100,000,001' }, 'Enter a rehab budget from $0 to $100,000,000'],
		['afterRepairValue', { afterRepairValue: '$0' }, 'Enter an after-repair value above $0 (at most $100,000,000)'],
		['afterRepairValue', { afterRepairValue: 'lots' }, 'Enter an after-repair value above $0 (at most $100,000,000)'],
		['projectMonths', { projectMonths: '0' }, 'Enter a whole number of months from 1 to 36'],
		['projectMonths', { projectMonths: '37' }, 'Enter a whole number of months from 1 to 36'],
		['projectExperience', { projectExperience: '101' }, 'Enter a whole number from 0 to 100'],
		['projectExperience', { projectExperience: '2.5' }, 'Enter a whole number from 0 to 100'],
		['projectExitStrategy', { projectExitStrategy: 'vanish' }, 'Choose an exit strategy'],
		// Required where the wizard shows them:
		['rehabBudget', { rehabBudget: undefined }, 'Enter your rehab budget ($0 if none)'],
		['afterRepairValue', { afterRepairValue: ' ' }, 'Enter the after-repair value (ARV)'],
		['purchasePrice', { purchasePrice: undefined }, 'Enter the purchase price'],
		['projectExperience', { projectExperience: '' }, 'Enter how many projects you completed in the last 3 years (0 if none)'],
		['projectMonths', { projectMonths: undefined }, 'Enter the project timeline in months'],
		['projectExitStrategyOther', { projectExitStrategyOther: '' }, 'Please describe your exit strategy'],
		['projectExitStrategy', { projectExitStrategy: undefined, projectExitStrategyOther: undefined }, 'Choose an exit strategy'],
	] as const)('fix & flip: %s %j is refused with 422 and its message', async (field, change, message) => {
		const { status, body } = await post({ ...fixFlip, ...change } as LoanFormData)
		expect(status).toBe(422)
		expect(body.errors[field]).toBe(message)
		expect(await leadCount()).toBe(0)
	})

	test.each([
		['landOwnership', { landOwnership: undefined }, 'Choose whether you own the land or are buying it'],
		['landOwnership', { landOwnership: 'renting' }, 'Choose whether you own the land or are buying it'],
		['landValue', { landValue: '' }, 'Enter the land purchase price'],
		['landValue', { landValue: '$0' }, 'Enter a land value above $0 (at most $100,000,000)'],
		['constructionBudget', { constructionBudget: undefined }, 'Enter your construction budget'],
		['constructionBudget', { constructionBudget: '-1' }, 'Enter a construction budget from $0 to $100,000,000'],
		['afterCompletionValue', { afterCompletionValue: '' }, 'Enter the after-completion value'],
		['afterCompletionValue', { afterCompletionValue: '$0' }, 'Enter an after-completion value above $0 (at most $100,000,000)'],
		['propertyType', { propertyType: undefined }, 'Please complete all required fields'],
		['quotePreference', { quotePreference: undefined }, 'Please complete all required fields'],
	] as const)('construction: %s %j is refused with 422 and its message', async (field, change, message) => {
		const { status, body } = await post({ ...construction, ...change } as LoanFormData)
		expect(status).toBe(422)
		expect(body.errors[field]).toBe(message)
		expect(await leadCount()).toBe(0)
	})

	test("a construction lead is not asked fix & flip's questions, nor the reverse", async () => {
		expect((await post({ ...construction, rehabBudget: undefined, purchasePrice: undefined })).status).toBe(201)
		expect((await post({ ...fixFlip, email: 'f2@example.com', landValue: undefined, constructionBudget: undefined })).status).toBe(201)
	})

	test('the full new-lead e-mail is a readable summary with labels, values and a link to the lead, never JSON', async () => {
		// docs/decisions/0089: the answers are in the staff e-mail when it is full.
		await setStaffMailDetail(services, 'full')
		const { body } = await post(fixFlip).finally(() => setStaffMailDetail(services, 'minimal'))
		const mail = await mailText('notify-new-lead')
		expect(mail.subject).toBe('New lead: Frank Flipper (Fix & Flip)')
		expect(mail.replyTo).toBe('frank@example.com')
		expect(mail.text).not.toContain('{')
		expect(mail.text).not.toContain('condo-townhome')
		for (const line of [
			'Email: frank@example.com',
			'Phone: (949) 555-0131',
			'Loan type: Fix & Flip',
			'Property type: Condo / Townhome',
			'Property value: $300,000',
			'Loan program: Fix & Flip',
			'Quote preference: Prefer Call',
			'Property address: 12 Ocean Ave, San Clemente, CA',
			'Purchase price: $300,000',
			'Rehab budget: $60,000',
			'After-repair value (ARV): $450,000',
			'Projects completed in the last 3 years: 3',
			'Project timeline: 6 months',
			'Project exit strategy: Other: Sell to my tenant',
			`Open the lead in the dashboard: http://localhost:3000/dashboard/leads?lead=${body.id}`,
		])
			expect(mail.text).toContain(line)
	})

	test('the long form completes a construction lead without the rental or exit questions; its full e-mail lists every answer', async () => {
		await setStaffMailDetail(services, 'full')
		onTestFinished(() => setStaffMailDetail(services, 'minimal'))
		const created = await post(construction)
		expect(created.status).toBe(201)
		const longForm: LoanFormData = {
			...construction,
			formMode: 'long',
			ficoScoreDetailed: '720-739',
			interestOnlyPreference: 'yes',
			escrowPreference: 'no',
			titlePreference: 'entity',
			primaryResidenceOwnership: 'own',
			primaryResidenceFullAddress: '9 Oak Ave, Irvine, CA',
			otherInvestmentCount: '4',
			additionalQuoteProperties: 'yes',
		}
		const { status, body } = await postLongForm(created.body.id, created.body.token, longForm)
		expect(status, JSON.stringify(body)).toBe(200)
		const mail = await mailText('notify-long-form')
		expect(mail.text).not.toContain('{')
		for (const line of [
			'Loan program: Ground-Up Construction',
			'Location given as: General location (city, state, ZIP)',
			'City (general location): Tampa',
			'Land: I am buying the land',
			'Land value / purchase price: $150,000',
			'Construction budget: $0',
			'After-completion value: $750,000',
			'Project exit strategy: Refinance into a DSCR / rental loan',
			'Credit score: 720 - 739',
			'Interest-only preference: Yes',
			'Escrow for taxes and insurance: No',
			'Title held: In an LLC or other entity',
			'Primary residence: I own my home',
			'Other investment properties owned: 4',
			'Other properties need a quote: Yes',
			'Form: Long form',
			'Property value: $150,000',
		])
			expect(mail.text).toContain(line)
		// docs/decisions/0079: in the office's zone (the seeded America/New_York), named.
		expect(mail.text).toMatch(/Short form submitted: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) E[SD]T/)
		// Invalid project answers are refused on the long form too.
		const refused = await postLongForm(created.body.id, created.body.token, { ...longForm, projectMonths: '48' })
		expect(refused).toMatchObject({ status: 422, body: { errors: { projectMonths: 'Enter a whole number of months from 1 to 36' } } })
	})
})
