import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { E2E_ADMIN } from './e2e-env.ts'
import { expect, expectFitsScreen, openHydrated, signInQuickly, test } from './fixtures.ts'

type Received = { body: string; headers: Record<string, string> }

/** A receiver on 127.0.0.1 (the end-to-end server allows it with WEBHOOK_ALLOWED_HOSTS): answers 204, keeps each request. */
async function startReceiver() {
	const received: Received[] = []
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk) => chunks.push(chunk))
		request.on('end', () => {
			received.push({
				body: Buffer.concat(chunks).toString('utf8'),
				headers: Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)])),
			})
			response.writeHead(204).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => server.close() }
}

// docs/decisions/0068: an admin adds an endpoint, copies its secret, sends a test event and sees it delivered, signed.
test.describe('[STAFF][WEBHOOKS]', () => {
	test('[STAFF][WEBHOOKS]: add an endpoint, its secret once, a signed test event delivered, rotate, switch off, delete', async ({
		page,
	}, testInfo) => {
		const receiver = await startReceiver()
		try {
			// Rotating a secret asks for a sign-in from the last 5 minutes (docs/decisions/0088): a session of its own.
			await signInQuickly(page, E2E_ADMIN, { fresh: true })
			await openHydrated(page, '/dashboard/webhooks')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks')
			await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
				'aria-current',
				'page',
			)

			// The form's own schema answers before anything is sent.
			// The add form alone: every endpoint on the screen (another test's too) has an edit form with the same labels.
			const addForm = page.getByRole('form', { name: 'Add an endpoint' })
			await addForm.getByRole('button', { name: 'Add endpoint' }).click()
			await expect(addForm.getByText('Enter the address that receives the webhooks')).toBeVisible()
			await expect(addForm.getByLabel('Address')).toBeFocused()

			const description = `E2E receiver ${testInfo.project.name} ${Date.now().toString(36)}`
			await addForm.getByLabel('Address').fill(`${receiver.url}/hook`)
			await addForm.getByLabel('Description').fill(description)
			// Two events that other tests seldom cause: the screen lists an endpoint's last 50 deliveries, and subscribed to
			// every event, a busy run's leads (other tests') could push the test event off that list before it is looked for.
			for (const box of await addForm.locator('input[name="eventTypes"]').all()) {
				const wanted = ['contact_message.created', 'lead.note_added'].includes((await box.getAttribute('value'))!)
				await box.setChecked(wanted)
			}
			await addForm.getByRole('button', { name: 'Add endpoint' }).click()
			// Shown once, so it is brought into view, on a phone too, and the add form starts empty again.
			await expect(page.getByTestId('webhook-secret')).toBeInViewport()
			await expect(addForm.getByLabel('Address')).toHaveValue('')
			const secret = (await page.getByTestId('webhook-secret').textContent())!.trim()
			expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
			// Copied whole with one tap (a phone's selection stops at + / =).
			await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
			await page.getByRole('button', { name: 'Copy secret' }).click()
			await expect(page.getByText('Copied', { exact: true })).toBeVisible()
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)

			const card = page.getByTestId('webhook-endpoint').filter({ hasText: description })
			await expect(card.getByTestId('webhook-events')).toHaveText('lead.note_added, contact_message.created')
			await card.getByRole('link', { name: 'Deliveries' }).click()
			// This endpoint's deliveries, by its address: the reloads below must not fall back to the first endpoint listed
			// (another test's, added meanwhile).
			await expect(page).toHaveURL(/[?&]endpoint=/)
			// "Replay failed since" reads the reader's time (the deliveries show the office's zone, named: docs/decisions/0079).
			await expect(page.getByLabel('Failed since (your time)')).toBeVisible()
			await card.getByRole('button', { name: 'Send test event' }).click()
			// docs/decisions/0079: posted at once, the real outcome answered.
			await expect(page.getByText(/^Test event delivered: the receiver answered 2\d\d\.$/)).toBeVisible()
			// Other tests create leads meanwhile, and a new endpoint hears every event: count the test events only.
			const testEvents = () => receiver.received.filter((request) => JSON.parse(request.body).type === 'webhook.test')
			await expect.poll(() => testEvents().length, { timeout: 15_000 }).toBe(1)
			const [request] = testEvents()
			expect(new Webhook(secret).verify(request!.body, request!.headers)).toMatchObject({ type: 'webhook.test' })
			await expect
				.poll(
					async () => {
						// Bounded too, so one slow reload gives way to the next try rather than to the test's time budget.
						const reloaded = await page
							.reload({ timeout: 10_000 })
							.then(() => true)
							.catch(() => false)
						if (!reloaded) return 'the page did not reload within 10 s'
						// Bounded, so a try that finds no row yet gives way to the next reload instead of waiting out the test.
						return page
							.getByTestId('webhook-delivery')
							.filter({ hasText: request!.headers['webhook-id']! })
							.textContent({ timeout: 2_000 })
							.catch(() => null)
					},
					// Each try reloads the page; on a loaded machine a few tries take a while.
					{ timeout: 30_000 },
				)
				.toMatch(/delivered/)
			// The page is never wider than a phone, and a delivery's status and Replay are on screen there too (a phone reads
			// each delivery as labelled lines, not a table wider than the screen).
			await expectFitsScreen(page, 'the webhooks screen with a delivery')
			const delivery = page.getByTestId('webhook-delivery').filter({ hasText: request!.headers['webhook-id']! })
			const deliveryBox = (await delivery.boundingBox())!
			expect(deliveryBox.x + deliveryBox.width, 'a delivery fits the screen without scrolling sideways').toBeLessThanOrEqual(
				page.viewportSize()!.width,
			)
			for (const part of [delivery.getByText('delivered', { exact: true }), delivery.getByRole('button', { name: 'Replay' })]) {
				await part.scrollIntoViewIfNeeded()
				await expect(part).toBeInViewport({ ratio: 1 })
			}

			// A rotation asks first (a double tap must not drop a secret a receiver still holds).
			page.once('dialog', (dialog) => dialog.accept())
			await card.getByRole('button', { name: 'Rotate secret' }).click()
			const rotated = (await page.getByTestId('webhook-secret').textContent())!.trim()
			expect(rotated).toMatch(/^whsec_/)
			expect(rotated).not.toBe(secret)
			await expect(card).toContainText('previous secret signs until')

			// Editing keeps the secret and the deliveries: the description and the events change.
			await card.getByText('Edit', { exact: true }).click()
			// An address only the server refuses (a private one): its error is where the admin is, on its field.
			const editAddress = card.getByLabel('Address')
			await editAddress.fill('http://10.0.0.1/hook')
			await card.getByRole('button', { name: 'Save endpoint' }).click()
			await expect(editAddress).toBeFocused()
			await expect(card.getByText(/private, loopback or link-local/)).toBeInViewport()
			await editAddress.fill(`${receiver.url}/hook`)
			const editDescription = card.getByLabel('Description')
			await editDescription.fill(`${description} (edited)`)
			await card.getByRole('checkbox', { name: /lead\.note_added/ }).uncheck()
			await card.getByRole('button', { name: 'Save endpoint' }).click()
			await expect(page.getByText('Endpoint saved')).toBeVisible()
			await expect(card).toContainText(`${description} (edited)`)
			await expect(card.getByTestId('webhook-events')).toHaveText('contact_message.created')
			await expect(card).toContainText('previous secret signs until')

			await card.getByRole('button', { name: 'Switch off' }).click()
			await expect(page.getByText('Endpoint switched off')).toBeVisible()
			await expect(card.getByRole('button', { name: 'Switch on' })).toBeVisible()
			await expect(card).toContainText('While it is off, events are not kept for it')

			page.once('dialog', (dialog) => dialog.accept())
			await card.getByRole('button', { name: 'Delete' }).click()
			await expect(page.getByText('Endpoint deleted')).toBeVisible()
			await expect(card).toHaveCount(0)

			// A HubSpot form instead of an address: the form's own schema names a wrong account ID before anything is sent.
			const hubspotName = `E2E HubSpot ${testInfo.project.name} ${Date.now().toString(36)}`
			await addForm.getByLabel('HubSpot form: each event submitted').check()
			await addForm.getByLabel('HubSpot account ID').fill('acme')
			await addForm.getByLabel('Form ID').fill('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')
			await addForm.getByLabel('Description').fill(hubspotName)
			await addForm.getByRole('button', { name: 'Add endpoint' }).click()
			await expect(addForm.getByText('Enter your HubSpot account ID')).toBeVisible()
			await expect(addForm.getByLabel('HubSpot account ID')).toBeFocused()
			await addForm.getByLabel('HubSpot account ID').fill('62515')
			await addForm.getByRole('button', { name: 'Add endpoint' }).click()
			await expect(page.getByText('HubSpot endpoint added')).toBeVisible()
			await expect(page.getByTestId('webhook-secret')).toHaveCount(0)
			const hubspotCard = page.getByTestId('webhook-endpoint').filter({ hasText: hubspotName })
			await expect(hubspotCard).toContainText('HubSpot form 78c2891f-ebdd-44c0-bd94-15c012bbbfbf in account 62515')
			await expect(hubspotCard.getByRole('button', { name: 'Rotate secret' })).toHaveCount(0)
			await expectFitsScreen(page, 'the webhooks screen with a HubSpot endpoint')
			page.once('dialog', (dialog) => dialog.accept())
			await hubspotCard.getByRole('button', { name: 'Delete' }).click()
			await expect(hubspotCard).toHaveCount(0)
		} finally {
			receiver.close()
		}
	})
})

// docs/decisions/0070: the add form's two kinds without JavaScript (app.css shows the chosen kind's fields alone).
test.describe('[STAFF][WEBHOOKS] without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('[STAFF][WEBHOOKS]: a HubSpot endpoint is added without JavaScript; each kind shows its own fields', async ({ page }, testInfo) => {
		await signInQuickly(page)
		await page.goto('/dashboard/webhooks')
		const addForm = page.getByRole('form', { name: 'Add an endpoint' })
		await expect(addForm.getByLabel('Address')).toBeVisible()
		await expect(addForm.getByLabel('HubSpot account ID')).toBeHidden()
		await addForm.getByLabel('HubSpot form: each event submitted').check()
		await expect(addForm.getByLabel('Address')).toBeHidden()
		await expect(addForm.getByLabel('HubSpot account ID')).toBeVisible()
		const name = `E2E HubSpot without JavaScript ${testInfo.project.name} ${Date.now().toString(36)}`
		// Refused by the server: the page comes back with HubSpot still chosen and the error on its field.
		await addForm.getByLabel('HubSpot account ID').fill('acme')
		await addForm.getByLabel('Form ID').fill('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')
		await addForm.getByRole('button', { name: 'Add endpoint' }).click()
		await expect(addForm.getByLabel('HubSpot form: each event submitted')).toBeChecked()
		await expect(addForm.getByText('Enter your HubSpot account ID')).toBeVisible()
		await addForm.getByLabel('HubSpot account ID').fill('62515')
		await addForm.getByLabel('Form ID').fill('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')
		await addForm.getByLabel('Description').fill(name)
		await addForm.getByRole('button', { name: 'Add endpoint' }).click()
		await expect(page.getByText('HubSpot endpoint added')).toBeVisible()
		const card = page.getByTestId('webhook-endpoint').filter({ hasText: name })
		await expect(card).toContainText('HubSpot form 78c2891f-ebdd-44c0-bd94-15c012bbbfbf in account 62515')
		// Without JavaScript the browser cannot say its time zone: "Replay failed since" says it reads UTC.
		await expect(page.getByLabel('Failed since (UTC)')).toBeVisible()
		await card.getByRole('button', { name: 'Delete' }).click()
		await expect(page.getByText('Endpoint deleted')).toBeVisible()
		await expect(card).toHaveCount(0)
	})
})
