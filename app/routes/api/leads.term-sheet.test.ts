import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, test } from 'vitest'
import { leadActivity, leads, termSheets } from '#db/schema.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { purposeStatementText } from '#app/features/pricing/borrower-terms.ts'
import { formatBuildUpPercent, formatRate } from '#app/features/pricing/rate-format.ts'
import { bandLabel, money, quoteRows, scenarioLine } from '#app/features/pricing/terms-text.ts'
import { printedCode } from '#app/features/leads/terms/term-sheet.ts'
import { leadQuoteSnapshots } from '#app/features/leads/terms/lead-terms.server.ts'
import { fixFlipAnswers, janeContact } from '../../../tests/lead-fixtures.ts'
import { admin, context, handle, newLead, purpose, quote, request, services, setUpLeadTerms } from '../../../tests/lead-terms-harness.ts'
import { action as termSheetAction } from './leads.term-sheet.ts'

setUpLeadTerms()

/** POST /api/leads/:id/term-sheet as the terms panel sends it. */
async function download(id: string, token: string | undefined, body: unknown) {
	return (await termSheetAction({
		request: request(`/api/leads/${id}/term-sheet`, body, token ? { Authorization: `Bearer ${token}` } : {}),
		context: context(),
		params: { id },
	} as never)) as Response
}

/** The PDF's text as a reader would copy it: every run of white space as one space. */
async function pdfText(response: Response) {
	const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
	const { text } = await extractText(pdf, { mergePages: true })
	return { text: text.replace(/\s+/g, ' '), pages: pdf.numPages }
}
const oneLine = (text: string) => text.replace(/\s+/g, ' ')

const choice = { prepayment: '3-2-1', points: 1 }
const refinements = { ficoBand: '740-759', monthlyRent: 4200, annualTaxes: 9000 }

async function statedLead() {
	const lead = await newLead()
	expect((await purpose(lead.id, lead.token)).status).toBe(200)
	return lead
}

describe('the term sheet PDF', () => {
	test('holds every figure the quotes API gave for the same request, the code, the lender, the expiry and the statement', async () => {
		const lead = await statedLead()
		const shown = await quote(lead.id, lead.token, { event: 'presented', refinements, choice })
		expect(shown.status).toBe(200)
		const priced = shown.body.terms.quotes[0].quote
		expect(priced.eligible).toBe(true)

		const response = await download(lead.id, lead.token, { refinements, choice })
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/pdf')
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		const code = response.headers.get('X-Term-Sheet-Code')!
		expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="term-sheet-${code}.pdf"`)
		const { text, pages } = await pdfText(response)
		expect(pages).toBe(1)

		// The figures as the screen shows them (the same rows the terms panel lists), the build-up and the assumptions.
		const rows = quoteRows(priced, false)
		expect(rows.length).toBe(8)
		for (const [label, value] of rows) expect(text).toContain(`${label} ${value}`)
		expect(text).toContain(formatRate(priced.rate))
		expect(text).toContain(money(priced.monthly.pitia))
		expect(text).toContain(money(priced.cashToClose))
		expect(priced.lines.length).toBeGreaterThan(3)
		for (const line of priced.lines) expect(text).toContain(`${line.label} (${line.reason}): ${formatBuildUpPercent(line.percent)}`)
		expect(priced.assumptions.length).toBeGreaterThan(0)
		for (const assumption of priced.assumptions) expect(text).toContain(oneLine(assumption))
		// The rent behind the DSCR: the share counted and the rent the borrower typed.
		expect(text).toMatch(/The DSCR counts \d+ % of the rent/)
		expect(text).toContain('Monthly rent $4,200')
		const [sheet] = await handle.db.select().from(termSheets).where(eq(termSheets.code, code))
		const [presented] = await leadQuoteSnapshots(handle.db, lead.id)
		expect(text).toContain(oneLine(scenarioLine(presented!.request)))
		expect(text).toContain(`Credit score: ${bandLabel('740-759')}`)

		// Who made it and what it is: the lender, its licences, the property, the version, the dates, the statement, the code.
		const company = await services.content.get('company')
		const settings = await services.content.get('settings')
		for (const fact of [company.name, company.phone, company.lenderLicenseId, company.realEstateLicenseNumber]) expect(text).toContain(fact)
		expect(text).toContain('100 Main St, Austin, TX 78701, USA')
		expect(text).toContain('Single Family, Texas')
		expect(text).toContain(`Quote ID ${sheet!.id}`)
		expect(text).toContain(`Rate sheet version ${shown.body.terms.sheetVersion}`)
		expect(sheet!.rateSheetVersion).toBe(shown.body.terms.sheetVersion)
		expect(text).toContain(`Expires ${formatInTimeZone(sheet!.expiresAt, settings.timeZone, 'day')}`)
		expect(text).toContain(oneLine(purposeStatementText('business-purpose', company)))
		expect(text).toContain(printedCode(code))
		expect(text).toContain(`${services.config.baseUrl}/verify/${code}`)
		expect(text).toContain(shown.body.terms.notice)
		expect(text).toContain('Loan officer: not yet assigned')
	})

	test("names the lead's officer once one is assigned", async () => {
		const lead = await statedLead()
		await handle.db.update(leads).set({ assignedTo: admin!.user.id }).where(eq(leads.id, lead.id))
		const { text } = await pdfText(await download(lead.id, lead.token, { refinements, choice }))
		expect(text).toContain(`Loan officer: ${admin!.user.name}`)
	})

	test('expires after the days the settings say (10 by default), and each download is a new sheet in the lead history', async () => {
		const lead = await statedLead()
		const before = Date.now()
		const first = await download(lead.id, lead.token, { refinements, choice })
		const second = await download(lead.id, lead.token, { refinements, choice })
		const codes = [first.headers.get('X-Term-Sheet-Code'), second.headers.get('X-Term-Sheet-Code')]
		expect(codes[0]).not.toBe(codes[1])
		const rows = await handle.db.select().from(termSheets).where(eq(termSheets.leadId, lead.id))
		expect(rows.map((row) => row.code).sort()).toEqual([...codes].sort())
		for (const row of rows) {
			const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000
			expect(days).toBe(10)
			expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
		}
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		const downloads = history.filter((entry) => entry.action === 'term_sheet_downloaded')
		expect(downloads.map((entry) => (entry.detail as { code: string }).code).sort()).toEqual([...codes].sort())
	})

	test('expires after the days an admin set', async () => {
		const settings = await services.content.get('settings')
		await services.content.save('settings', { ...settings, termSheetDays: 3 }, 'term-sheet-test')
		try {
			const lead = await statedLead()
			const response = await download(lead.id, lead.token, { refinements, choice })
			const [row] = await handle.db
				.select()
				.from(termSheets)
				.where(eq(termSheets.code, response.headers.get('X-Term-Sheet-Code')!))
			expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000).toBe(3)
		} finally {
			await services.content.save('settings', settings, 'term-sheet-test')
		}
	})

	test('keeps figures only: no name, contact or street address in the stored snapshot', async () => {
		const lead = await statedLead()
		const response = await download(lead.id, lead.token, { refinements, choice })
		const [sheet] = await handle.db
			.select()
			.from(termSheets)
			.where(eq(termSheets.code, response.headers.get('X-Term-Sheet-Code')!))
		const stored = JSON.stringify(sheet!.snapshot)
		for (const personal of ['Jane', 'Investor', 'jane@example.com', '555', '100 Main St', 'Austin', '78701'])
			expect(stored).not.toContain(personal)
		expect(sheet!.snapshot).toMatchObject({ program: 'DSCR loan', propertyType: 'Single Family', state: 'Texas' })
	})
})

describe('a project loan', () => {
	test('a fix & flip sheet carries its figures, leverage and term as the panel shows them', async () => {
		const lead = await newLead({ ...fixFlipAnswers, ...janeContact })
		expect((await purpose(lead.id, lead.token)).status).toBe(200)
		const body = { refinements: { ficoBand: '740-759' } }
		const shown = await quote(lead.id, lead.token, { event: 'presented', ...body })
		const priced = shown.body.terms.quotes[0].quote
		expect(priced.eligible).toBe(true)
		const { text } = await pdfText(await download(lead.id, lead.token, body))
		const rows = quoteRows(priced, false)
		expect(rows.some(([label]) => label === 'Term')).toBe(true)
		for (const [label, value] of rows) expect(text).toContain(`${label} ${value}`)
		for (const line of priced.lines) expect(text).toContain(`${line.label} (${line.reason}): ${formatBuildUpPercent(line.percent)}`)
		expect(text).toContain(`${priced.termMonths}-month term, interest-only`)
		expect(text).toContain('Fix & flip loan')
		expect(text).toContain('12 Ocean Ave, San Clemente, CA')
		expect(text).toContain('Condo / Townhome, California')
	})
})

describe('refusals', () => {
	test('a wrong token gets 403 and no token 401, like the other lead calls; nothing is made', async () => {
		const lead = await statedLead()
		expect((await download(lead.id, 'x'.repeat(43), { refinements, choice })).status).toBe(403)
		expect((await download(lead.id, undefined, { refinements, choice })).status).toBe(401)
		expect(await handle.db.select().from(termSheets).where(eq(termSheets.leadId, lead.id))).toEqual([])
	})

	test('terms that are not offered get a 422 with a clear message and no sheet', async () => {
		const lead = await statedLead()
		const shown = await quote(lead.id, lead.token, { event: 'presented', refinements: { ficoBand: 'below-600' } })
		expect(shown.body.terms.quotes[0].quote.eligible).toBe(false)
		const response = await download(lead.id, lead.token, { refinements: { ficoBand: 'below-600' } })
		expect(response.status).toBe(422)
		expect(await response.json()).toEqual({ error: 'These terms are not offered, so no term sheet can be made for them.' })
		expect(await handle.db.select().from(termSheets).where(eq(termSheets.leadId, lead.id))).toEqual([])
	})

	test('rates per credit band (no band yet), no statement, or fields beyond the quotes body make no sheet', async () => {
		const unstated = await newLead()
		expect((await download(unstated.id, unstated.token, { refinements, choice })).status).toBe(409)
		const lead = await statedLead()
		const perBand = await download(lead.id, lead.token, {})
		expect(perBand.status).toBe(422)
		expect(((await perBand.json()) as { error: string }).error).toMatch(/Choose your credit score band/)
		expect((await download(lead.id, lead.token, { refinements, rate: '3.000' })).status).toBe(422)
		expect(await handle.db.select().from(termSheets)).toEqual([])
	})
})
