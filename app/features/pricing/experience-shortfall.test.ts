import { describe, expect, test } from 'vitest'
import { experienceShortfallMessage, isExperienceShortfall, minimumExperience } from './experience-shortfall.ts'
import { priceRequest } from './pricing-request.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'

const company = { phone: '(555) 010-0199' }
const sheet = (() => {
	const clone = structuredClone(SEED_RATE_SHEET)
	clone.shortTerm.construction.experienceTiers = [
		{ from: 1, label: '1-4 builds' },
		{ from: 5, label: '5+ builds' },
	]
	return clone
})()
const construction = { program: 'construction', acquisition: 150_000, budget: 400_000, finishedValue: 750_000 } as const

describe('too few completed projects is one message with the next step (docs/decisions/0074)', () => {
	test('a first build is refused by every credit band alike: that is the shortfall, whatever the band', () => {
		const perBand = priceRequest(sheet, 1, { ...construction, experience: 0 })
		expect(perBand.quotes.length).toBeGreaterThan(1)
		expect(isExperienceShortfall(perBand)).toBe(true)
		expect(isExperienceShortfall(priceRequest(sheet, 1, { ...construction, experience: 0, ficoBand: '800+' }))).toBe(true)
	})

	test('one completed build, or a refusal for another reason, is not', () => {
		expect(isExperienceShortfall(priceRequest(sheet, 1, { ...construction, experience: 1 }))).toBe(false)
		expect(isExperienceShortfall(priceRequest(sheet, 1, { ...construction, experience: 1, ficoBand: 'below-600' }))).toBe(false)
		expect(isExperienceShortfall({ quotes: [] })).toBe(false)
	})

	test('the minimum is the lowest experience tier of each program’s grid', () => {
		const changed = structuredClone(sheet)
		changed.shortTerm.construction.experienceTiers[0]!.from = 2
		expect(minimumExperience(sheet)).toMatchObject({ construction: 1 })
		expect(minimumExperience(changed)).toMatchObject({ construction: 2 })
	})

	test('the message names what qualifies and the next step, with the company’s phone', () => {
		expect(experienceShortfallMessage('construction', 1, company)).toBe(
			'Ground-up construction loans need at least one completed build in the last 3 years, or a licensed general contractor on the project. ' +
				'A loan officer will call you to go through it; or call us at (555) 010-0199.',
		)
		expect(experienceShortfallMessage('construction', 2, company)).toContain('at least 2 completed builds')
		// Only one is "one": a grid starting at 0 projects reads as plural.
		expect(experienceShortfallMessage('short-term-bridge', 0, company)).toContain('Bridge loans need at least 0 completed projects')
		expect(experienceShortfallMessage('fix-flip', 1, company)).toBe(
			'Fix & flip loans need at least one completed project in the last 3 years. A loan officer will call you to go through it; or call us at (555) 010-0199.',
		)
	})
})
