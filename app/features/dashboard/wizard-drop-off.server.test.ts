import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { rateLimits, wizardVisits } from '#db/schema.ts'
import { rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { type StepId, buildWizardSteps } from '#app/features/quote-wizard/steps.ts'
import { DEFAULT_FORM_DATA } from '#app/features/quote-wizard/form-data.ts'
import { action } from '#app/routes/api/wizard-visits.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { WIZARD_VISIT_LIMIT, type WizardStepInput, recordWizardStep, wizardDropOff } from './wizard-drop-off.server.ts'
import { programStepOrder } from './wizard-drop-off.ts'

// docs/decisions/0124: the quote wizard's visits, counted step by step.

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(wizardVisits)
	await handle.db.delete(rateLimits)
})

const IP = '198.51.100.44'
const report = (visit: string, step: StepId, program: string | null = 'dscr', touch = { source: 'google', campaign: 'dscr-spring' }) =>
	({ visit, step, program, ...touch }) as WizardStepInput
const visitId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const stored = async (id: string) => (await handle.db.select().from(wizardVisits).where(sql`${wizardVisits.id} = ${id}`))[0]
/** A visit whose way is `steps`, reported one by one as the wizard does. */
async function walk(n: number, program: string, steps: StepId[], touch?: { source: string; campaign: string }) {
	await recordWizardStep(handle.db, report(visitId(n), 'loan-program', null, touch), IP)
	for (const step of steps) await recordWizardStep(handle.db, report(visitId(n), step, program, touch), IP)
}

describe('counting a visit’s steps', () => {
	test('the first report opens the visit; each later step is added once, and the program stays once chosen', async () => {
		const id = visitId(1)
		expect(await recordWizardStep(handle.db, report(id, 'loan-program', null), IP)).toBe('counted')
		expect(await stored(id)).toMatchObject({ program: null, source: 'google', campaign: 'dscr-spring', steps: ['loan-program'] })
		await recordWizardStep(handle.db, report(id, 'property-type'), IP)
		await recordWizardStep(handle.db, report(id, 'property-type'), IP)
		// Back to the first step: the program is not forgotten.
		await recordWizardStep(handle.db, report(id, 'loan-program', null), IP)
		expect(await stored(id)).toMatchObject({ program: 'dscr', steps: ['loan-program', 'property-type'] })
		// Another program chosen later is the visit's program.
		await recordWizardStep(handle.db, report(id, 'property-address', 'short-term-bridge'), IP)
		expect(await stored(id)).toMatchObject({ program: 'short-term-bridge', steps: ['loan-program', 'property-type', 'property-address'] })
	})

	test('a visit older than a day takes no more steps, and its id opens no new one', async () => {
		const id = visitId(2)
		await recordWizardStep(handle.db, report(id, 'loan-program', null), IP)
		await handle.db.execute(sql`update wizard_visits set started_at = now() - interval '25 hours' where id = ${id}`)
		expect(await recordWizardStep(handle.db, report(id, 'property-type'), IP)).toBe('dropped')
		expect((await stored(id))?.steps).toEqual(['loan-program'])
	})

	test('an address opens at most its hourly number of visits; the steps of visits already open still count', async () => {
		const open = visitId(3)
		await recordWizardStep(handle.db, report(open, 'loan-program', null), IP)
		await handle.db
			.update(rateLimits)
			.set({ count: WIZARD_VISIT_LIMIT.perIp })
			.where(sql`${rateLimits.key} = ${rateLimitKey('wizard-visit', IP)}`)
		expect(await recordWizardStep(handle.db, report(visitId(4), 'loan-program', null), IP)).toBe('dropped')
		expect(await stored(visitId(4))).toBeUndefined()
		expect(await recordWizardStep(handle.db, report(open, 'property-type'), IP)).toBe('counted')
		// Another address is counted as usual.
		expect(await recordWizardStep(handle.db, report(visitId(5), 'loan-program', null), '198.51.100.45')).toBe('counted')
	})
})

describe('the drop-off of a period', () => {
	test('per program, each of its steps in the order met, the visits that reached it, and the leads', async () => {
		const purchase: StepId[] = ['property-type', 'transaction-type', 'property-identification', 'offer-status', 'property-address']
		// Three DSCR visits: one leaves at the address, one sends the short form, one the short form and then the long form.
		await walk(1, 'dscr', purchase)
		await walk(2, 'dscr', [...purchase, 'property-details', 'quote-preference', 'quote-loading', 'contact-info', 'short-thank-you'])
		// The refinance's whole short form as the step machine builds it, then two of the long form's steps.
		const refinance = buildWizardSteps({ ...DEFAULT_FORM_DATA, loanProgram: 'dscr', transactionType: 'refinance' })
		await walk(3, 'dscr', [...refinance.slice(1), 'fico-score', 'long-thank-you'])
		// A bridge visit that stops at the property type, and a visit that never chose a program.
		await walk(4, 'short-term-bridge', ['property-type'])
		await recordWizardStep(handle.db, report(visitId(5), 'loan-program', null), IP)
		// A visit of last year: only the 12 months hold it.
		await walk(6, 'dscr', ['property-type'])
		await handle.db.execute(sql`update wizard_visits set started_at = now() - interval '200 days' where id = ${visitId(6)}`)

		const dropOff = await wizardDropOff(handle.db, 90)
		expect(dropOff).toMatchObject({ days: 90, visits: 5, choseProgram: 4, leads: 2 })
		const dscr = dropOff.programs.find((program) => program.program === 'dscr')!
		expect(dscr).toMatchObject({ label: 'DSCR Loan', visits: 3, leads: 2 })
		expect(dscr.steps.map((step) => step.step)).toEqual(programStepOrder('dscr').filter((step) => step !== 'loan-program'))
		const reached = Object.fromEntries(dscr.steps.map((step) => [step.step, step.visits]))
		expect(reached).toMatchObject({
			'property-type': 3,
			'transaction-type': 3,
			'property-identification': 2,
			'offer-status': 2,
			'property-address': 3,
			'refinance-value-loan': 1,
			'contact-info': 2,
			'short-thank-you': 2,
			'long-thank-you': 1,
			'target-state': 0,
		})
		expect(dscr.steps.filter((step) => step.lead).map((step) => step.step)).toEqual(['short-thank-you', 'long-thank-you'])
		expect(dropOff.programs.find((program) => program.program === 'short-term-bridge')).toMatchObject({ visits: 1, leads: 0 })
		expect(dropOff.programs.find((program) => program.program === 'fix-flip')).toMatchObject({ visits: 0, leads: 0 })
		expect(await wizardDropOff(handle.db, 365)).toMatchObject({ visits: 6, choseProgram: 5 })
	})
})

test('a program’s steps in the order a visitor meets them, every branch and both forms', () => {
	const dscr = programStepOrder('dscr')
	const before = (a: StepId, b: StepId) => expect(dscr.indexOf(a), `${a} before ${b}`).toBeLessThan(dscr.indexOf(b))
	expect(dscr[0]).toBe('loan-program')
	before('transaction-type', 'property-identification')
	before('property-identification', 'offer-status')
	before('offer-status', 'property-address')
	before('property-identification', 'target-state')
	before('property-address', 'refinance-value-loan')
	before('refinance-value-loan', 'cash-out-amount')
	before('quote-loading', 'contact-info')
	before('contact-info', 'short-thank-you')
	// The long form's own steps follow the short form's thank-you screen ("Continue Quote").
	before('short-thank-you', 'fico-score')
	before('loan-customization', 'long-thank-you')
	expect(new Set(dscr).size).toBe(dscr.length)
	expect(dscr).not.toContain('flip-budget')
	const flip = programStepOrder('fix-flip')
	expect(flip.slice(0, 4)).toEqual(['loan-program', 'property-type', 'property-address', 'flip-budget'])
	expect(programStepOrder('short-term-bridge')).toContain('bridge-experience')
})

describe('POST /api/wizard-visits', () => {
	const post = (
		body: unknown,
		userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
		type = 'application/json',
	) =>
		action({
			request: new Request('http://localhost:3000/api/wizard-visits', {
				method: 'POST',
				headers: { 'Content-Type': type, Origin: 'http://localhost:3000' },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			}),
			context: routeContext(services, { clientIp: IP, userAgent }),
			params: {},
		} as never) as Promise<Response>

	test('a visitor’s report is counted and answered 202 with no body', async () => {
		const response = await post(report(visitId(7), 'loan-program', null))
		expect(response.status).toBe(202)
		expect(await response.text()).toBe('')
		expect(await stored(visitId(7))).toMatchObject({ steps: ['loan-program'] })
	})

	test('a crawler is answered alike and not counted', async () => {
		const response = await post(
			report(visitId(8), 'loan-program', null),
			'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
		)
		expect(response.status).toBe(202)
		expect(await stored(visitId(8))).toBeUndefined()
	})

	test('a malformed report is refused with what is wrong, and nothing is stored', async () => {
		const refused = await post({ ...report(visitId(9), 'loan-program', null), step: 'admin', program: 'payday' })
		expect(refused.status).toBe(422)
		expect(await refused.json()).toEqual({ errors: { step: 'Unknown step', program: 'Unknown program' } })
		expect((await post({ ...report('not-a-visit', 'loan-program', null) })).status).toBe(422)
		expect((await post({ ...report(visitId(9), 'loan-program', null), campaign: 'x'.repeat(101) })).status).toBe(422)
		expect((await post('step=loan-program', undefined, 'application/x-www-form-urlencoded')).status).toBe(415)
		expect(await stored(visitId(9))).toBeUndefined()
	})
})
