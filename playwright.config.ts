import { defineConfig, devices } from '@playwright/test'
import { E2E_ADMIN, E2E_BASE_URL, E2E_BUILD_DIR, E2E_DATA_DIR, E2E_PORT } from './tests/e2e/e2e-env.ts'

// docs/decisions/0117: recording a trace of every test (kept only when it fails) cost 30 % of the suite's time. A run
// here keeps its traces; `npm test` (CI, whose artefacts nobody reads) sets E2E_TRACE=off.
const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'retain-on-first-failure'] as const
const trace = (process.env.E2E_TRACE || 'retain-on-failure') as (typeof TRACE_MODES)[number]
if (!TRACE_MODES.includes(trace)) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}; it is "${trace}"`)

// Debian's Chromium, never a downloaded browser.
const chromium = {
	browserName: 'chromium' as const,
	launchOptions: {
		executablePath: '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	},
}

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	// Three browsers on two cores: the suite took 10.0 min against 10.3 min with two, and passed under a second job's load.
	workers: 3,
	// A test's budget guards against a hang, never a speed goal (those are benchmarks): the flows through the whole
	// wizard or several dashboard screens took 28-38 s with three browsers on two cores, so 30 s failed them by chance.
	timeout: 60_000,
	expect: { timeout: 5_000 },
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
	use: {
		baseURL: E2E_BASE_URL,
		trace,
		screenshot: 'only-on-failure',
		// A smooth scroll moves the page under Playwright's click; the app honours reduced motion (app.css, scroll.ts).
		reducedMotion: 'reduce',
		...chromium,
	},
	projects: [
		// docs/decisions/0088: the server's admin sets up a second factor once, before any browser test signs in.
		{ name: 'setup', testMatch: /\.setup\.ts$/ },
		// Tests tagged @desktop-only or @phone-only run on that viewport alone.
		{
			name: 'desktop',
			dependencies: ['setup'],
			grepInvert: /@phone-only/,
			testIgnore: /\.last\.spec\.ts$/,
			use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
		},
		{
			name: 'phone',
			dependencies: ['setup'],
			grepInvert: /@desktop-only/,
			testIgnore: /\.last\.spec\.ts$/,
			use: {
				userAgent: devices['Pixel 7'].userAgent,
				viewport: { width: 390, height: 844 },
				deviceScaleFactor: 3,
				isMobile: true,
				hasTouch: true,
			},
		},
		// Specs that change the whole site for everyone (maintenance mode, analytics) run once the others are done, one at a time.
		{
			name: 'last',
			testMatch: /\.last\.spec\.ts$/,
			dependencies: ['desktop', 'phone'],
			workers: 1,
			use: { viewport: { width: 1280, height: 800 } },
		},
	],
	webServer: {
		// Its own build folder and a fresh data folder on every run, so a running dev server is never disturbed. The
		// webhooks spec's receiver listens on 127.0.0.1 over plain http (docs/decisions/0068). Every browser of the suite is
		// one address (127.0.0.1), which posts more quote requests in its run than the 60 an hour one office may: the
		// address's limit is raised here (it has its own tests), the per-contact limit the wizard specs try stays as it is.
		// So is its limit of contact-form messages: the suite sends six, which a run shorter than 10 minutes fits into one
		// window of 5 (docs/decisions/0117).
		command: [
			`rm -rf ${E2E_DATA_DIR}`,
			`BUILD_DIR=${E2E_BUILD_DIR} npm run build`,
			`BUILD_DIR=${E2E_BUILD_DIR} PORT=${E2E_PORT} DATA_DIR=${E2E_DATA_DIR} BASE_URL=${E2E_BASE_URL} LOG_LEVEL=warn LEAD_RATE_LIMIT_PER_HOUR=500 CONTACT_RATE_LIMIT_PER_10_MINUTES=50 SMTP_URL= WEBHOOK_ALLOW_HTTP=true WEBHOOK_ALLOWED_HOSTS=127.0.0.1 ADMIN_EMAIL=${E2E_ADMIN.email} ADMIN_PASSWORD=${E2E_ADMIN.password} node server/main.ts`,
		].join(' && '),
		url: `${E2E_BASE_URL}/healthz`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'ignore',
		stderr: 'pipe',
		// PGlite must be closed cleanly or the next start runs crash recovery.
		gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
	},
})
