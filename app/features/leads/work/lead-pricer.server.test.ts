import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { activityLog, leadActivity, leadConsents, leadQuotes, rateLimits } from '#db/schema.ts'
import { ownerOccupantMessage } from '#app/features/pricing/borrower-terms.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { priceRequest } from '#app/features/pricing/pricing-request.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { borrowerChoiceWords, describeActivity } from '#app/components/dashboard/leads/lead-activity-words.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { seededServices } from '../../../../tests/test-services.ts'
import { staffActor } from '../../../../tests/staff-session.ts'
import { phoneLeadFields } from '../../../../tests/lead-test-data.ts'
import { PRICER_MESSAGES, leadPricerSchema } from '../model/lead-pricer.ts'
import { LEAD_MESSAGES } from './lead-messages.ts'
import { runLeadIntent } from './lead-intents.server.ts'
import { STAFF_PRICING_RATE_LIMIT, staffPricingLimitKey } from './lead-pricer.server.ts'
import { getLeadDetails } from './lead-details.server.ts'
import { leadTimeline } from './lead-timeline-items.ts'
import { leadQuoteSnapshots, repriceSnapshot } from '../terms/lead-terms.server.ts'

/** docs/decisions/0112: the staff quick-pricer's intents, priced by the public panel's function on the current sheet. */

let handle: DatabaseHandle
let services: AppServices
let officer: StaffUser
let otherOfficer: StaffUser
let manager: StaffUser
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }

beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	officer = await staffActor(services, ['user'], 'Olive Officer')
	otherOfficer = await staffActor(services, ['user'], 'Otto Officer')
	manager = await staffActor(services, ['moderator'], 'Mia Manager')
})
afterAll(() => handle.close())

async function post(actor: StaffUser, fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	const company = await services.content.get('company')
	return runLeadIntent(handle.db, actor, form, log, { baseUrl: 'http://localhost:3000', company, content: services.content })
}
const body = (answer: Awaited<ReturnType<typeof post>>) => answer.body as Record<string, any>

/** A DSCR purchase taken by phone (Add Lead asks no down payment): the officer's own lead, as Add Lead makes it. */
async function phoneLead(overrides: Record<string, string> = {}) {
	const made = await post(officer, {
		intent: 'create',
		...phoneLeadFields({ purchasePrice: '$500,000', monthlyRent: '$5,500', ...overrides }),
	})
	expect(made.status).toBe(200)
	return body(made).leadId as string
}
const scenario = { ficoBand: '720-739', propertyValue: '500,000', loanAmount: '$375,000', monthlyRent: '5,500' }
/** What the officer's scenario is as the public pricing API takes it. */
const expectedRequest = (ficoBand: string) => ({
	program: 'dscr' as const,
	purpose: 'purchase' as const,
	propertyValue: 500_000,
	loanAmount: 375_000,
	propertyType: 'single-family' as const,
	product: '30-year-fixed' as const,
	interestOnly: false,
	points: 0,
	ficoBand: ficoBand as '720-739',
	monthlyRent: 5500,
})

describe('pricing a caller’s scenario', () => {
	test('prices from the current published sheet, exactly as the pricing function answers it, and stores nothing', async () => {
		const leadId = await phoneLead()
		const answer = await post(officer, { intent: 'price', leadId, ...scenario })
		expect(answer.status).toBe(200)
		const { data: sheet, version } = await services.content.getWithVersion('rateSheet')
		expect(body(answer).terms).toEqual(JSON.parse(JSON.stringify(priceRequest(sheet, version, expectedRequest('720-739')))))
		expect(body(answer).terms.quotes[0].quote.eligible).toBe(true)
		expect(body(answer).summary).toMatch(/^\d+\.\d+%, 30-year fixed, .* \(FICO 720-739, rate sheet v\d+\)$/)
		expect(await leadQuoteSnapshots(handle.db, leadId)).toEqual([])

		// A newly published sheet prices the next call: its version and its rate.
		await services.content.save('rateSheet', { ...SEED_RATE_SHEET, dscr: { ...SEED_RATE_SHEET.dscr, baseRate: '7.250' } }, 'test')
		const later = body(await post(officer, { intent: 'price', leadId, ...scenario }))
		expect(later.terms.sheetVersion).toBeGreaterThan(version)
		expect(later.terms.quotes[0].quote.rate).not.toBe(body(answer).terms.quotes[0].quote.rate)
		// Another credit band is another price.
		const lower = body(await post(officer, { intent: 'price', leadId, ...scenario, ficoBand: '680-699' }))
		const { data: newSheet, version: newVersion } = await services.content.getWithVersion('rateSheet')
		expect(lower.terms).toEqual(JSON.parse(JSON.stringify(priceRequest(newSheet, newVersion, expectedRequest('680-699')))))
		expect(lower.terms.quotes[0].quote).not.toEqual(later.terms.quotes[0].quote)
	})

	test('refuses bad input with the field’s own message (the form’s schema, run again by the action)', async () => {
		const leadId = await phoneLead()
		const refusal = async (fields: Record<string, string>) => {
			const answer = await post(officer, { intent: 'price', leadId, ...scenario, ...fields })
			return [answer.status, body(answer).error]
		}
		expect(await refusal({ ficoBand: '' })).toEqual([422, PRICER_MESSAGES.ficoBand])
		expect(await refusal({ loanAmount: 'lots' })).toEqual([422, PRICER_MESSAGES.amount])
		expect(await refusal({ loanAmount: '500,000' })).toEqual([422, PRICER_MESSAGES.loanBelowValue])
		expect(await refusal({ points: '1' })).toEqual([422, PRICER_MESSAGES.pointsNeedPrepayment])
		// The amounts' ranges are the pricing API's (docs/decisions/0066: the one request schema).
		expect(await refusal({ monthlyRent: '200,000,000' })).toEqual([422, 'The monthly rent must be at most $100,000,000'])
		// A purchase by phone has no down payment: without a loan amount there is nothing to price, and the officer is told.
		expect(await refusal({ loanAmount: '' })).toEqual([422, PRICER_MESSAGES.noFigures])
		// The browser runs the same schema.
		expect(leadPricerSchema.safeParse({ leadId, ...scenario, ficoBand: '' }).error?.issues[0]?.message).toBe(PRICER_MESSAGES.ficoBand)
	})

	test('only a DSCR lead’s property type, value and loan amount are set by the officer; each alone is refused on another loan', async () => {
		const leadId = await phoneLead({ loanProgram: 'fix-flip' })
		const refused = 'Only a DSCR loan’s property, value and loan amount are set here'
		const fields: Array<Record<string, string>> = [
			{ loanAmount: '$300,000' },
			{ propertyValue: '500,000' },
			{ propertyType: 'condo-townhome' },
		]
		for (const field of fields) {
			const answer = await post(officer, { intent: 'price', leadId, ficoBand: '720-739', ...field })
			expect([answer.status, body(answer).error], JSON.stringify(field)).toEqual([422, refused])
		}
	})

	test('needs no statement from the borrower, but a borrower who said they will live there is refused as on the panel', async () => {
		const leadId = await phoneLead()
		expect((await post(officer, { intent: 'price', leadId, ...scenario })).status).toBe(200)
		await handle.db.insert(leadConsents).values({
			leadId,
			kind: 'owner-occupant',
			consentText: 'I or a member of my family plan to live in the property.',
			consentVersion: '2026-11-26',
			consentHash: 'test',
			ipAddress: '203.0.113.7',
			pageUrl: 'http://localhost:3000/fast-quote',
		})
		const refused = await post(officer, { intent: 'price', leadId, ...scenario })
		expect([refused.status, body(refused).error]).toEqual([409, ownerOccupantMessage(await services.content.get('company'))])
	})

	test('an ineligible scenario says why, with the public panel’s reasons, and cannot be attached', async () => {
		const leadId = await phoneLead()
		const fields = { leadId, ...scenario, ficoBand: 'below-600' }
		const answer = body(await post(officer, { intent: 'price', ...fields }))
		const quote = answer.terms.quotes[0].quote
		expect(quote.eligible).toBe(false)
		expect(quote.failures.length).toBeGreaterThan(0)
		expect(answer.summary).toBe(
			`Not eligible: ${quote.failures.map((failure: any) => failure.message).join('; ')} (FICO below 600, rate sheet v${answer.terms.sheetVersion})`,
		)
		const attach = await post(officer, { intent: 'attach', ...fields, sheetVersion: String(answer.terms.sheetVersion) })
		expect([attach.status, body(attach).error]).toEqual([422, PRICER_MESSAGES.notOffered])
		expect(await leadQuoteSnapshots(handle.db, leadId)).toEqual([])
	})
})

describe('attaching the terms to the lead', () => {
	test('keeps a chosen copy naming the officer, its history entry and the activity log’s; it re-prices to the cent', async () => {
		const leadId = await phoneLead()
		const priced = body(await post(officer, { intent: 'price', leadId, ...scenario }))
		const attached = await post(officer, { intent: 'attach', leadId, ...scenario, sheetVersion: String(priced.terms.sheetVersion) })
		expect(attached.status).toBe(200)
		expect(body(attached)).toMatchObject({ ok: true, message: PRICER_MESSAGES.attached, terms: priced.terms, summary: priced.summary })

		const [copy] = await leadQuoteSnapshots(handle.db, leadId)
		expect(copy).toMatchObject({
			id: body(attached).quoteId,
			event: 'chosen',
			sheetVersion: priced.terms.sheetVersion,
			request: expectedRequest('720-739'),
			chosenById: officer.id,
			chosenByName: `Olive Officer <${officer.email}>`,
		})
		expect(JSON.parse(JSON.stringify(copy!.response))).toEqual(priced.terms)
		// docs/decisions/0066: a newer sheet changes nothing of the copy; re-priced on its own version it is the same answer.
		await services.content.save('rateSheet', { ...SEED_RATE_SHEET, dscr: { ...SEED_RATE_SHEET.dscr, baseRate: '6.125' } }, 'test')
		expect(await repriceSnapshot(handle.db, copy!)).toEqual(copy!.response)

		const [entry] = await handle.db
			.select()
			.from(leadActivity)
			.where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.action, 'terms_attached')))
		expect(entry).toMatchObject({ actorId: officer.id, detail: { quoteId: String(copy!.id), sheetVersion: copy!.sheetVersion } })
		const [logged] = await handle.db
			.select()
			.from(activityLog)
			.where(and(eq(activityLog.action, 'lead.terms_attached'), eq(activityLog.subjectId, leadId)))
		expect(logged).toMatchObject({ actorId: officer.id, details: { quote: String(copy!.id), sheetVersion: copy!.sheetVersion } })
	})

	test('the timeline tells the borrower’s own choice from terms a staff member attached', async () => {
		const leadId = await phoneLead()
		const priced = body(await post(officer, { intent: 'price', leadId, ...scenario }))
		// The borrower chose terms on the panel first (a chosen copy without a staff member).
		await handle.db.insert(leadQuotes).values({
			leadId,
			event: 'chosen',
			sheetVersion: priced.terms.sheetVersion,
			request: expectedRequest('720-739'),
			response: priced.terms,
		})
		await post(officer, { intent: 'attach', leadId, ...scenario, sheetVersion: String(priced.terms.sheetVersion) })
		const details = (await getLeadDetails(handle.db, officer, leadId))!
		expect(details.terms.chosen?.chosenByName).toContain('Olive Officer')
		const lines = leadTimeline(details).filter((item) => item.kind === 'terms')
		expect(lines).toHaveLength(2)
		const words = lines.map((item) =>
			'choice' in item ? borrowerChoiceWords(item.choice) : 'entry' in item ? describeActivity(item.entry, 'UTC') : '',
		)
		expect(words.sort()).toEqual([`Terms attached by Olive Officer: ${priced.summary}`, `Terms chosen by the borrower: ${priced.summary}`])
	})

	test('terms shown from an older sheet are not attached: the officer prices again', async () => {
		const leadId = await phoneLead()
		const priced = body(await post(officer, { intent: 'price', leadId, ...scenario }))
		await services.content.save('rateSheet', { ...SEED_RATE_SHEET, dscr: { ...SEED_RATE_SHEET.dscr, baseRate: '6.875' } }, 'test')
		const attach = await post(officer, { intent: 'attach', leadId, ...scenario, sheetVersion: String(priced.terms.sheetVersion) })
		expect([attach.status, body(attach).error]).toEqual([409, PRICER_MESSAGES.sheetChanged])
		expect(await leadQuoteSnapshots(handle.db, leadId)).toEqual([])
		const missing = await post(officer, { intent: 'attach', leadId, ...scenario })
		expect([missing.status, body(missing).error]).toEqual([422, PRICER_MESSAGES.sheetVersion])
	})
})

describe('how often (the public pricing API’s limit, per staff member)', () => {
	test('past 600 pricings an hour a staff member is asked to wait; another staff member is not', async () => {
		const leadId = await phoneLead()
		expect(STAFF_PRICING_RATE_LIMIT).toEqual({ perUser: 600, windowSeconds: 3600 })
		// The earlier tests' pricings counted too: the officer's window is set to one pricing short of the limit.
		const window = { count: STAFF_PRICING_RATE_LIMIT.perUser - 1, windowStartedAt: new Date() }
		await handle.db
			.insert(rateLimits)
			.values({ key: staffPricingLimitKey(officer.id), ...window })
			.onConflictDoUpdate({ target: rateLimits.key, set: window })
		expect((await post(officer, { intent: 'price', leadId, ...scenario })).status).toBe(200)
		const refused = await post(officer, { intent: 'price', leadId, ...scenario })
		expect([refused.status, body(refused).error]).toEqual([429, PRICER_MESSAGES.tooMany('60 minutes')])
		expect((await post(manager, { intent: 'price', leadId, ...scenario })).status).toBe(200)
		await handle.db.delete(rateLimits).where(eq(rateLimits.key, staffPricingLimitKey(officer.id)))
	})
})

describe('who may price and attach (docs/decisions/0034, 0049)', () => {
	test('another officer’s lead answers like one that does not exist; a manager works every lead', async () => {
		const leadId = await phoneLead()
		const { version } = await services.content.getWithVersion('rateSheet')
		for (const intent of ['price', 'attach']) {
			const fields = { intent, leadId, ...scenario, sheetVersion: String(version) }
			const refused = await post(otherOfficer, fields)
			expect([refused.status, body(refused).error], intent).toEqual([404, LEAD_MESSAGES.noSuchLead])
			const missing = await post(officer, { ...fields, leadId: crypto.randomUUID() })
			expect([missing.status, body(missing).error], intent).toEqual([404, LEAD_MESSAGES.noSuchLead])
			expect((await post(manager, fields)).status, intent).toBe(200)
		}
		expect(await leadQuoteSnapshots(handle.db, leadId)).toHaveLength(1)
	})
})
