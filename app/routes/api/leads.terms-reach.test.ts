import { and, eq } from 'drizzle-orm'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { leadConsents } from '#db/schema.ts'
import type { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { termsSummary } from '#app/features/pricing/borrower-terms.ts'
import { leadQuoteSnapshots } from '#app/features/leads/terms/lead-terms.server.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { fixFlipAnswers, janeContact, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { setStaffMailDetail } from '../../../tests/staff-mail.ts'
import { action as createLead } from './leads.ts'
import { call, handle, mails, newLead, purpose, quote, services, setUpLeadTerms } from '../../../tests/lead-terms-harness.ts'

/** Terms a borrower can reach as advertised (docs/decisions/0074), and the rules of a choice. */

setUpLeadTerms()

describe('terms a borrower can reach as advertised (docs/decisions/0074)', () => {
	/** The current sheet with the figures these tests need, published for the test and put back after it. */
	async function withSheet(change: (sheet: typeof SEED_RATE_SHEET) => void, run: () => Promise<void>) {
		const before = await services.content.get('rateSheet')
		const sheet = structuredClone(before)
		change(sheet)
		await services.content.save('rateSheet', sheet, 'test')
		try {
			await run()
		} finally {
			await services.content.save('rateSheet', before, 'test')
		}
	}

	test('a cash-out’s chosen terms tell the borrower and the team (full staff e-mail) the cash out in dollars', async () => {
		// The team's copy carries the terms when staff e-mail is full (docs/decisions/0089).
		await setStaffMailDetail(services, 'full')
		onTestFinished(() => setStaffMailDetail(services, 'minimal'))
		await withSheet(
			(sheet) => {
				sheet.dscr.eligibility.maxLtv['cash-out'] = 80
			},
			async () => {
				const lead = await newLead({
					...refinanceAnswers,
					...janeContact,
					transactionType: 'cash-out-refinance',
					estimatedPropertyValue: '$750,000',
					currentBalance: '$400,000',
					cashOutPercentage: '80',
				})
				await purpose(lead.id, lead.token)
				const chosen = await quote(lead.id, lead.token, {
					event: 'chosen',
					refinements: { ficoBand: '760-779' },
					choice: { prepayment: '3-2-1', points: 0 },
				})
				expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
				expect(chosen.body.terms.quotes[0].quote).toMatchObject({ eligible: true, loanAmount: 600_000 })
				const line = 'Cash out: $200,000 (the $600,000 loan less the $400,000 balance it pays off)'
				const [borrower] = await mails('borrower-terms')
				expect(borrower!.text).toContain(line)
				const [staff] = await mails('notify-chosen-terms')
				expect(staff!.text).toContain(line)
			},
		)
	})

	test('a purchase without a property yet is priced for the middle of its ranges, and the e-mail says so', async () => {
		const lead = await newLead({
			formMode: 'short',
			loanProgram: 'dscr',
			propertyType: 'single-family',
			transactionType: 'purchase',
			hasFoundProperty: 'no',
			targetState: 'TX',
			purchaseTimeline: '60-days',
			priceRange: '250k-500k',
			downPaymentAmount: '25-30',
			quotePreference: 'call',
			...janeContact,
		})
		await purpose(lead.id, lead.token)
		const shown = await quote(lead.id, lead.token, { event: 'presented' })
		expect(shown.status).toBe(200)
		expect(shown.body.terms.quotes[0].quote).toMatchObject({ loanAmount: 271_875 })
		const chosen = await quote(lead.id, lead.token, { event: 'chosen', refinements: { ficoBand: '780-799' } })
		expect(chosen.status).toBe(200)
		const [borrower] = await mails('borrower-terms')
		expect(borrower!.text).toContain('Priced for a $375,000 purchase with 27.5 % down, the middle of the ranges you chose')
	})
})

describe('the rules of a choice', () => {
	/** Six different choices of one lead's terms: five are allowed within the hour. */
	const sixChoices = [
		{ prepayment: '3-2-1', points: 0 },
		{ prepayment: '3-2-1', points: 0.5 },
		{ prepayment: '1-year', points: 0 },
		{ prepayment: '1-year', points: 0.5 },
		{ prepayment: 'none', points: 0 },
		{ prepayment: 'none', points: 0.5 },
	]

	test('the server refuses a choice the sheet would not offer: nothing is kept, nobody is e-mailed', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const refinements = { ficoBand: '760-779', monthlyRent: 3900 }
		const { body: shown } = await quote(lead.id, lead.token, { event: 'presented', refinements })
		const offered = (shown.terms.choices as Array<{ prepayment: string; points: number }>).map(
			(choice) => `${choice.prepayment} ${choice.points}`,
		)
		const { data: sheet } = await services.content.getWithVersion('rateSheet')
		const notOffered = [
			// The seeded sheet has no 5-year prepayment (spec 2 §9: 1-3 years), points above its maximum or between its steps.
			{ prepayment: '5-4-3-2-1', points: 0 },
			{ prepayment: '3-2-1', points: sheet.dscr.points.maxPoints + sheet.dscr.points.step },
			{ prepayment: '3-2-1', points: sheet.dscr.points.step / 2 },
		]
		expect(sheet.dscr.prepayment['5-4-3-2-1'].offered).toBe(false)
		for (const choice of notOffered) {
			expect(offered).not.toContain(`${choice.prepayment} ${choice.points}`)
			const refused = await quote(lead.id, lead.token, { event: 'chosen', refinements, choice })
			expect({ choice, status: refused.status, error: refused.body.error }).toEqual({
				choice,
				status: 422,
				error: 'These terms are not offered, so they cannot be chosen.',
			})
		}
		// A band below the sheet's minimum credit is not offered either.
		const lowBand = await quote(lead.id, lead.token, {
			event: 'chosen',
			refinements: { ...refinements, ficoBand: 'below-600' },
			choice: { prepayment: '3-2-1', points: 0 },
		})
		expect(lowBand.status).toBe(422)
		expect((await leadQuoteSnapshots(handle.db, lead.id)).map((row) => row.event)).toEqual(['presented'])
		expect(await mails('borrower-terms')).toEqual([])
		expect(await mails('notify-chosen-terms')).toEqual([])
	})

	test('only a DSCR loan has prepayment and points choices: a fix & flip’s choice is refused, nothing kept', async () => {
		const lead = await newLead({ ...fixFlipAnswers, ...janeContact })
		await purpose(lead.id, lead.token)
		const refused = await quote(lead.id, lead.token, {
			event: 'chosen',
			refinements: { ficoBand: '760-779' },
			choice: { prepayment: '3-2-1', points: 0 },
		})
		expect({ status: refused.status, errors: refused.body.errors }).toEqual({
			status: 422,
			errors: { choice: 'Only a DSCR loan has prepayment and points choices' },
		})
		expect(await leadQuoteSnapshots(handle.db, lead.id)).toEqual([])
	})

	test('the summary says when the DSCR is assumed (no rent given), and not when the rent sets it', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const choice = { prepayment: '3-2-1', points: 0 }
		const assumed = await quote(lead.id, lead.token, { event: 'chosen', refinements: { ficoBand: '760-779' }, choice })
		expect(assumed.body.terms.quotes[0].quote.dscrAssumed).toBe(true)
		const { data: sheet } = await services.content.getWithVersion('rateSheet')
		const dscr = Number(sheet.dscr.assumptions.assumedDscr).toFixed(2)
		const [first] = await leadQuoteSnapshots(handle.db, lead.id)
		expect(termsSummary(first!.request, first!.response)).toContain(`; DSCR ${dscr} assumed;`)
		const [borrowerMail] = await mails('borrower-terms')
		expect(borrowerMail!.text).toContain(`DSCR ${dscr} assumed`)

		const measured = await quote(lead.id, lead.token, { event: 'chosen', refinements: { ficoBand: '760-779', monthlyRent: 3900 }, choice })
		expect(measured.body.terms.quotes[0].quote.dscrAssumed).toBe(false)
		const second = (await leadQuoteSnapshots(handle.db, lead.id))[1]!
		const summary = termsSummary(second.request, second.response)
		expect(summary).toContain(`; DSCR ${measured.body.terms.quotes[0].quote.dscr};`)
		expect(summary).not.toContain('assumed')
	})

	test('the statement’s page is the page the lead was sent from, stored as sent (query included)', async () => {
		const sourcePage = '/dscr-loans?utm_source=newsletter&utm_campaign=fall'
		const { status, body } = await call(createLead, '/api/leads', '', {
			formData: { ...refinanceAnswers, ...janeContact },
			sourcePage,
			consentVersion: CONSENT_VERSION,
		})
		expect(status).toBe(201)
		expect((await purpose(body.id, body.token)).status).toBe(200)
		const [statement] = await handle.db
			.select()
			.from(leadConsents)
			.where(and(eq(leadConsents.leadId, body.id), eq(leadConsents.kind, 'business-purpose')))
		expect(statement!.pageUrl).toBe(`${services.config.baseUrl}${sourcePage}`)
	})

	test('5 different choices within the hour are kept and e-mailed; the 6th is refused with the phone to call', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const refinements = { ficoBand: '760-779', monthlyRent: 3900 }
		for (const choice of sixChoices.slice(0, 5)) {
			expect((await quote(lead.id, lead.token, { event: 'chosen', refinements, choice })).status).toBe(200)
		}
		const sixth = await quote(lead.id, lead.token, { event: 'chosen', refinements, choice: sixChoices[5] })
		const company = await services.content.get('company')
		expect(sixth).toMatchObject({
			status: 429,
			body: { error: `You chose terms several times in the last hour. Please call us at ${company.phone} to go on.` },
		})
		expect((await leadQuoteSnapshots(handle.db, lead.id)).filter((row) => row.event === 'chosen')).toHaveLength(5)
		expect(await mails('borrower-terms')).toHaveLength(5)
		// 59 minutes later the five still count: the window is the hour, not a few minutes (docs/decisions/0086).
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 59 * 60_000 })
		try {
			expect((await quote(lead.id, lead.token, { event: 'chosen', refinements, choice: sixChoices[5] })).status).toBe(429)
		} finally {
			vi.useRealTimers()
		}
		// An hour later (the copies cannot be back-dated: they are frozen), one more may be made.
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 })
		try {
			expect((await quote(lead.id, lead.token, { event: 'chosen', refinements, choice: sixChoices[5] })).status).toBe(200)
		} finally {
			vi.useRealTimers()
		}
	})

	test('the limit counts only the choices of the last hour: of five, one within it, another may be made', async () => {
		const lead = await newLead()
		await purpose(lead.id, lead.token)
		const refinements = { ficoBand: '760-779', monthlyRent: 3900 }
		for (const choice of sixChoices.slice(0, 5)) {
			expect((await quote(lead.id, lead.token, { event: 'chosen', refinements, choice })).status).toBe(200)
		}
		// The copies are frozen with the database's time: the clock moves to just under an hour after the latest one,
		// so the latest is within the hour and the four before it are not.
		const times = (await leadQuoteSnapshots(handle.db, lead.id)).map((row) => row.createdAt.getTime())
		expect(new Set(times).size).toBe(5)
		vi.useFakeTimers({ toFake: ['Date'], now: Math.max(...times) + 3_600_000 - 1 })
		try {
			const sixth = await quote(lead.id, lead.token, { event: 'chosen', refinements, choice: sixChoices[5] })
			expect(sixth.status).toBe(200)
		} finally {
			vi.useRealTimers()
		}
	})
})
