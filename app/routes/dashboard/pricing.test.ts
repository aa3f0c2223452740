import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { editorClient, settle, storedVersions } from '../../../tests/content-editor-kit.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { openSeededApp, routeContext, type SeededApp } from '../../../tests/test-services.ts'
import { VERSION_NOTE_MAX_LENGTH, versionNoteMessages } from '#app/features/content/version-note.ts'
import type { RateSheet } from '#app/features/pricing/rate-sheet.ts'
import type { PricingScreenResult } from '#app/features/rate-sheets/rate-sheet-publishing.server.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { SHEET_BASE_FIELD, sheetFieldName, sheetFormMessages } from '#app/features/rate-sheets/sheet-form.ts'
import * as downloadRoute from './pricing.rate-sheet.ts'
import * as pricingRoute from './pricing.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const client = () => editorClient(services, '/dashboard/pricing', pricingRoute)
const live = async () => services.content.getWithVersion('rateSheet')

/** The grid as the browser posts it: the document it was drawn from, and the fields changed. */
function gridForm(base: unknown, fields: Array<[Array<string | number>, string]>) {
	const form: Record<string, string> = { intent: 'preview', [SHEET_BASE_FIELD]: JSON.stringify(base) }
	for (const [path, value] of fields) form[sheetFieldName(path)] = value
	return form
}
const preview = (cookie: string, form: Record<string, string>) => client().post<PricingScreenResult>(cookie, form)
const publish = (cookie: string, result: PricingScreenResult, note: string) =>
	client().post<PricingScreenResult>(cookie, {
		intent: 'publish',
		payload: JSON.stringify(result.draft),
		baseVersion: String(result.baseVersion),
		note,
		...(result.restoring === null ? {} : { restoring: String(result.restoring) }),
	})

/** The lowest-rate cell of the bridge grid: the one its advertised "from" rate comes from. */
function bestBridgeCell(sheet: RateSheet) {
	let best = { row: 0, column: 0, rate: new Decimal(Number.POSITIVE_INFINITY) }
	sheet.shortTerm['short-term-bridge'].grid.forEach((cells, row) => {
		cells.forEach((cell, column) => {
			if (cell && new Decimal(cell.rate).lt(best.rate)) best = { row, column, rate: new Decimal(cell.rate) }
		})
	})
	return best
}

describe('the Pricing screen (docs/decisions/0073)', () => {
	test('a new site starts with the seeded rate sheet as its first version', async () => {
		const { status, body } = await client().load(admin.cookie)
		expect(status).toBe(200)
		expect(body.content).toEqual(SEED_RATE_SHEET)
		expect(body).toMatchObject({ canEdit: true, version: 1 })
		expect((await storedVersions(services, 'rateSheet'))[0]).toMatchObject({ version: 1, createdBy: 'seed', note: null })
	})

	test('a sales manager reads and downloads the sheet but cannot preview or publish; a loan officer reads nothing', async () => {
		const manager = await signedInStaff(services, ['moderator'])
		const read = await client().load(manager.cookie)
		expect(read.status).toBe(200)
		expect(read.body.canEdit).toBe(false)
		const before = await storedVersions(services, 'rateSheet')
		const changed = structuredClone(SEED_RATE_SHEET)
		changed.dscr.baseRate = '9.000'
		expect((await preview(manager.cookie, gridForm(SEED_RATE_SHEET, [[['dscr', 'baseRate'], '9.000']]))).status).toBe(403)
		const forged = { intent: 'publish', payload: JSON.stringify(changed), baseVersion: '1', note: 'Mine now' }
		expect((await client().post(manager.cookie, forged)).status).toBe(403)
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)

		const download = (cookie: string) =>
			settle(() =>
				downloadRoute.loader({
					request: staffRequest('http://localhost:3000/dashboard/pricing/rate-sheet.json', cookie),
					context: routeContext(services),
					params: {},
				} as never),
			)
		const response = (await downloadRoute.loader({
			request: staffRequest('http://localhost:3000/dashboard/pricing/rate-sheet.json', manager.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="rate-sheet-v\d+\.json"$/)
		expect(JSON.parse(await response.text())).toEqual((await live()).data)
		const officer = await signedInStaff(services, ['user'])
		expect((await client().load(officer.cookie)).status).toBe(403)
		expect((await download(officer.cookie)).status).toBe(403)
	})

	test('Preview changes answers what a grid edit changes (the cell, the public figure, the samples) and stores nothing', async () => {
		const before = await storedVersions(services, 'rateSheet')
		const { data: sheet, version } = await live()
		const cell = bestBridgeCell(sheet)
		const lowered = cell.rate.minus('0.250').toFixed(3)
		const path = ['shortTerm', 'short-term-bridge', 'grid', cell.row, cell.column, 'rate']
		const { status, body } = await preview(admin.cookie, gridForm(sheet, [[path, lowered]]))
		expect(status).toBe(200)
		expect(body.errors).toEqual({})
		expect(body.baseVersion).toBe(version)
		expect(body.preview!.changes).toEqual([expect.objectContaining({ path, before: cell.rate.toFixed(3), after: lowered })])
		expect(body.preview!.figures.filter((figure) => figure.changed)).toEqual([
			expect.objectContaining({ product: 'bridge', token: 'minRate', before: `${Number(cell.rate)}%`, after: `${Number(lowered)}%` }),
		])
		expect(body.preview!.samples.length).toBeGreaterThan(0)
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
		expect((await live()).data).toEqual(sheet)
	})

	test('a grid with problems names each at its path (the form’s own reading first), and nothing is stored', async () => {
		const before = await storedVersions(services, 'rateSheet')
		const { data: sheet } = await live()
		const { status, body } = await preview(
			admin.cookie,
			gridForm(sheet, [
				[['dscr', 'rateFloor'], 'six'],
				[['dscr', 'eligibility', 'minLoan'], 'lots'],
			]),
		)
		expect(status).toBe(400)
		expect(body.preview).toBeNull()
		expect(body.errors).toEqual({
			'dscr.rateFloor': 'Write a percentage from 0 with at most 3 decimals, such as 6.250',
			'dscr.eligibility.minLoan': sheetFormMessages.number,
		})
		// The draft comes back as typed, to be drawn in the grid with the messages.
		expect(body.draft).toMatchObject({ dscr: { rateFloor: 'six', eligibility: { minLoan: 'lots' } } })
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
	})

	test('Publish needs a change note; with one it stores the previewed sheet as a new version, with its note, and pricing reads it', async () => {
		const { data: sheet } = await live()
		const raised = new Decimal(sheet.dscr.baseRate).plus('0.125').toFixed(3)
		const proposal = (await preview(admin.cookie, gridForm(sheet, [[['dscr', 'baseRate'], raised]]))).body
		const before = await storedVersions(services, 'rateSheet')

		for (const [note, message] of [
			['', versionNoteMessages.missing],
			['   ', versionNoteMessages.missing],
			['x'.repeat(VERSION_NOTE_MAX_LENGTH + 1), versionNoteMessages.tooLong],
		] as const) {
			const refused = await publish(admin.cookie, proposal, note)
			expect(refused.status).toBe(400)
			expect(refused.body.errors).toEqual({ note: message })
			// The preview stays, so the page can still show what is being published.
			expect(refused.body.preview!.changes).toHaveLength(1)
			expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
		}

		const note = 'Base rate up 0.125 after the 10-year moved'
		const done = await publish(admin.cookie, proposal, `  ${note} `)
		expect(done.status).toBe(302)
		const versions = await storedVersions(services, 'rateSheet')
		expect(versions).toHaveLength(before.length + 1)
		expect(versions.at(-1)).toMatchObject({ createdBy: admin.email, note, data: proposal.draft })
		expect(done.location).toBe(`/dashboard/pricing?published=${versions.at(-1)!.version}`)
		expect((await services.content.get('rateSheet')).dscr.baseRate).toBe(raised)
		const page = await settle<Awaited<ReturnType<typeof pricingRoute.loader>>>(() =>
			pricingRoute.loader({
				request: staffRequest(`http://localhost:3000${done.location}`, admin.cookie),
				context: routeContext(services),
				params: {},
			} as never),
		)
		expect(page.body.published).toMatchObject({ version: versions.at(-1)!.version, note })
		expect(page.body.versions[0]).toMatchObject({ version: versions.at(-1)!.version, note })
	})

	test('a publish against a sheet that is no longer live stores nothing and answers the preview against the new one', async () => {
		const { data: sheet, version } = await live()
		const floor = new Decimal(sheet.dscr.rateFloor).minus('0.125').toFixed(3)
		const assumed = new Decimal(sheet.dscr.assumptions.assumedDscr).plus('0.05').toFixed(2)
		const mine = (await preview(admin.cookie, gridForm(sheet, [[['dscr', 'rateFloor'], floor]]))).body
		const theirs = (await preview(admin.cookie, gridForm(sheet, [[['dscr', 'assumptions', 'assumedDscr'], assumed]]))).body
		expect((await publish(admin.cookie, theirs, `Assume a DSCR of ${assumed}`)).status).toBe(302)
		const before = await storedVersions(services, 'rateSheet')

		const late = await publish(admin.cookie, mine, 'Lower the floor')
		expect(late.status).toBe(409)
		expect(late.body.notice).toContain(`Version ${version + 1} was published after this preview`)
		expect(late.body.baseVersion).toBe(version + 1)
		// Against the new live sheet, publishing mine would also undo theirs: the preview says so.
		expect(late.body.preview!.changes.map((change) => change.path.join('.'))).toEqual(['dscr.rateFloor', 'dscr.assumptions.assumedDscr'])
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
		expect((await live()).data.dscr.assumptions.assumedDscr).toBe(assumed)
	})

	test('an import with problems names every problem by path and reason, and nothing changes', async () => {
		const before = await storedVersions(services, 'rateSheet')
		const stored = await services.content.get('rateSheet')
		const bad = structuredClone(SEED_RATE_SHEET) as unknown as {
			dscr: Record<string, unknown>
			shortTerm: Record<string, { termMonths: unknown }>
		}
		bad.dscr.rateFloor = 'six'
		bad.dscr.ltvBuckets = [0, 60, 65, 75, 70]
		bad.shortTerm['fix-flip']!.termMonths = 0
		const { status, body } = await client().post<PricingScreenResult>(admin.cookie, { intent: 'import', json: JSON.stringify(bad) })
		expect(status).toBe(400)
		expect(body.errors).toEqual({
			'dscr.rateFloor': 'Write a percentage from 0 with at most 3 decimals, such as 6.250',
			'dscr.ltvBuckets': 'List the LTV buckets from the lowest, each above the last',
			'shortTerm.fix-flip.termMonths': 'A term is at least 1 month',
		})
		expect(body.draft).toEqual(bad)

		const broken = await client().post<PricingScreenResult>(admin.cookie, { intent: 'import', json: '{ "format": 1, ' })
		expect(broken.status).toBe(400)
		expect(broken.body.errors.form).toMatch(/^The document is not valid JSON: /)

		expect(await services.content.get('rateSheet')).toEqual(stored)
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
	})

	test('a good import, from a file or pasted, is previewed like a grid edit', async () => {
		const { data: sheet } = await live()
		const imported = structuredClone(sheet)
		imported.shortTerm.construction.termMonths = 24
		const form = new FormData()
		form.set('intent', 'import')
		form.set('json', 'ignored: a chosen file wins')
		form.set('file', new File([JSON.stringify(imported)], 'sheet.json', { type: 'application/json' }))
		const { status, body } = await client().post<PricingScreenResult>(admin.cookie, form)
		expect(status).toBe(200)
		expect(body.draft).toEqual(imported)
		expect(body.preview!.changes).toEqual([expect.objectContaining({ path: ['shortTerm', 'construction', 'termMonths'], after: 24 })])
	})

	test('Restore previews an earlier version; publishing it makes it the newest, with its note', async () => {
		const before = await storedVersions(services, 'rateSheet')
		const restoring = await client().post<PricingScreenResult>(admin.cookie, { intent: 'version', version: '1' })
		expect(restoring.status).toBe(200)
		expect(restoring.body).toMatchObject({ restoring: 1, draft: SEED_RATE_SHEET })
		expect(restoring.body.preview!.changes.length).toBeGreaterThan(0)
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
		expect((await publish(admin.cookie, restoring.body, 'Back to the seeded sheet')).status).toBe(302)
		expect((await storedVersions(services, 'rateSheet')).at(-1)).toMatchObject({ data: SEED_RATE_SHEET, note: 'Back to the seeded sheet' })
		expect((await client().post(admin.cookie, { intent: 'version', version: '999' })).body.errors).toEqual({
			form: 'Version 999 does not exist',
		})
	})
})
