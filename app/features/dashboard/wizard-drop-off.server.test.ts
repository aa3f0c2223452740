import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { rateLimits, wizardVisits } from '#db/schema.ts'
import type { Database } from '#db/client.ts'
import { rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { type StepId, buildWizardSteps } from '#app/features/quote-wizard/steps.ts'
import { DEFAULT_FORM_DATA } from '#app/features/quote-wizard/form-data.ts'
import { action } from '#app/routes/api/wizard-visits.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { WIZARD_VISIT_LIMIT, type WizardStepInput, recordWizardStep, wizardDropOff } from './wizard-drop-off.server.ts'
import { programStepOrder, stepBranch } from './wizard-drop-off.ts'

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
/** `db`, whose first `select` runs only once `first` has: another request's write lands just before it reads. */
function selectAfter(db: Database, first: () => PromiseLike<unknown>): Database {
	let pending: PromiseLike<unknown> | null = null
	const after = <T extends object>(builder: T): T =>
		new Proxy(builder, {
			get(target, prop, receiver) {
				const value = Reflect.get(target, prop, receiver)
				if (prop === 'then')
					return (resolve: (value: unknown) => void, reject: (error: unknown) => void) => {
						pending ??= first()
						return Promise.resolve(pending).then(() => (target as PromiseLike<unknown>).then(resolve, reject), reject)
					}
				if (typeof value !== 'function') return value
				return (...args: unknown[]) => {
					const result = value.apply(target, args)
					return result && typeof result === 'object' ? after(result) : result
				}
			},
		})
	return new Proxy(db, {
		get(target, prop, receiver) {
			const value = Reflect.get(target, prop, receiver)
			if (prop !== 'select' || typeof value !== 'function') return value
			return (...args: unknown[]) => after(value.apply(target, args))
		},
	})
}
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

	test('a step already counted writes nothing, however often it is sent; two first reports that cross both count', async () => {
		const id = visitId(11)
		await recordWizardStep(handle.db, report(id, 'loan-program', null), IP)
		await handle.db.execute(sql`update wizard_visits set last_at = now() - interval '1 hour' where id = ${id}`)
		const before = await stored(id)
		expect(await recordWizardStep(handle.db, report(id, 'loan-program', 'fix-flip'), IP)).toBe('dropped')
		expect(await stored(id)).toEqual(before)
		// New visits' first two reports at once: both steps are kept, whichever order the database sees them in (on
		// PostgreSQL the second could find the visit opened only after its own update had looked, and was dropped).
		const crossing = Array.from({ length: 24 }, (_, index) => visitId(100 + index))
		await Promise.all(
			crossing.flatMap((id) => [
				recordWizardStep(handle.db, report(id, 'loan-program', null), IP),
				recordWizardStep(handle.db, report(id, 'property-type'), IP),
			]),
		)
		for (const id of crossing) expect([...(await stored(id))!.steps].sort(), id).toEqual(['loan-program', 'property-type'])
		// The window itself, every time: the first report opens the visit after the second one's update found nothing,
		// and before it looks whether the visit exists.
		const late = visitId(13)
		const openedMeanwhile = selectAfter(handle.db, () =>
			handle.db
				.insert(wizardVisits)
				.values({ id: late, program: null, source: 'google', campaign: 'dscr-spring', steps: ['loan-program'] }),
		)
		expect(await recordWizardStep(openedMeanwhile, report(late, 'property-type'), IP)).toBe('counted')
		expect([...(await stored(late))!.steps].sort()).toEqual(['loan-program', 'property-type'])
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

	test('the whole site opens at most its hourly number of visits, whatever the addresses', async () => {
		await recordWizardStep(handle.db, report(visitId(13), 'loan-program', null), IP)
		await handle.db.update(rateLimits).set({ count: WIZARD_VISIT_LIMIT.perSite }).where(sql`${rateLimits.key} = 'wizard-visit:site'`)
		expect(await recordWizardStep(handle.db, report(visitId(14), 'loan-program', null), '203.0.113.99')).toBe('dropped')
		expect(await stored(visitId(14))).toBeUndefined()
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
		// A visit whose only lead step is the long form's (its short form's report was lost): still one lead.
		await walk(7, 'dscr', ['property-type', 'long-thank-you'])
		// A bridge visit that stops at the property type, and a visit that never chose a program.
		await walk(4, 'short-term-bridge', ['property-type'])
		await recordWizardStep(handle.db, report(visitId(5), 'loan-program', null), IP)
		// A visit of last year: only the 12 months hold it.
		await walk(6, 'dscr', ['property-type'])
		await handle.db.execute(sql`update wizard_visits set started_at = now() - interval '200 days' where id = ${visitId(6)}`)

		const dropOff = await wizardDropOff(handle.db, 90)
		expect(dropOff).toMatchObject({ days: 90, visits: 6, choseProgram: 5, leads: 3 })
		const dscr = dropOff.programs.find((program) => program.program === 'dscr')!
		expect(dscr).toMatchObject({ label: 'DSCR Loan', visits: 4, leads: 3 })
		expect(dscr.steps.map((step) => step.step)).toEqual(programStepOrder('dscr').filter((step) => step !== 'loan-program'))
		const reached = Object.fromEntries(dscr.steps.map((step) => [step.step, step.visits]))
		expect(reached).toMatchObject({
			'property-type': 4,
			'transaction-type': 3,
			'property-identification': 2,
			'offer-status': 2,
			'property-address': 3,
			'refinance-value-loan': 1,
			'contact-info': 2,
			'short-thank-you': 2,
			'long-thank-you': 2,
			'target-state': 0,
		})
		expect(dscr.steps.filter((step) => step.lead).map((step) => step.step)).toEqual(['short-thank-you', 'long-thank-you'])
		expect(dropOff.programs.find((program) => program.program === 'short-term-bridge')).toMatchObject({ visits: 1, leads: 0 })
		expect(dropOff.programs.find((program) => program.program === 'fix-flip')).toMatchObject({ visits: 0, leads: 0 })
		expect(dscr.steps.find((step) => step.step === 'refinance-value-loan')?.branch).toBe('Only for a refinance or a cash-out refinance')
		expect(dscr.steps.find((step) => step.step === 'property-type')?.branch).toBeNull()
		expect(await wizardDropOff(handle.db, 365)).toMatchObject({ visits: 7, choseProgram: 6 })
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
	// Every branch's own questions come before the quote preference they all lead to.
	for (const branch of [
		'target-state',
		'down-payment-amount',
		'offer-status',
		'property-details',
		'refinance-value-loan',
		'cash-out-amount',
	] as const)
		before(branch, 'quote-preference')
	before('quote-loading', 'contact-info')
	before('contact-info', 'short-thank-you')
	// The long form's own steps follow the short form's thank-you screen ("Continue Quote").
	before('short-thank-you', 'fico-score')
	before('loan-customization', 'long-thank-you')
	expect(new Set(dscr).size).toBe(dscr.length)
	expect(dscr).not.toContain('flip-budget')
	const flip = programStepOrder('fix-flip')
	expect(flip.slice(0, 4)).toEqual(['loan-program', 'property-type', 'property-address', 'flip-budget'])
	const bridge = programStepOrder('short-term-bridge')
	expect(bridge.indexOf('bridge-experience')).toBeLessThan(bridge.indexOf('quote-preference'))
})

test('a step asked of some visitors only says of whom', () => {
	expect(stepBranch('dscr', 'property-type')).toBeNull()
	expect(stepBranch('dscr', 'cash-out-amount')).toBe('Only for a cash-out refinance')
	expect(stepBranch('dscr', 'property-address')).toBe('Only for a purchase with a property found, a refinance or a cash-out refinance')
	expect(stepBranch('dscr', 'target-state')).toBe('Only for a purchase still looking')
	expect(stepBranch('dscr', 'fico-score')).toBe('Long form only')
	// Fix & flip asks the same of everyone until the long form.
	expect(stepBranch('fix-flip', 'flip-budget')).toBeNull()
	expect(stepBranch('fix-flip', 'loan-customization')).toBe('Long form only')
})

describe('POST /api/wizard-visits', () => {
	const post = (
		body: unknown,
		userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
		type = 'application/json',
		headers: Record<string, string> = {},
		appServices = services,
	) =>
		action({
			request: new Request('http://localhost:3000/api/wizard-visits', {
				method: 'POST',
				headers: { 'Content-Type': type, Origin: 'http://localhost:3000', ...headers },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			}),
			context: routeContext(appServices, { clientIp: IP, userAgent }),
			params: {},
		} as never) as Promise<Response>

	test('a visitor’s report is counted and answered 202 with no body', async () => {
		const response = await post(report(visitId(7), 'loan-program', null))
		expect(response.status).toBe(202)
		expect(await response.text()).toBe('')
		expect(await stored(visitId(7))).toMatchObject({ steps: ['loan-program'] })
	})

	test('a browser sending Global Privacy Control is answered alike and not counted', async () => {
		const response = await post(report(visitId(15), 'loan-program', null), undefined, 'application/json', { 'Sec-GPC': '1' })
		expect(response.status).toBe(202)
		expect(await stored(visitId(15))).toBeUndefined()
	})

	test('a campaign tag with invisible characters is cleaned, not refused; a database that fails loses only the count', async () => {
		expect((await post({ ...report(visitId(16), 'loan-program', null), campaign: 'spring\u200b-\u0007sale' })).status).toBe(202)
		expect((await stored(visitId(16)))?.campaign).toBe('spring-sale')
		const failing = new Proxy(services.db, {
			get: (target, key) =>
				key === 'update'
					? () => {
							throw new Error('connection lost')
						}
					: Reflect.get(target, key),
		})
		const warn = vi.spyOn(services.log, 'warn')
		const response = await post(report(visitId(17), 'loan-program', null), undefined, 'application/json', {}, { ...services, db: failing })
		expect(response.status).toBe(202)
		expect(warn).toHaveBeenCalledWith(expect.anything(), 'a wizard step could not be counted')
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
		expect((await post({ ...report(visitId(9), 'loan-program', null), campaign: 'x'.repeat(301) })).status).toBe(422)
		expect((await post('step=loan-program', undefined, 'application/x-www-form-urlencoded')).status).toBe(415)
		expect(await stored(visitId(9))).toBeUndefined()
	})
})
