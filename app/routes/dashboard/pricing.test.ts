import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { editorClient, storedVersions } from '../../../tests/content-editor-kit.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import * as pricingRoute from './pricing.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const client = () => editorClient(services, '/dashboard/pricing', pricingRoute)

describe('the Pricing screen (issue 19)', () => {
	test('a new site starts with the seeded rate sheet as its first version', async () => {
		const { status, body } = await client().load(admin.cookie)
		expect(status).toBe(200)
		expect(body.content).toEqual(SEED_RATE_SHEET)
		expect(body.canEdit).toBe(true)
		expect((await storedVersions(services, 'rateSheet'))[0]).toMatchObject({ version: 1, createdBy: 'seed' })
	})

	test('a sales manager reads the sheet but cannot change it; a loan officer cannot read it', async () => {
		const manager = await signedInStaff(services, ['moderator'])
		const read = await client().load(manager.cookie)
		expect(read.status).toBe(200)
		expect(read.body.canEdit).toBe(false)
		const changed = structuredClone(SEED_RATE_SHEET)
		changed.dscr.baseRate = '9.000'
		const before = await storedVersions(services, 'rateSheet')
		expect((await client().save(manager.cookie, changed)).status).toBe(403)
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
		const officer = await signedInStaff(services, ['user'])
		expect((await client().load(officer.cookie)).status).toBe(403)
	})

	test('an admin saves a changed sheet as a new version, recorded with who saved it, and it is what pricing reads', async () => {
		const changed = structuredClone(SEED_RATE_SHEET)
		changed.dscr.baseRate = '6.375'
		const { status, body } = await client().save(admin.cookie, changed)
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, content: changed })
		expect((await storedVersions(services, 'rateSheet')).at(-1)).toMatchObject({ createdBy: admin.email, data: changed })
		expect((await services.content.get('rateSheet')).dscr.baseRate).toBe('6.375')
	})

	test('an import with problems names every problem by path and reason, and nothing changes', async () => {
		const before = await storedVersions(services, 'rateSheet')
		const stored = await services.content.get('rateSheet')
		const bad = structuredClone(SEED_RATE_SHEET) as unknown as {
			dscr: Record<string, unknown>
			shortTerm: Record<string, { termMonths: unknown }>
		}
		bad.dscr.rateFloor = 'six'
		bad.dscr.ltvBuckets = [0, 60, 65, 75, 70]
		bad.shortTerm['fix-flip']!.termMonths = 0
		const { status, body } = await client().save(admin.cookie, bad)
		expect(status).toBe(400)
		expect(body.errors).toEqual({
			'dscr.rateFloor': 'Write a percentage from 0 with at most 3 decimals, such as 6.250',
			'dscr.ltvBuckets': 'List the LTV buckets from the lowest, each above the last',
			'shortTerm.fix-flip.termMonths': 'Too small: expected number to be >=1',
		})
		expect(await services.content.get('rateSheet')).toEqual(stored)
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(before.length)
	})

	test('an earlier version can be restored; it becomes the newest', async () => {
		const versions = await storedVersions(services, 'rateSheet')
		const { status, body } = await client().restore(admin.cookie, 1)
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, restoredVersion: 1, content: SEED_RATE_SHEET })
		expect(await storedVersions(services, 'rateSheet')).toHaveLength(versions.length + 1)
	})
})
