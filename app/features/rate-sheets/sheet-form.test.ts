import { describe, expect, test } from 'vitest'
import { rateSheetSchema } from '../pricing/rate-sheet.ts'
import { SEED_RATE_SHEET } from '../pricing/seed-rate-sheet.ts'
import { sheetFieldName, sheetFormMessages, sheetFromForm, sheetPathOfField } from './sheet-form.ts'

const posted = (fields: Array<[Array<string | number>, string]>) => {
	const form = new FormData()
	form.set('intent', 'preview')
	for (const [path, value] of fields) form.append(sheetFieldName(path), value)
	return form
}

describe('the grid as a posted form (docs/decisions/0073)', () => {
	test('a field name is the path of its leaf, whatever its keys hold', () => {
		for (const path of [
			['dscr', 'creditLtv', '800+', 0],
			['shortTerm', 'fix-flip', 'grid', 1, 2, 'rate'],
			['odd/key', 'with~tilde'],
		]) {
			expect(sheetPathOfField(sheetFieldName(path))).toEqual(path.map(String))
		}
		expect(sheetPathOfField('intent')).toBeNull()
	})

	test('each posted text becomes what its leaf holds, read from the schema', () => {
		const { document, problems } = sheetFromForm(
			posted([
				[['dscr', 'baseRate'], ' 6.375 '],
				[['dscr', 'creditLtv', '740-759', 2], ''],
				[['dscr', 'eligibility', 'maxLtv', 'purchase'], '75 %'],
				[['dscr', 'eligibility', 'maxLoan'], '$2,500,000'],
				[['dscr', 'eligibility', 'minFico'], '680-699'],
				[['dscr', 'propertyTypes', 'commercial'], '0.750'],
			]),
			SEED_RATE_SHEET,
		)
		expect(problems).toEqual({})
		const sheet = rateSheetSchema.parse(document)
		expect(sheet.dscr.baseRate).toBe('6.375')
		// An empty cell is a pair not offered.
		expect(sheet.dscr.creditLtv['740-759'][2]).toBeNull()
		expect(sheet.dscr.eligibility.maxLtv.purchase).toBe(75)
		expect(sheet.dscr.eligibility.maxLoan).toBe(2_500_000)
		expect(sheet.dscr.eligibility.minFico).toBe('680-699')
		expect(sheet.dscr.propertyTypes.commercial).toBe('0.750')
		// Leaves no field was posted for keep the base's values.
		expect(sheet.dscr.rateFloor).toBe(SEED_RATE_SHEET.dscr.rateFloor)
		expect(sheet.shortTerm).toEqual(SEED_RATE_SHEET.shortTerm)
	})

	test('a checkbox posts its hidden "false" first: checked is the last value, unchecked the hidden one', () => {
		const form = posted([
			[['dscr', 'interestOnly', 'offered'], 'false'],
			[['dscr', 'interestOnly', 'offered'], 'true'],
			[['shortTerm', 'construction', 'offered'], 'false'],
		])
		const { document } = sheetFromForm(form, SEED_RATE_SHEET)
		const sheet = rateSheetSchema.parse(document)
		expect(sheet.dscr.interestOnly.offered).toBe(true)
		expect(sheet.shortTerm.construction.offered).toBe(false)
	})

	test('a number that is not one is named at its field, and the text is kept to be shown again', () => {
		const { document, problems } = sheetFromForm(
			posted([
				[['dscr', 'eligibility', 'minLoan'], 'a hundred thousand'],
				[['shortTerm', 'fix-flip', 'termMonths'], '12.5'],
			]),
			SEED_RATE_SHEET,
		)
		expect(problems).toEqual({
			'dscr.eligibility.minLoan': sheetFormMessages.number,
			'shortTerm.fix-flip.termMonths': sheetFormMessages.wholeNumber,
		})
		expect(document).toMatchObject({ dscr: { eligibility: { minLoan: 'a hundred thousand' } } })
		expect(rateSheetSchema.safeParse(document).success).toBe(false)
	})

	test('a short-term cell left empty is not offered; half filled, both its fields are named', () => {
		const empty = sheetFromForm(
			posted([
				[['shortTerm', 'fix-flip', 'grid', 0, 0, 'rate'], ''],
				[['shortTerm', 'fix-flip', 'grid', 0, 0, 'points'], ' '],
			]),
			SEED_RATE_SHEET,
		)
		expect(empty.problems).toEqual({})
		expect(rateSheetSchema.parse(empty.document).shortTerm['fix-flip'].grid[0]![0]).toBeNull()

		const base = structuredClone(SEED_RATE_SHEET)
		base.shortTerm.construction.grid[0]![0] = null
		const offered = sheetFromForm(
			posted([
				[['shortTerm', 'construction', 'grid', 0, 0, 'rate'], '12.000'],
				[['shortTerm', 'construction', 'grid', 0, 0, 'points'], '2.500'],
			]),
			base,
		)
		expect(rateSheetSchema.parse(offered.document).shortTerm.construction.grid[0]![0]).toEqual({ rate: '12.000', points: '2.500' })

		const half = sheetFromForm(
			posted([
				[['shortTerm', 'construction', 'grid', 0, 0, 'rate'], '12.000'],
				[['shortTerm', 'construction', 'grid', 0, 0, 'points'], ''],
			]),
			base,
		)
		expect(half.problems).toEqual({ 'shortTerm.construction.grid.0.0.points': sheetFormMessages.bothOrNeither })
	})

	test('a field the schema does not know is kept as text; a prototype key or a made-up row is ignored', () => {
		const { document } = sheetFromForm(
			posted([
				[['dscr', 'noRatio', 'label'], 'No ratio'],
				[['__proto__', 'polluted'], 'yes'],
				[['dscr', 'ltvBuckets', 500], '90'],
			]),
			SEED_RATE_SHEET,
		)
		expect(document).toMatchObject({ dscr: { noRatio: { label: 'No ratio' }, ltvBuckets: SEED_RATE_SHEET.dscr.ltvBuckets } })
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
		expect((document as { dscr: { ltvBuckets: number[] } }).dscr.ltvBuckets).toHaveLength(SEED_RATE_SHEET.dscr.ltvBuckets.length)
	})
})
