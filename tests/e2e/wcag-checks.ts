import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { skippedHeadingLevels } from '../heading-levels.ts'
import { expect } from './fixtures.ts'

/** The WCAG 2.1 A and AA rules, as pa11y's default standard (WCAG 2 AA) checks them. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * What pa11y (WCAG 2 AA) reports, checked in the browser: every axe violation of the WCAG 2.1 A/AA rules, of any
 * impact, plus the two of its checks axe has no rule for: a form without a submit button (WCAG 3.2.2, a form must
 * not change context on its own) and a fieldset without a legend (WCAG 1.3.1).
 */
export async function expectWcagAA(page: Page, what: string) {
	// The toast region is sonner's own markup.
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).exclude('[data-sonner-toaster]').analyze()
	expect(
		violations.map(
			(violation) =>
				`${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
		),
		`WCAG 2.1 AA violations on ${what}`,
	).toEqual([])
	const unnamed = await page.evaluate(() => {
		const describe = (element: Element) =>
			`<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('action') ? ` action=${element.getAttribute('action')}` : ''}> ${(element.textContent ?? '').trim().slice(0, 60)}`
		const formsWithoutSubmit = [...document.querySelectorAll('form')].filter(
			(form) =>
				!form.querySelector('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]') &&
				![...document.querySelectorAll(`[form="${CSS.escape(form.id)}"]`)].some(
					(control) => form.id !== '' && control.matches('button:not([type]), [type="submit"]'),
				),
		)
		const fieldsetsWithoutLegend = [...document.querySelectorAll('fieldset')].filter((fieldset) => {
			const legend = fieldset.firstElementChild
			return !(legend instanceof HTMLLegendElement) || (legend.textContent ?? '').trim() === ''
		})
		return [
			...formsWithoutSubmit.map((form) => `form without a submit button: ${describe(form)}`),
			...fieldsetsWithoutLegend.map((fieldset) => `fieldset without a legend: ${describe(fieldset)}`),
		]
	})
	expect(unnamed, `forms and fieldsets on ${what}`).toEqual([])
}

/** No heading level skipped (tests/heading-levels.ts), read from the page as it is now, hydrated, dialogs open. */
export async function expectNoSkippedHeadingLevels(page: Page, what: string) {
	const headings = await page.evaluate(() =>
		[...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"][aria-level]')]
			// The whole document's outline, as the Nu checker reads it: a modal's page behind it (aria-hidden) still counts.
			.filter((element) => element.checkVisibility())
			.map((element) => ({
				level: Number(element.getAttribute('aria-level') ?? element.tagName.slice(1)),
				text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
			})),
	)
	expect(skippedHeadingLevels(headings), `heading levels on ${what}`).toEqual([])
}
