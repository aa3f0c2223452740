import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leadActivity, leadConsents, leadNotes, leadQuotes, leads } from '#db/schema.ts'
import { priceRequest } from '#app/features/pricing/pricing-request.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { leadActivityLog } from '#app/features/leads/work/lead-activity.server.ts'
import { dscrPurchaseRequest } from '../../../tests/fixtures/pricing-requests.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { routeContext } from '../../../tests/test-services.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { loader as exportLoader } from './leads.export.ts'
import { admin, base, handle, services, setUpLeadsScreen } from '../../../tests/leads-screen-harness.ts'

/** The leads CSV export (beyond the spec; docs/decisions/0029, 0060). */

setUpLeadsScreen()

/** RFC 4180 rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string) {
	const rows: string[][] = [[]]
	let cell = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cell += '"'
				i++
			} else if (char === '"') quoted = false
			else cell += char
		} else if (char === '"') quoted = true
		else if (char === ',') {
			rows.at(-1)!.push(cell)
			cell = ''
		} else if (char === '\r' && text[i + 1] === '\n') {
			rows.at(-1)!.push(cell)
			cell = ''
			rows.push([])
			i++
		} else cell += char
	}
	return rows.filter((row) => row.length > 0)
}

describe('CSV export (beyond the spec)', () => {
	const download = async (search = '') =>
		(await exportLoader({
			request: staffRequest(`${base}/export${search}`, admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Response

	test('every matching lead (not one page), a header row, quoting and neutralised formulas; each export is logged', async () => {
		const tag = 'exportbatch'
		for (let i = 0; i < 55; i++)
			await insertTestLead(handle.db, { firstName: `Row${i}`, lastName: tag, status: i % 2 ? 'hot' : 'new', minutesAgo: 100 + i })
		const tricky = await insertTestLead(handle.db, {
			firstName: '=HYPERLINK("http://evil")',
			lastName: `${tag}, Jr.`,
			status: 'hot',
			phone: '+19495550123',
			minutesAgo: 99,
		})
		// docs/decisions/0107: the Admin Notes cell holds every note, oldest first, with its time and author.
		await handle.db.insert(leadNotes).values([
			{
				leadId: tricky.id,
				authorId: admin.user.id,
				authorName: 'Olive Officer',
				body: 'line one\nline "two"',
				createdAt: new Date('2026-11-20T15:00:00Z'),
			},
			{ leadId: tricky.id, body: 'From the old box', createdAt: new Date('2026-11-19T09:30:00Z') },
		])
		const response = await download(`?search=${tag}&status=hot&status=new`)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/)
		const text = (await response.text()).replace(/^\uFEFF/, '')
		const lines = text.split('\r\n').filter((line, index, all) => index < all.length - 1 || line !== '')
		expect(lines[0]).toMatch(
			/^ID,Created At,First Name,Last Name,Email,Phone,Loan Type,Property Type,Transaction Type,Property Value,Status,Form Status,Source,Admin Notes,/,
		)
		expect(text).toContain(`${tricky.id},`)
		expect(text).toContain(`"'=HYPERLINK(""http://evil"")","${tag}, Jr."`)
		// docs/decisions/0077: stored in E.164, exported as people read it (E.164 would open as a number or behind a quote).
		expect(text).toContain(',(949) 555-0123,')
		expect(text).toContain(
			',"2026-11-19T09:30:00Z Earlier notes: From the old box\n\n2026-11-20T15:00:00Z Olive Officer: line one\nline ""two""",',
		)
		expect(text.match(/^[0-9a-f-]{36},/gm)).toHaveLength(56)
		const onlyHot = (await (await download(`?search=${tag}&status=hot`)).text()).match(/^[0-9a-f-]{36},/gm)
		expect(onlyHot).toHaveLength(28)
		const [logged] = await leadActivityLog(handle.db, tricky.id)
		expect(logged).toMatchObject({ action: 'exported', actorEmail: admin.email, detail: { search: tag, statuses: ['hot'], rows: 28 } })
	})

	test('a column for every answer, the consent record and the attribution, with readable values (docs/decisions/0029)', async () => {
		const tag = 'exportanswers'
		const lead = await insertTestLead(handle.db, {
			firstName: 'Frank',
			lastName: tag,
			loanType: 'Fix & Flip',
			propertyType: 'condo-townhome',
			propertyValue: '$300,000',
			message: JSON.stringify({
				loanProgram: 'fix-flip',
				propertyType: 'condo-townhome',
				purchasePrice: '$300,000',
				rehabBudget: '$60,000',
				afterRepairValue: '$450,000',
				projectExperience: '3',
				projectMonths: '6',
				projectExitStrategy: 'other',
				projectExitStrategyOther: '=cmd|calc',
				quotePreference: 'call',
				submitted_at: '2026-11-22T15:04:00.000Z',
			}),
			attribution: {
				firstTouch: {
					utm_source: 'google',
					utm_medium: 'cpc',
					utm_campaign: 'flips',
					gclid: 'g-123',
					referrer: 'https://www.google.com/',
					landingPage: '/fix-flip-loans',
				},
				lastTouch: { utm_source: 'newsletter', fbclid: 'f-456', landingPage: '/' },
			},
		})
		await handle.db.insert(leadConsents).values({
			leadId: lead.id,
			consentText: 'I agree.',
			consentVersion: '2026-11-22',
			consentHash: 'x',
			consentedAt: new Date('2026-11-22T15:04:00.000Z'),
			ipAddress: '198.51.100.9',
			userAgent: 'test',
			pageUrl: 'http://localhost:3000/fast-quote',
		})
		const text = (await (await download(`?search=${tag}`)).text()).replace(/^\uFEFF/, '')
		const [headers, cells] = parseCsv(text)
		const cell = (name: string) => cells![headers!.indexOf(name)]
		for (const name of [
			'Loan program',
			'Rehab budget',
			'After-repair value (ARV)',
			'Land value / purchase price',
			'Construction budget',
			'After-completion value',
			'Projects completed in the last 3 years',
			'Project timeline',
			'Project exit strategy',
			'Cash-out (loan-to-value)',
			'Monthly HOA amount',
			'Consent Version',
			'Consent Time',
			'Consent IP Address',
			'Consent Page URL',
			'First Touch UTM Source',
			'First Touch GCLID',
			'Last Touch FBCLID',
			'First Touch Referrer',
			'First Touch Landing Page',
		])
			expect(headers, name).toContain(name)
		expect(cells).toHaveLength(headers!.length)
		expect(cell('Property Type')).toBe('Condo / Townhome')
		expect(cell('Loan program')).toBe('Fix & Flip')
		expect(cell('Rehab budget')).toBe('$60,000')
		expect(cell('After-repair value (ARV)')).toBe('$450,000')
		expect(cell('Project timeline')).toBe('6 months')
		expect(cell('Project exit strategy')).toBe('Other: =cmd|calc')
		expect(cell('Quote preference')).toBe('Prefer Call')
		expect(cell('Construction budget')).toBe('')
		expect(cell('Consent Version')).toBe('2026-11-22')
		expect(cell('Consent Time')).toBe('2026-11-22T15:04:00.000Z')
		expect(cell('Consent IP Address')).toBe('198.51.100.9')
		expect(cell('Consent Page URL')).toBe('http://localhost:3000/fast-quote')
		expect(cell('First Touch UTM Campaign')).toBe('flips')
		expect(cell('First Touch GCLID')).toBe('g-123')
		expect(cell('Last Touch FBCLID')).toBe('f-456')
		expect(cell('Last Touch Landing Page')).toBe('/')
		// One date format per column: ISO 8601.
		expect(cell('Short form submitted')).toBe('2026-11-22T15:04:00.000Z')
		expect(cell('Created At')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
		expect(cell('Assigned Officer')).toBe('')
		expect(cell('First Contacted At')).toBe('')
		expect(cell('Purchase price')).toBe('$300,000')
		expect(cells).not.toContain('fix-flip')
		expect(text).not.toContain('condo-townhome')
	})

	test('the consent columns are the latest contact consent record of the lead (a later request’s), not its first', async () => {
		const tag = 'exportconsents'
		const lead = await insertTestLead(handle.db, { firstName: 'Greta', lastName: tag })
		const consent = (at: string, version: string, ip: string, page: string) => ({
			leadId: lead.id,
			consentText: 'I agree.',
			consentVersion: version,
			consentHash: 'x',
			consentedAt: new Date(at),
			ipAddress: ip,
			userAgent: 'test',
			pageUrl: page,
		})
		// The later record is written first, so neither the insertion order nor the id gives the answer.
		await handle.db
			.insert(leadConsents)
			.values(consent('2026-11-25T09:30:00.000Z', '2026-11-25', '203.0.113.7', 'http://localhost:3000/fast-quote?again=1'))
		await handle.db
			.insert(leadConsents)
			.values(consent('2026-11-20T08:00:00.000Z', '2026-11-20', '198.51.100.9', 'http://localhost:3000/fast-quote'))
		const [headers, cells] = parseCsv((await (await download(`?search=${tag}`)).text()).replace(/^\uFEFF/, ''))
		const cell = (name: string) => cells![headers!.indexOf(name)]
		expect([cell('Consent Version'), cell('Consent Time'), cell('Consent IP Address'), cell('Consent Page URL')]).toEqual([
			'2026-11-25',
			'2026-11-25T09:30:00.000Z',
			'203.0.113.7',
			'http://localhost:3000/fast-quote?again=1',
		])
	})

	test('the assigned officer, the first contact time and the minutes to it', async () => {
		const tag = 'exportspeed'
		const lead = await insertTestLead(handle.db, { firstName: 'Sam', lastName: tag, assignedTo: admin.user.id })
		await handle.db
			.update(leads)
			.set({ createdAt: new Date('2026-11-20T14:00:00.000Z'), firstContactedAt: new Date('2026-11-20T14:07:00.000Z') })
			.where(eq(leads.id, lead.id))
		const [headers, cells] = parseCsv((await (await download(`?search=${tag}`)).text()).replace(/^\uFEFF/, ''))
		const cell = (name: string) => cells![headers!.indexOf(name)]
		expect(cell('Assigned Officer')).toBe(admin.user.name)
		expect(cell('Created At')).toBe('2026-11-20T14:00:00.000Z')
		expect(cell('First Contacted At')).toBe('2026-11-20T14:07:00.000Z')
		expect(cell('Minutes to First Contact')).toBe('7')
	})

	// docs/decisions/0066: the statement and the chosen terms are each the lead's latest; at one time, the later row.
	const statement = (leadId: string, kind: 'business-purpose' | 'owner-occupant', at: string) => ({
		leadId,
		kind,
		consentText: 'I state.',
		consentVersion: '2026-11-26',
		consentHash: 'x',
		consentedAt: new Date(at),
		ipAddress: '198.51.100.9',
		userAgent: 'test',
		pageUrl: 'http://localhost:3000/fast-quote',
	})
	const chosenTerms = (leadId: string, points: number, at: string) => {
		const request = { ...dscrPurchaseRequest, points }
		return {
			leadId,
			event: 'chosen' as const,
			sheetVersion: 4,
			request,
			response: priceRequest(SEED_RATE_SHEET, 4, request),
			createdAt: new Date(at),
		}
	}

	test('an owner-occupant’s statement is exported in words, with its own time beside the chosen terms’ time', async () => {
		const tag = 'exportowner'
		const lead = await insertTestLead(handle.db, { firstName: 'Olga', lastName: tag })
		await handle.db.insert(leadConsents).values(statement(lead.id, 'owner-occupant', '2026-11-26T10:00:00.000Z'))
		await handle.db.insert(leadQuotes).values(chosenTerms(lead.id, 0, '2026-11-26T11:30:00.000Z'))
		const [headers, cells] = parseCsv((await (await download(`?search=${tag}`)).text()).replace(/^\uFEFF/, ''))
		const cell = (name: string) => cells![headers!.indexOf(name)]
		expect(cell('Purpose Statement')).toBe('Owner-occupant: told our loans are for investors, no terms shown')
		expect(cell('Purpose Statement Time')).toBe('2026-11-26T10:00:00.000Z')
		expect(cell('Terms Chosen At')).toBe('2026-11-26T11:30:00.000Z')
	})

	test('two statements or two choices at the same time: the later one written is exported', async () => {
		const tag = 'exportties'
		const lead = await insertTestLead(handle.db, { firstName: 'Tia', lastName: tag })
		const at = '2026-11-26T10:00:00.000Z'
		await handle.db.insert(leadConsents).values(statement(lead.id, 'business-purpose', at))
		await handle.db.insert(leadConsents).values(statement(lead.id, 'owner-occupant', at))
		await handle.db.insert(leadQuotes).values(chosenTerms(lead.id, 0, at))
		await handle.db.insert(leadQuotes).values(chosenTerms(lead.id, 1, at))
		const [headers, cells] = parseCsv((await (await download(`?search=${tag}`)).text()).replace(/^\uFEFF/, ''))
		const cell = (name: string) => cells![headers!.indexOf(name)]
		expect(cell('Purpose Statement')).toBe('Owner-occupant: told our loans are for investors, no terms shown')
		expect(cell('Chosen Terms')).toMatch(/, 30-year fixed, 3-year prepayment \(3-2-1\), 1 point;/)
	})

	test('an edited note says so in the Admin Notes cell; one never edited does not', async () => {
		const tag = 'exportedited'
		const lead = await insertTestLead(handle.db, { firstName: 'Ed', lastName: tag })
		await handle.db.insert(leadNotes).values([
			{ leadId: lead.id, authorId: admin.user.id, authorName: 'Olive Officer', body: 'First', createdAt: new Date('2026-11-20T15:00:00Z') },
			{
				leadId: lead.id,
				authorId: admin.user.id,
				authorName: 'Olive Officer',
				body: 'Second, corrected',
				createdAt: new Date('2026-11-21T15:00:00Z'),
				editedAt: new Date('2026-11-21T16:00:00Z'),
			},
		])
		const [headers, cells] = parseCsv((await (await download(`?search=${tag}`)).text()).replace(/^\uFEFF/, ''))
		expect(cells![headers!.indexOf('Admin Notes')]).toBe(
			'2026-11-20T15:00:00Z Olive Officer: First\n\n2026-11-21T15:00:00Z Olive Officer (edited): Second, corrected',
		)
	})

	test('answers that look like formulas are neutralised in the export', async () => {
		const tag = 'exportformula'
		await insertTestLead(handle.db, {
			lastName: tag,
			message: JSON.stringify({ loanProgram: 'dscr', additionalScenarioDetails: '=HYPERLINK("http://evil")' }),
		})
		const text = await (await download(`?search=${tag}`)).text()
		expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`)
	})

	test('an export that matches nothing still has its header and is logged', async () => {
		const text = await (await download('?search=matches-nothing-at-all')).text()
		expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^ID,Created At,/)
		const entries = await handle.db.select().from(leadActivity).where(eq(leadActivity.action, 'exported'))
		expect(entries.some((entry) => entry.leadId === null && (entry.detail as { rows: number }).rows === 0)).toBe(true)
	})
})
