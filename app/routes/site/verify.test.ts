import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads, rateLimits, termSheets } from '#db/schema.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { printedCode } from '#app/features/leads/terms/term-sheet.ts'
import { anonymizeLeadRows } from '#app/features/retention/anonymize.server.ts'
import { VERIFY_MISS_LIMIT } from '#app/features/leads/terms/term-sheet-verify.server.ts'
import { handle, newLead, purpose, quote, request, services, setUpLeadTerms, context } from '../../../tests/lead-terms-harness.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { action as termSheetAction } from '../api/leads.term-sheet.ts'

setUpLeadTerms()

const refinements = { ficoBand: '740-759', monthlyRent: 4200 }
const choice = { prepayment: '3-2-1', points: 1 }
let ip = 10

/** A lead whose borrower downloaded a term sheet: its code, and the rate and loan amount the quotes API gave. */
async function downloadedSheet() {
	const lead = await newLead()
	await purpose(lead.id, lead.token)
	const shown = await quote(lead.id, lead.token, { event: 'presented', refinements, choice })
	const response = (await termSheetAction({
		request: request(`/api/leads/${lead.id}/term-sheet`, { refinements, choice }, { Authorization: `Bearer ${lead.token}` }),
		context: context(),
		params: { id: lead.id },
	} as never)) as Response
	expect(response.status).toBe(200)
	return { code: response.headers.get('X-Term-Sheet-Code')!, quote: shown.body.terms.quotes[0].quote }
}

/** The verify page as a visitor at its own address gets it. */
async function visit(path: string, clientIp = `203.0.113.${ip++}`) {
	const response = await handleAppRequest(services, new Request(`http://localhost:3000${path}`), { clientIp })
	return {
		status: response.status,
		location: response.headers.get('Location'),
		cacheControl: response.headers.get('Cache-Control'),
		html: await response.text(),
	}
}

const verdict = (html: string) => /data-state="(\w+)"[^>]*>([^<]+)</.exec(html)?.slice(1, 3)

describe('/verify/<code>', () => {
	test('a current sheet is genuine and current, with its figures and the lender, never the borrower', async () => {
		const { code, quote: priced } = await downloadedSheet()
		const page = await visit(`/verify/${code}`)
		expect(page.status).toBe(200)
		expect(verdict(page.html)).toEqual(['current', 'Genuine and current'])
		const company = await services.content.get('company')
		const settings = await services.content.get('settings')
		const [sheet] = await handle.db.select().from(termSheets).where(eq(termSheets.code, code))
		expect(page.html).toContain(`valid until ${formatInTimeZone(sheet!.expiresAt, settings.timeZone, 'day')}`)
		expect(page.html).toContain(printedCode(code))
		expect(page.html).toContain(company.name)
		for (const figure of ['DSCR loan', 'Single Family, Texas', '$200,000 loan', formatRate(priced.rate)])
			expect(page.html).toContain(figure)
		for (const personal of ['Jane', 'Investor', 'jane@example.com', '555-0123', '100 Main St', 'Austin'])
			expect(page.html).not.toContain(personal)
		expect(page.html).toContain('<meta name="robots" content="noindex, nofollow"/>')
		// It may turn superseded or expired at any time: kept a minute at most.
		expect(page.cacheControl).toBe('public, max-age=60')
	})

	test('a sheet about to expire is kept no longer than it holds', async () => {
		const { code } = await downloadedSheet()
		await handle.db
			.update(termSheets)
			.set({ expiresAt: new Date(Date.now() + 30_500) })
			.where(eq(termSheets.code, code))
		const page = await visit(`/verify/${code}`)
		expect(verdict(page.html)?.[0]).toBe('current')
		expect(page.cacheControl).toMatch(/^public, max-age=(29|30)$/)
	})

	test('an expired sheet says so, with the date it expired', async () => {
		const { code } = await downloadedSheet()
		const expiredAt = new Date(Date.now() - 86_400_000)
		await handle.db.update(termSheets).set({ expiresAt: expiredAt }).where(eq(termSheets.code, code))
		const page = await visit(`/verify/${code}`)
		expect(page.status).toBe(200)
		expect(verdict(page.html)).toEqual(['expired', 'Genuine, but expired'])
		const settings = await services.content.get('settings')
		expect(page.html).toContain(`expired on ${formatInTimeZone(expiredAt, settings.timeZone, 'day')}`)
		// Past its expiry nothing will change: kept the full minute, not the one second a sheet about to expire gets.
		expect(page.cacheControl).toBe('public, max-age=60')
	})

	test('a sheet priced on an older rate sheet is genuine but superseded once a new one is published', async () => {
		const { code } = await downloadedSheet()
		expect(verdict((await visit(`/verify/${code}`)).html)?.[0]).toBe('current')
		const sheet = await services.content.get('rateSheet')
		await services.content.save('rateSheet', { ...sheet, dscr: { ...sheet.dscr, baseRate: '7.125' } }, 'verify-test')
		const page = await visit(`/verify/${code}`)
		expect(verdict(page.html)).toEqual(['superseded', 'Genuine, but superseded by a newer rate sheet'])
		expect(page.html).toContain('the figures may differ now')
	})

	test('a code that does not exist is a plain 404 answer, never kept', async () => {
		const page = await visit('/verify/0000000000')
		expect(page.status).toBe(404)
		expect(page.html).toContain('No term sheet has the code 0000000000')
		expect(page.cacheControl).toBe('no-store')
		expect((await visit('/verify/not-a-code')).status).toBe(404)
	})

	test("an anonymised lead's sheet stays verifiable, with the same figures", async () => {
		const { code } = await downloadedSheet()
		const before = await visit(`/verify/${code}`)
		const [sheet] = await handle.db.select().from(termSheets).where(eq(termSheets.code, code))
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, sheet!.leadId))
		await anonymizeLeadRows(
			handle.db,
			[
				{
					id: lead!.id,
					message: lead!.message,
					attribution: lead!.attribution,
					property_details: lead!.propertyDetails,
					loan_customization: lead!.loanCustomization,
				},
			],
			new Date(),
		)
		const after = await visit(`/verify/${code}`)
		expect(verdict(after.html)?.[0]).toBe('current')
		const figures = (html: string) => /data-testid="verify-figures">([\s\S]*?)<\/dl>/.exec(html)![1]
		expect(figures(after.html)).toBe(figures(before.html))
	})

	test("a deleted lead's sheets go with it: their codes answer not found", async () => {
		const { code } = await downloadedSheet()
		const [sheet] = await handle.db.select().from(termSheets).where(eq(termSheets.code, code))
		await handle.db.delete(leads).where(eq(leads.id, sheet!.leadId))
		expect(await handle.db.select().from(termSheets).where(eq(termSheets.code, code))).toEqual([])
		expect((await visit(`/verify/${code}`)).status).toBe(404)
	})

	test('a code typed in lower case, with its dash or in the form goes to its one address', async () => {
		const { code } = await downloadedSheet()
		for (const typed of [`/verify/${printedCode(code).toLowerCase()}`, `/verify?code=${encodeURIComponent(` ${printedCode(code)} `)}`]) {
			const page = await visit(typed)
			expect(page.status).toBe(302)
			expect(page.location).toBe(`/verify/${code}`)
		}
		const form = await visit('/verify')
		expect(form.status).toBe(200)
		expect(form.html).toMatch(/<form[^>]* action="\/verify" method="get"/)
		expect(form.html).not.toContain('data-state=')
	})

	test('one address is refused after too many codes that do not exist, even a real one then; another address is not', async () => {
		// docs/decisions/0095: 20 codes not found an hour per address.
		expect(VERIFY_MISS_LIMIT).toEqual({ perIp: 20, windowSeconds: 3600 })
		await handle.db.delete(rateLimits)
		const { code } = await downloadedSheet()
		const guesser = '198.51.100.66'
		for (let index = 0; index < VERIFY_MISS_LIMIT.perIp; index++)
			expect((await visit(`/verify/${String(index).padStart(10, '0')}`, guesser)).status).toBe(404)
		const refused = await visit('/verify/ZZZZZZZZZZ', guesser)
		expect(refused.status).toBe(429)
		expect(refused.html).toContain('Too many codes were checked from your connection')
		expect((await visit(`/verify/${code}`, guesser)).status).toBe(429)
		expect((await visit(`/verify/${code}`, '198.51.100.67')).status).toBe(200)
	})
})
