import { test as setup } from '@playwright/test'
import { E2E_ADMIN } from './e2e-env.ts'
import { enrolSecondFactor, signInByRequest } from './second-factor.ts'

/**
 * docs/decisions/0088: the server's admin (ADMIN_EMAIL) starts without a second factor, and staff without one reach only
 * the set-up. Once per run, before any browser test, the admin sets up an authenticator app; every test then signs in
 * with it (tests/e2e/second-factor.ts).
 */
setup('the e2e admin sets up an authenticator app', async ({ request }) => {
	await signInByRequest(request, E2E_ADMIN)
	await enrolSecondFactor(request, E2E_ADMIN.email, E2E_ADMIN.password)
})
