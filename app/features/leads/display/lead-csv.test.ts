import { describe, expect, test } from 'vitest'
import { csvCell, csvLine, leadCsvContactCells, leadCsvExtraCells, CSV_ANSWER_FIELDS } from './lead-csv.ts'

describe('CSV cells', () => {
	test('quotes commas, quotes and line breaks (RFC 4180); empty values stay empty', () => {
		expect(csvCell('plain')).toBe('plain')
		expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."')
		expect(csvCell('say "hi"')).toBe('"say ""hi"""')
		expect(csvCell('two\nlines')).toBe('"two\nlines"')
		expect(csvCell(null)).toBe('')
		expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n')
	})

	test('neutralises text a spreadsheet would run as a formula', () => {
		expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`)
		expect(csvCell('+1 949 555 0123')).toBe("'+1 949 555 0123")
		expect(csvCell('-2+3')).toBe("'-2+3")
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
		expect(csvCell('\tcmd')).toBe("'\tcmd")
		expect(csvCell('a=b')).toBe('a=b')
	})
})

describe('speed-to-lead and dates in the export', () => {
	const createdAt = new Date('2026-11-24T14:05:00.000Z')

	test('the assigned officer, the first contact as ISO 8601 and the minutes it took', () => {
		expect(
			leadCsvContactCells({
				createdAt,
				firstContactedAt: new Date('2026-11-24T14:17:30.000Z'),
				assignedTo: 'u1',
				assigneeName: 'Olivia Officer',
			}),
		).toEqual(['Olivia Officer', '2026-11-24T14:17:30.000Z', '12.5'])
		expect(leadCsvContactCells({ createdAt, firstContactedAt: null, assignedTo: null, assigneeName: null })).toEqual([null, null, null])
	})

	test('an officer whose account is gone reads Former staff; a contact logged before the lead arrived counts as 0 minutes', () => {
		const contact = { createdAt, firstContactedAt: new Date('2026-11-24T14:00:00.000Z'), assignedTo: 'u-gone', assigneeName: null }
		expect(leadCsvContactCells(contact)).toEqual(['Former staff', '2026-11-24T14:00:00.000Z', '0'])
	})

	test('answer instants are ISO 8601 and calendar days yyyy-mm-dd, like every other date column', () => {
		const cells = leadCsvExtraCells(
			{ submitted_at: '2026-11-22T15:04:00.000Z', long_form_submitted_at: '2026-11-23T10:00:00.000Z', closingDate: '2026-12-15' },
			null,
			null,
		)
		const cell = (label: string) => cells[CSV_ANSWER_FIELDS.findIndex((field) => field.label === label)]
		expect(cell('Short form submitted')).toBe('2026-11-22T15:04:00.000Z')
		expect(cell('Long form submitted')).toBe('2026-11-23T10:00:00.000Z')
		expect(cell('Estimated closing date')).toBe('2026-12-15')
	})
})
