import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { totpFromKey } from '../totp.ts'
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env.ts'

/**
 * docs/decisions/0088: every staff account in the end-to-end run has a second factor, and an authenticator code is
 * accepted once per 30-second step while three workers sign staff in at once. Each account's factor lives in a file
 * (its key, the last step used and its unused recovery codes); a worker takes the account's lock, picks the next
 * step no one has used (or, when the next two steps are spent, a recovery code), sends it, and only then lets go:
 * codes reach the server in the order they were picked, and no test depends on which worker was faster.
 */
const factorDir = path.resolve(import.meta.dirname, '../..', E2E_DATA_DIR, 'second-factors')
const origin = new URL(E2E_BASE_URL).origin
const STEP_MS = 30_000

type FactorState = { key: string; lastStep: number; recoveryCodes: string[] }
export type SecondFactorAnswer = { method: 'totp' | 'backup'; code: string }

const stateFile = (email: string) => path.join(factorDir, `${email.toLowerCase()}.json`)
const currentStep = (now = Date.now()) => Math.floor(now / STEP_MS)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const hasSecondFactor = (email: string) => fs.existsSync(stateFile(email))

/**
 * One worker at a time per account: a directory is created atomically or not at all; a lock left by a dead worker
 * expires. A live holder may wait up to two steps for a code, so the lock outlives that: at 45 s it was once taken from
 * a holder still waiting, and both sent the same code ("This code has already been used").
 */
const LOCK_EXPIRES_MS = 150_000
async function withAccountLock<T>(email: string, work: () => Promise<T>): Promise<T> {
	fs.mkdirSync(factorDir, { recursive: true })
	const lock = `${stateFile(email)}.lock`
	const since = Date.now()
	for (;;) {
		try {
			fs.mkdirSync(lock)
			break
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
			if (Date.now() - since > LOCK_EXPIRES_MS) fs.rmSync(lock, { recursive: true, force: true })
			// Waiting for another worker's code is the run's pace too, not the test's.
			allowForTheWait(50)
			await sleep(50)
		}
	}
	try {
		return await work()
	} finally {
		fs.rmSync(lock, { recursive: true, force: true })
	}
}

const readState = (email: string) => JSON.parse(fs.readFileSync(stateFile(email), 'utf8')) as FactorState
const writeState = (email: string, state: FactorState) => fs.writeFileSync(stateFile(email), JSON.stringify(state))

/** Adds `ms` to the running test's time budget (nothing outside a test, or for a test without a budget). */
function allowForTheWait(ms: number) {
	if (ms <= 0) return
	try {
		const info = test.info()
		if (info.timeout > 0) info.setTimeout(info.timeout + ms)
	} catch {
		// Not inside a test (a helper script): nothing to extend.
	}
}

/**
 * Answers the account's second factor once: `send` gets a code no one has used and must submit it before this returns.
 * The server takes the step before and after the current one, so the current or the next step is always in its window,
 * even across a step boundary; past those two, a recovery code, and only when none is left, a wait for the next step.
 */
export async function answerSecondFactor(email: string, send: (answer: SecondFactorAnswer) => Promise<void>) {
	await withAccountLock(email, async () => {
		const state = readState(email)
		let step = Math.max(state.lastStep + 1, currentStep())
		if (step > currentStep() + 1 && state.recoveryCodes.length > 0) {
			const [code, ...rest] = state.recoveryCodes
			writeState(email, { ...state, recoveryCodes: rest })
			await send({ method: 'backup', code: code! })
			return
		}
		// Waiting for a step is the run's own pace of codes, not the app being slow: the test gets that time on top of its
		// budget. Without it, a test that signed in late in a busy run spent its whole minute waiting, on a blank page.
		allowForTheWait((step - 1) * STEP_MS - Date.now())
		// Claimed before the wait, so the state never shows a step as free while its holder waits for it.
		writeState(email, { ...state, lastStep: step })
		while (step > currentStep() + 1) await sleep(250)
		step = Math.max(step, currentStep())
		writeState(email, { ...state, lastStep: step })
		await send({ method: 'totp', code: totpFromKey(state.key, step * STEP_MS) })
	})
}

/**
 * Sets up an authenticator app for the account whose session `request` carries, through the Security screen's form as
 * it posts without JavaScript (the key and recovery codes are read from the page), and keeps the factor for later
 * sign-ins. The session the set-up gives replaces the one in `request`'s cookie jar.
 */
export async function enrolSecondFactor(request: APIRequestContext, email: string, password: string) {
	const started = await request.post('/dashboard/security', { form: { intent: 'start', password }, headers: { origin } })
	const page = await started.text()
	const key = /data-testid="totp-key"[^>]*>([^<]+)</.exec(page)?.[1]?.replace(/\s/g, '')
	expect(key, `the set-up page (${started.status()})`).toMatch(/^[A-Z2-7]{16,}$/)
	const list = /data-testid="setup-recovery-codes"[^>]*>(.*?)<\/ul>/s.exec(page)?.[1] ?? ''
	const recoveryCodes = [...list.matchAll(/<li>([^<]+)<\/li>/g)].map((match) => match[1]!)
	expect(recoveryCodes.length).toBeGreaterThanOrEqual(8)
	fs.mkdirSync(factorDir, { recursive: true })
	await withAccountLock(email, async () => {
		const step = currentStep()
		const confirmed = await request.post('/dashboard/security', {
			form: { intent: 'confirm', code: totpFromKey(key!, step * STEP_MS) },
			headers: { origin },
		})
		expect(await confirmed.text()).toContain('Two-factor sign-in is on.')
		writeState(email, { key: key!, lastStep: step, recoveryCodes })
	})
}

/** Signs in with the password and, for an account with a second factor, its code: the forms' own POSTs, no page. */
export async function signInByRequest(request: APIRequestContext, account: { email: string; password: string }) {
	const first = await request.post('/login', { form: account, headers: { origin }, maxRedirects: 0 })
	const location = first.headers().location ?? ''
	if (!location.startsWith('/login/two-factor')) {
		expect(`${first.status()} ${location}`, await first.text()).toMatch(/^30[23] \/dashboard/)
		return
	}
	await answerSecondFactor(account.email, async (answer) => {
		const second = await request.post(location, { form: answer, headers: { origin }, maxRedirects: 0 })
		expect(`${second.status()} ${second.headers().location ?? ''}`, await second.text()).toMatch(/^30[23] \/dashboard/)
	})
}
