import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { expect, expectFitsScreen, openHydrated, signIn, test } from './fixtures.ts'

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
			await signIn(page)
			await openHydrated(page, '/dashboard/webhooks')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks')
			await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
				'aria-current',
				'page',
			)

			// The form's own schema answers before anything is sent.
			await page.getByRole('button', { name: 'Add endpoint' }).click()
			await expect(page.getByText('Enter the address that receives the webhooks')).toBeVisible()

			const description = `E2E receiver ${testInfo.project.name} ${Date.now().toString(36)}`
			await page.getByLabel('Address').fill(`${receiver.url}/hook`)
			await page.getByLabel('Description').fill(description)
			await page.getByRole('button', { name: 'Add endpoint' }).click()
			const secret = (await page.getByTestId('webhook-secret').textContent())!.trim()
			expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

			const card = page.getByTestId('webhook-endpoint').filter({ hasText: description })
			await card.getByRole('link', { name: 'Deliveries' }).click()
			await card.getByRole('button', { name: 'Send test event' }).click()
			await expect(page.getByText('Test event queued')).toBeVisible()
			// Other tests create leads meanwhile, and a new endpoint hears every event: count the test events only.
			const testEvents = () => receiver.received.filter((request) => JSON.parse(request.body).type === 'webhook.test')
			await expect.poll(() => testEvents().length, { timeout: 15_000 }).toBe(1)
			const [request] = testEvents()
			expect(new Webhook(secret).verify(request!.body, request!.headers)).toMatchObject({ type: 'webhook.test' })
			await expect
				.poll(
					async () => {
						await page.reload()
						return page.getByTestId('webhook-delivery').filter({ hasText: request!.headers['webhook-id']! }).textContent()
					},
					{ timeout: 15_000 },
				)
				.toMatch(/delivered/)
			// The deliveries table scrolls inside its card; the page itself is never wider than a phone.
			await expectFitsScreen(page, 'the webhooks screen with a delivery')

			await card.getByRole('button', { name: 'Rotate secret' }).click()
			const rotated = (await page.getByTestId('webhook-secret').textContent())!.trim()
			expect(rotated).toMatch(/^whsec_/)
			expect(rotated).not.toBe(secret)
			await expect(card).toContainText('previous secret signs until')

			await card.getByRole('button', { name: 'Switch off' }).click()
			await expect(page.getByText('Endpoint switched off')).toBeVisible()
			await expect(card.getByRole('button', { name: 'Switch on' })).toBeVisible()

			page.once('dialog', (dialog) => dialog.accept())
			await card.getByRole('button', { name: 'Delete' }).click()
			await expect(page.getByText('Endpoint deleted')).toBeVisible()
			await expect(card).toHaveCount(0)
		} finally {
			receiver.close()
		}
	})
})
