import { describe, expect, test } from 'vitest'
import { FOUND_CATEGORIES } from './found-categories.ts'
import { type PersonalDataExport, escapeHtml, exportHtml, exportJson, exportRowCount } from './export-document.ts'

const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>\'`&amp;'
const document: PersonalDataExport = {
	company: 'Acme <b>Lending</b>',
	request: { id: '00000000-0000-4000-8000-000000000001', type: 'know', receivedOn: '2026-11-20' },
	generatedAt: '2026-11-27T10:00:00.000Z',
	categories: {
		leads: [{ id: 'lead-1', first_name: hostile, property_details: { street: hostile }, '<svg onload=alert(3)>': 'key' }],
		leadNotes: [{ id: 'note-1', body: hostile }],
		taskNotes: [],
		fundedLoans: [],
		contactMessages: [{ id: 'message-1', message: `line one\n${hostile}` }],
		consentRecords: [],
		emails: [{ id: 7, subject: '</td></tr></table><script>x()</script>' }],
		webhookDeliveries: [],
		activity: [],
	},
}

describe('the export of a request to know (docs/decisions/0091)', () => {
	test('the HTML escapes every value and key: nothing a borrower or anyone typed becomes markup', () => {
		const html = exportHtml(document)
		// The only tags are the page's own.
		const tags = [...new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1]!.toLowerCase()))].sort()
		expect(tags).toEqual(['body', 'h1', 'h2', 'head', 'html', 'meta', 'p', 'section', 'style', 'table', 'td', 'th', 'title', 'tr'])
		expect(html.split('\n').find((line) => line.includes('lead-1'))).toBe(
			'<section><h2>Leads (quote requests) (1)</h2><table>' +
				'<tr><th scope="row">id</th><td>lead-1</td></tr>' +
				`<tr><th scope="row">first_name</th><td>${escapeHtml(hostile)}</td></tr>` +
				`<tr><th scope="row">property_details</th><td>${escapeHtml(JSON.stringify({ street: hostile }))}</td></tr>` +
				'<tr><th scope="row">&#60;svg onload=alert(3)&#62;</th><td>key</td></tr></table></section>',
		)
		expect(escapeHtml(hostile)).toBe(
			'&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#62;&#60;img src=x onerror=alert(2)&#62;&#39;&#96;&#38;amp;',
		)
		expect(html).toContain('<title>Personal data held by Acme &#60;b&#62;Lending&#60;/b&#62;</title>')
	})

	test('the JSON and the HTML hold the same rows: every category, with its count', () => {
		const parsed = JSON.parse(exportJson(document)) as PersonalDataExport
		expect(parsed).toEqual(document)
		expect(exportRowCount(document)).toBe(4)
		const html = exportHtml(document)
		const counts = [...html.matchAll(/<h2>[^<]* \((\d+)\)<\/h2>/g)].map((match) => Number(match[1]))
		expect(counts).toEqual(FOUND_CATEGORIES.map((category) => document.categories[category].length))
	})

	test('a category with nothing says so, and the page loads nothing: no script, no outside resource', () => {
		const html = exportHtml(document)
		expect(html).toContain('<section><h2>Follow-up tasks with notes (0)</h2><p>Nothing held.</p></section>')
		expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`)
	})
})
