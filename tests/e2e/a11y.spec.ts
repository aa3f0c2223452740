import AxeBuilder from '@axe-core/playwright'
import { publicPages } from '#app/features/seo/public-pages.ts'
import { expect, expectFitsScreen, openReady, test } from './fixtures.ts'

const pages = [
	...Object.values(publicPages).map((page) => ({ path: page.path, name: page.title })),
	{ path: '/no-such-page', name: 'the not-found page' },
]

for (const { path, name } of pages) {
	test(`[PUBLIC][A11Y]: a visitor with assistive technology uses ${name} (${path}) without serious barriers`, async ({ page }) => {
		await openReady(page, path)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		const { violations } = await new AxeBuilder({ page }).analyze()
		const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		const report = serious
			.map(
				(violation) =>
					`${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
					violation.nodes
						.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`)
						.join('\n'),
			)
			.join('\n')
		expect(serious, `serious or critical accessibility violations on ${path}:\n${report}`).toEqual([])
		await expectFitsScreen(page, path)
	})
}
