import { describe, expect, test } from 'vitest'
import { loader as leadsLoader } from '#app/routes/dashboard/leads.tsx'
import { janeContact, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { admin, handle, newLead, purpose, quote, services, setUpLeadTerms } from '../../../../tests/lead-terms-harness.ts'
import { staffRequest } from '../../../../tests/staff-session.ts'
import { routeContext } from '../../../../tests/test-services.ts'
import { leadQuotes } from '#db/schema.ts'
import { insertTestLead } from '../../../../tests/lead-test-data.ts'
import { chosenTermsLine } from '#app/features/pricing/terms-text.ts'

// docs/decisions/0113: the leads table's loan amount and chosen terms, as the screen's loader returns them.
setUpLeadTerms()

async function rowOf(leadId: string) {
	const screen = (await leadsLoader({
		request: staffRequest('http://localhost:3000/dashboard/leads', admin.cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof leadsLoader>>
	const row = screen.page.leads.find((lead) => lead.id === leadId)
	expect(row).toBeDefined()
	return row!
}

describe('leads table: loan amount and chosen terms', () => {
	test("a refinance's loan is its balance; no terms chosen reads null (the cell's dash), and the answers stay on the server", async () => {
		const lead = await newLead()
		const row = await rowOf(lead.id)
		expect(row.loanAmount).toBe(200_000)
		expect(row.chosenTerms).toBeNull()
		expect(row).not.toHaveProperty('message')
		expect(row).not.toHaveProperty('chosen')
	})

	test("a purchase's loan is the price less the down payment", async () => {
		const { currentBalance: _balance, estimatedPropertyValue: _value, ...rest } = refinanceAnswers
		const answers = { ...rest, ...janeContact, transactionType: 'purchase', purchasePrice: '$450,000', downPayment: '$112,500' }
		const lead = await insertTestLead(handle.db, { message: JSON.stringify(answers) })
		expect((await rowOf(lead.id)).loanAmount).toBe(337_500)
	})

	test('the latest chosen terms show as rate and product; presented quotes do not count', async () => {
		const lead = await newLead()
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		const presented = await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: '740-759' } })
		expect(presented.status).toBe(200)
		expect((await rowOf(lead.id)).chosenTerms).toBeNull()
		const first = await quote(lead.id, lead.token, {
			event: 'chosen',
			refinements: { ficoBand: '740-759' },
			choice: { prepayment: '3-2-1', points: 1 },
		})
		expect(first.status).toBe(200)
		const second = await quote(lead.id, lead.token, {
			event: 'chosen',
			refinements: { ficoBand: '780-799', product: '7-6-arm' },
			choice: { prepayment: 'none', points: 0 },
		})
		expect(second.status).toBe(200)
		const rate = second.body.terms.quotes[0].quote.rate as string
		const row = await rowOf(lead.id)
		expect(row.chosenTerms).toBe(`${Number(rate)}% · 7/6 ARM`)
		expect(row.chosenTerms).not.toBe(`${Number(first.body.terms.quotes[0].quote.rate)}% · 30-year fixed`)
		expect(row.loanAmount).toBe(200_000)
		expect(await handle.db.$count(leadQuotes)).toBe(3)
	})
})

describe('chosenTermsLine', () => {
	const brief = { program: 'dscr', product: '30-year-fixed', interestOnly: false, rate: '6.1250', loanAmount: '300000', termMonths: null }
	test('a DSCR loan: the rate as decision 0072 prints it, the product, interest-only when chosen', () => {
		expect(chosenTermsLine(brief)).toBe('6.125% · 30-year fixed')
		expect(chosenTermsLine({ ...brief, product: '5-6-arm', interestOnly: true })).toBe('6.125% · 5/6 ARM, interest-only')
	})
	test('a bridge, fix & flip or build: the rate and its term', () => {
		expect(chosenTermsLine({ ...brief, program: 'fix-flip', product: null, rate: '10.5', termMonths: 12 })).toBe(
			'10.5% · 12-month interest-only',
		)
	})
	test('no rate: nothing to show', () => {
		expect(chosenTermsLine({ ...brief, rate: null })).toBeNull()
	})
})
