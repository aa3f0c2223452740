import { expect, nameStamp, openHydrated, test } from './fixtures.ts'
import { officerWithNewLead } from './staff-accounts.ts'

test.describe('[OFFICER] on a phone @phone-only', () => {
	test('[OFFICER][PHONE]: an officer opens a new lead, calls it in one tap, logs a voicemail (the clock runs) and then a connected call (it stops)', async ({
		page,
		browser,
	}) => {
		test.setTimeout(180_000)
		const stamp = nameStamp(Date.now())
		const { officer, digits } = await officerWithNewLead(page, browser, `Pat Phone ${stamp}`, {
			firstName: 'Olive',
			lastName: `Caller${stamp}`,
		})

		// The officer's list opens on their own leads, newest first (docs/decisions/0106): the new lead is first, one tap
		// away; the search stays and the other filters fold behind one control.
		await openHydrated(officer.page, '/dashboard/leads')
		await expect(officer.page.getByLabel('Search leads by name, email or phone')).toBeVisible()
		await expect(officer.page.getByLabel('Assigned')).toBeHidden()
		await officer.page.getByRole('button', { name: 'Filters' }).click()
		await expect(officer.page.getByLabel('Assigned')).toHaveValue('me')
		await expect(officer.page.getByLabel('Sort')).toBeVisible()
		await officer.page.getByRole('button', { name: 'Filters' }).click()
		await expect(officer.page.getByLabel('Assigned')).toBeHidden()
		await expect(officer.page.getByTestId('lead-card').first()).toContainText(`Caller${stamp}`)
		await officer.page.getByRole('link', { name: `View details of Olive Caller${stamp}` }).click()
		const details = officer.page.getByRole('dialog')
		await expect(details.getByRole('heading', { name: new RegExp(`Olive Caller${stamp}`) })).toBeVisible()
		// docs/decisions/0104: the header (program, state, age, status) and the actions are on the first 390x844 screen.
		await expect(details.getByTestId('lead-headline')).toHaveText(/DSCR · Texas\s*\d+ min ago/)
		const call = details.getByRole('link', { name: 'Call', exact: true })
		await expect(call).toHaveAttribute('href', `tel:+1949555${digits}`)
		await expect(details.getByRole('link', { name: 'Text', exact: true })).toHaveAttribute('href', `sms:+1949555${digits}`)
		await expect(details.getByRole('link', { name: 'E-mail', exact: true })).toHaveAttribute(
			'href',
			`mailto:caller${stamp.toLowerCase()}@example.com`,
		)
		for (const action of [call, details.getByRole('button', { name: 'Log outcome' })]) {
			const box = (await action.boundingBox())!
			expect(box.y + box.height, 'on the first screen').toBeLessThanOrEqual(844)
			// A thumb's target.
			expect(box.height).toBeGreaterThanOrEqual(44)
		}
		await expect(details.getByTestId('time-to-first-contact')).toHaveText('Not contacted yet')

		// The tap: the phone would dial (its navigation is held back here); the attempt is in the lead's history.
		await officer.page.evaluate(() =>
			document.addEventListener(
				'click',
				(event) => {
					if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault()
				},
				true,
			),
		)
		await call.tap()
		await expect(details.getByTestId('lead-timeline')).toContainText('Call started')

		// "How did it go?": a voicemail is an attempt, not the first contact.
		const asked = details.getByRole('form', { name: 'How did it go?' })
		await asked.getByLabel('Left voicemail').check()
		await asked.getByRole('button', { name: 'Log call' }).click()
		await expect(officer.page.getByText('Attempt logged: the lead still counts as not contacted')).toBeVisible()
		await expect(details.getByTestId('lead-timeline')).toContainText('Call logged (Left voicemail)')
		await expect(details.getByTestId('time-to-first-contact')).toHaveText('Not contacted yet')
		await expect(details.getByTestId('mark-contacted-prompt')).toHaveCount(0)

		// The borrower calls back: a connected call stops the clock.
		await details.getByRole('button', { name: 'Log outcome' }).click()
		await asked.getByLabel('Connected').check()
		await asked.getByRole('button', { name: 'Log call' }).click()
		await expect(officer.page.getByText('Contact logged', { exact: true })).toBeVisible()
		await expect(details.getByTestId('time-to-first-contact')).toHaveText(/^\d+ min$/)
		await expect(details.getByTestId('lead-timeline')).toContainText('Call logged (Connected)')
		await expect(details.getByTestId('mark-contacted-prompt')).toBeVisible()

		// docs/decisions/0107: a note written on the phone joins the same timeline, newest first, above the calls.
		await details.getByLabel('Admin Notes').fill('Wants terms by Friday.')
		await details.getByRole('button', { name: 'Save Notes' }).tap()
		const timeline = details.getByTestId('lead-timeline')
		await expect(timeline.getByRole('listitem').first()).toContainText('Wants terms by Friday.')
		await expect(timeline.getByRole('listitem').first()).toContainText(`Pat Phone ${stamp}`)
		await expect(timeline).toContainText('Call logged (Connected)')
		await officer.page.close()
	})
})
