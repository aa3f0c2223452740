import { type APIRequestContext, type Cookie, test as base, expect, type Page, type Request } from '@playwright/test'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts'
import { answerSecondFactor, hasSecondFactor, signInByRequest } from './second-factor.ts'

/** The end-to-end server starts without COMPANY_* variables, so it seeds these brand values. */
export const seededCompany = defaultContent().company

/**
 * A browser test fails when the page logs an error or throws (a hydration mismatch, a CSP
 * violation, a failed request...), even if what it asserts still looks right.
 */
export const test = base.extend<{ failOnBrowserErrors: void; expectedBrowserErrors: RegExp | null }>({
	/** A test that causes failures on purpose (an outage, a lost connection) names the console errors they log. */
	expectedBrowserErrors: [null, { option: true }],
	failOnBrowserErrors: [
		async ({ page, expectedBrowserErrors }, use) => {
			const errors: string[] = []
			page.on('console', (message) => {
				if (message.type() !== 'error') return
				// The status of the page itself (a 404 page, say) is what a test asserts, not an error.
				if (message.text().startsWith('Failed to load resource') && message.location().url === page.url()) return
				// A form action answering 4xx (wrong password, invalid field) is the app's flow, not a failure.
				if (
					/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
					/\.data(\?|$)/.test(message.location().url)
				)
					return
				// So is an API call refused with 4xx (a rate limit): the page shows the server's message.
				if (
					/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
					new URL(message.location().url).pathname.startsWith('/api/')
				)
					return
				if (expectedBrowserErrors?.test(message.text())) return
				errors.push(`console.error: ${message.text()} (${message.location().url})`)
			})
			page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
			await use()
			expect(errors, 'errors in the browser console').toEqual([])
		},
		{ auto: true },
	],
})

export { expect }

/**
 * Opens a page and waits until React has taken over the server HTML, so a click runs the page's
 * handlers instead of the plain HTML behaviour (a native form submission, for instance).
 */
export async function openHydrated(page: Page, path: string) {
	await page.goto(path)
	await waitForReact(page)
}

/**
 * hydrateRoot marks its container; from then on React hydrates synchronously on a click. The container is the
 * document, or the quote wizard's own element where the wizard boots alone (docs/decisions/0064).
 */
function waitForReact(page: Page) {
	return page.waitForFunction(() =>
		[document, document.getElementById('quote-wizard')].some(
			(container) => container !== null && Object.keys(container).some((key) => key.startsWith('__reactContainer$')),
		),
	)
}

/**
 * Opens a page and, when it ships the app's JavaScript, waits until React has taken over; a page without a
 * bundle (docs/decisions/0037) is ready once loaded. React Router's hand-off script is the sign of the app,
 * the wizard's data the sign of its island.
 */
export async function openReady(page: Page, path: string) {
	await page.goto(path)
	if (await page.evaluate(() => '__reactRouterContext' in window || document.getElementById('quote-wizard-data') !== null)) {
		await waitForReact(page)
	}
}

/** spec 1 §9: the wizard's loading step changes its message at 3 s and moves on to the contact step by itself at 6.5 s. */
export const LOADING_MESSAGE_CHANGE_MS = 3_000
export const LOADING_ADVANCE_MS = 6_500

/**
 * docs/decisions/0117: a journey whose subject is not the loading step jumps its 6.5 s on Playwright's clock instead of
 * waiting them out. Install the clock before the page's first navigation; it then runs at real speed, so every other
 * timer of the page (toasts, debounces) keeps its pace until `passLoadingStep` jumps.
 */
export async function installClock(page: Page) {
	await page.clock.install()
}

/**
 * On the loading step (the page's clock installed by `installClock`): the screen shows, then the clock jumps past its
 * 6.5 s and the contact step follows. Should the jump come before the step's timers are set, they still fire in real
 * time, within the assertion's 10 s.
 */
export async function passLoadingStep(page: Page) {
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preparing Your Quote')
	await page.clock.fastForward(LOADING_ADVANCE_MS)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where should we send your quote?', { timeout: 10_000 })
}

/** The paths of the script files the browser requests while the page is open, from now on. */
export function scriptRequests(page: Page) {
	const scripts: string[] = []
	page.on('request', (request: Request) => {
		if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
	})
	return scripts
}

/** Fills the contact form (spec 2 §5) as one visitor, with the given message. */
export async function fillContactForm(page: Page, message: string) {
	await page.getByLabel(/^Name/).fill('Jordan Investor')
	await page.getByLabel(/^Email/).fill('jordan.investor@example.com')
	await page.getByLabel(/^Phone/).fill('(555) 010-0123')
	await page.getByLabel(/^Message/).fill(message)
}

/**
 * Nothing on the page is wider than the screen: on a phone a wider page makes the browser zoom out (its
 * layout viewport grows), and taps land beside their targets.
 */
export async function expectFitsScreen(page: Page, what: string) {
	const width = page.viewportSize()!.width
	expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]), `width of ${what}`).toEqual([width, width])
}

/** Monthly principal and interest of an annuity loan; the tests' own oracle, independent of the app's code. */
export function annuityPayment(principal: number, annualRatePercent: number, months: number) {
	const monthlyRate = annualRatePercent / 100 / 12
	return (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months)
}

/** A unique run stamp a person's name may hold: names take letters, not digits (docs/decisions/0077). */
export const nameStamp = (text: string | number) => String(text).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)

export const wholeDollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`

/**
 * Signs in through the login page as the given staff member (the e2e admin by default); for an account with a second
 * factor kept by tests/e2e/second-factor.ts, its code (or a recovery code) at the second step.
 */
export async function signIn(page: Page, account: { email: string; password: string } = E2E_ADMIN) {
	await openHydrated(page, '/login')
	await page.getByLabel('Email').fill(account.email)
	await page.getByLabel('Password').fill(account.password)
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	// Signed in (or asked for the second factor): the login page is left behind.
	await page.waitForURL((url) => url.pathname !== '/login')
	if (new URL(page.url()).pathname !== '/login/two-factor' || !hasSecondFactor(account.email)) return
	await answerSecondFactor(account.email, async (answer) => {
		if (answer.method === 'backup') await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
		await page.getByLabel(answer.method === 'totp' ? 'Authentication code' : 'Recovery code').fill(answer.code)
		await page.getByRole('button', { name: 'Verify' }).click()
		await page.waitForURL((url) => url.pathname !== '/login/two-factor')
	})
}

/** Sessions this worker signed in, by account, for `signInQuickly` to hand to the next test's browser. */
const workerSessions = new Map<string, Cookie[]>()

/**
 * Signs in as the given staff member (the e2e admin by default) without loading a page: the login forms' own POSTs, as
 * they go without JavaScript, from the page's browser context, whose cookie jar keeps the session. For a test whose
 * subject is a dashboard screen: two page loads fewer than `signIn` (docs/decisions/0061). The login page itself is
 * signed in through by `signIn`.
 *
 * docs/decisions/0088: a sign-in costs a second-factor code, one per 30 seconds per account, so each worker signs an
 * account in once and hands that session to its later tests. `fresh`: a session of the test's own, for a test that ends
 * it (signing out, the Sessions screen) or needs its sign-in to be recent (a step-up action: an export, a role change,
 * publishing a rate sheet, a webhook secret).
 */
export async function signInQuickly(
	page: Page,
	account: { email: string; password: string } = E2E_ADMIN,
	{ fresh = false }: { fresh?: boolean } = {},
) {
	const kept = fresh ? undefined : workerSessions.get(account.email)
	if (kept) {
		await page.context().addCookies(kept)
		return
	}
	await signInByRequest(page.request, account)
	if (!fresh) workerSessions.set(account.email, await page.context().cookies(E2E_BASE_URL))
}

/**
 * One DSCR refinance lead through the public API, as the wizard sends it, status New; answers its id.
 * The API accepts 5 an hour for one e-mail or phone, so give each test its own `lastName` (the e-mail) and phone.
 */
export async function postWizardLead(
	request: APIRequestContext,
	lead: { firstName: string; lastName: string; phone: string; email?: string; attribution?: unknown },
) {
	const response = await request.post('/api/leads', {
		data: {
			formData: {
				loanProgram: 'dscr',
				propertyType: 'single-family',
				transactionType: 'refinance',
				propertyFullAddress: '100 Main St, Austin, TX 78701',
				estimatedPropertyValue: '$750,000',
				currentBalance: '$200,000',
				quotePreference: 'call',
				firstName: lead.firstName,
				lastName: lead.lastName,
				email: lead.email ?? `${lead.lastName.toLowerCase()}@example.com`,
				phone: lead.phone,
			},
			sourcePage: '/fast-quote',
			consentVersion: CONSENT_VERSION,
			...(lead.attribution ? { attribution: lead.attribution } : {}),
		},
	})
	expect(response.status(), await response.text()).toBe(201)
	return ((await response.json()) as { id: string }).id
}

/**
 * The leads screen action's answer to the post `act` makes, read at once (once the list reloads after a success, the
 * browser may no longer hold it): waited for up to 45 s, so a slow server on a loaded machine is told apart from a
 * refusal, whose body then names it. Expects a 200 and answers the body.
 */
export async function expectLeadsActionAnswered(page: Page, act: () => Promise<void>) {
	const answer = page.waitForResponse(
		(response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/dashboard/leads'),
		{ timeout: 45_000 },
	)
	await act()
	const response = await answer
	const body = await response.text().catch(() => '(the browser no longer holds the answer)')
	expect(response.status(), body).toBe(200)
	return body
}
