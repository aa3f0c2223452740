import { expect, openHydrated, signInQuickly, test } from './fixtures.ts'

// Issue 19: the rate sheet is one JSON document an admin imports, edits and saves as a new version.
test.describe('[STAFF][PRICING]', () => {
	test('[STAFF][PRICING]: a sheet with problems is refused with each path and reason; a good one becomes a new version', async ({
		page,
	}) => {
		await signInQuickly(page)
		await openHydrated(page, '/dashboard/pricing')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
		const sheet = page.getByLabel('Rate sheet (JSON)')
		const original = await sheet.inputValue()
		expect(JSON.parse(original)).toMatchObject({ format: 1, dscr: { baseRate: expect.any(String) } })
		const versions = page.getByTestId('version-history').getByRole('listitem')
		const before = await versions.count()

		await sheet.fill('{ "format": 1, ')
		await page.getByRole('button', { name: 'Save as new version' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toContainText('The document is not valid JSON')

		const broken = JSON.parse(original)
		broken.dscr.rateFloor = 'six'
		broken.shortTerm['fix-flip'].termMonths = 0
		await sheet.fill(JSON.stringify(broken, null, 2))
		await page.getByRole('button', { name: 'Save as new version' }).click()
		const problems = page.getByRole('alert').filter({ hasText: 'Nothing was saved' })
		await expect(problems).toContainText('dscr.rateFloor: Write a percentage from 0 with at most 3 decimals, such as 6.250')
		await expect(problems).toContainText('shortTerm.fix-flip.termMonths')
		await expect(versions).toHaveCount(before)

		// A figure no public page advertises: the pages print the sheet's best case (docs/decisions/0067), and other specs read them.
		const changed = JSON.parse(original)
		changed.dscr.assumptions.assumedDscr = '1.26'
		await sheet.fill(JSON.stringify(changed, null, 2))
		await page.getByRole('button', { name: 'Save as new version' }).click()
		await expect(page.getByText('Rate sheet saved: new quotes use it now')).toBeVisible()
		await expect(versions).toHaveCount(before + 1)
		await page.reload()
		expect(JSON.parse(await page.getByLabel('Rate sheet (JSON)').inputValue()).dscr.assumptions.assumedDscr).toBe('1.26')
	})
})
