import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { RateSheet } from '#app/features/pricing/rate-sheet.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { sheetFieldId, sheetFieldName, sheetFromForm } from '#app/features/rate-sheets/sheet-form.ts'
import { RateSheetGrid } from './sheet-grid.tsx'

/** The controls of rendered HTML as a browser would post them: named inputs (checked boxes only) and selects. */
function postedForm(html: string) {
	const decode = (text: string) =>
		text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
	const attributes = (tag: string) =>
		Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].slice(1).map(([, name, value]) => [name!, decode(value ?? '')]))
	const form = new FormData()
	for (const match of html.matchAll(/<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>/g)) {
		const tag = match[0]
		const own = attributes(/^<[a-z]+\b[^>]*>/.exec(tag)![0])
		if (!own.name || 'disabled' in own) continue
		if (tag.startsWith('<select')) {
			const options = [...tag.matchAll(/<option\b[^>]*>/g)].map((option) => attributes(option[0]))
			form.append(own.name, (options.find((option) => 'selected' in option) ?? options[0])?.value ?? '')
		} else if (own.type === 'checkbox') {
			if ('checked' in own) form.append(own.name, own.value ?? 'on')
		} else form.append(own.name, own.value ?? '')
	}
	return form
}

/** Every leaf of a document with its path. */
function leaves(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
	if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]))
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
	return [path]
}

const draw = (sheet: unknown, options: { readOnly?: boolean; errors?: Record<string, string> } = {}) =>
	renderToStaticMarkup(<RateSheetGrid context={{ sheet, errors: options.errors ?? {}, readOnly: options.readOnly ?? false }} />)

describe('the rate sheet grid (docs/decisions/0073)', () => {
	test('every leaf of the sheet has its control, and the controls alone post the whole sheet back', () => {
		const html = draw(SEED_RATE_SHEET)
		for (const path of leaves(SEED_RATE_SHEET)) {
			// A short-term cell not offered is its two empty figures; the format is not a figure.
			if (path[0] === 'format') continue
			expect(html, path.join('.')).toContain(`name="${sheetFieldName(path).replaceAll('&', '&amp;')}"`)
		}
		// Onto a document holding nothing but its format: the grid drops no figure.
		const { document, problems } = sheetFromForm(postedForm(html), { format: 1 })
		expect(problems).toEqual({})
		expect(document).toEqual(SEED_RATE_SHEET)
	})

	test('a field no screen was written for is drawn as labelled controls, and its edits are posted back as what it holds', () => {
		// Fields the schema does not know either (a document from a newer sheet format, say).
		type Extended = RateSheet & {
			dscr: { seasoningMonths?: string; escrowWaiver?: { offered: boolean; adjustment: string }; reserves?: number[] }
		}
		const extended = structuredClone(SEED_RATE_SHEET) as Extended
		extended.dscr.seasoningMonths = '6'
		extended.dscr.escrowWaiver = { offered: true, adjustment: '0.500' }
		extended.dscr.reserves = [3, 6]
		const html = draw(extended)
		expect(html).toMatch(/<label for="sheet-dscr-seasoningMonths"[^>]*>Seasoning months/)
		expect(html).toContain('Escrow waiver</legend>')
		const form = postedForm(html)
		form.set(sheetFieldName(['dscr', 'seasoningMonths']), '12')
		form.set(sheetFieldName(['dscr', 'reserves', 1]), '9')
		form.set(sheetFieldName(['dscr', 'escrowWaiver', 'offered']), 'false')
		const { document, problems } = sheetFromForm(form, extended)
		expect(problems).toEqual({})
		const expected = structuredClone(extended)
		expected.dscr.seasoningMonths = '12'
		expected.dscr.reserves = [3, 9]
		expected.dscr.escrowWaiver = { offered: false, adjustment: '0.500' }
		expect(document).toEqual(expected)
	})

	test('cells are named by their whole place and carry their problem', () => {
		const path = ['dscr', 'creditLtv', '740-759', 3]
		const html = draw(SEED_RATE_SHEET, { errors: { 'dscr.creditLtv.740-759.3': 'Write a percentage' } })
		const cell = new RegExp(`<input[^>]*id="${sheetFieldId(path)}"[^>]*>`).exec(html)![0]
		expect(cell).toContain('aria-invalid="true"')
		expect(cell).toContain(`aria-describedby="${sheetFieldId(path)}-error"`)
		expect(cell).toMatch(/aria-label="DSCR · FICO 740-759 · LTV \d+ % to under \d+ %"/)
		expect(html).toContain(`<p id="${sheetFieldId(path)}-error" class="mt-1 text-xs font-medium text-red-700">Write a percentage</p>`)
		// Only that cell.
		expect(html.match(/aria-invalid="true"/g)).toHaveLength(1)
	})

	test('read-only (a sales manager): nothing can be changed and nothing would be posted', () => {
		const html = draw(SEED_RATE_SHEET, { readOnly: true })
		const controls = [...html.matchAll(/<input\b[^>]*>|<select\b[^>]*>/g)].map((match) => match[0])
		expect(controls.length).toBeGreaterThan(100)
		for (const control of controls) expect(control).toMatch(/ readonly=""| disabled=""/i)
		// No hidden "false" beside the checkboxes: a read-only grid posts nothing.
		expect(html).not.toContain('type="hidden"')
	})
})
