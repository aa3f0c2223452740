import { describe, expect, test } from 'vitest'
import { csvCell, csvLine } from './lead-csv.ts'

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
