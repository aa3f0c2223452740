import { describe, expect, test } from 'vitest'
import { settingsSchema } from './content-schemas.ts'
import { defaultContent } from './content-defaults.ts'

describe("the lender's time zone (docs/decisions/0053)", () => {
	const settings = defaultContent({}).settings

	test('defaults to America/New_York, also for settings saved before it existed', () => {
		expect(settings.timeZone).toBe('America/New_York')
		const { timeZone: _absent, ...older } = settings
		expect(settingsSchema.parse(older).timeZone).toBe('America/New_York')
	})

	test('accepts IANA zone names and refuses anything else', () => {
		expect(settingsSchema.parse({ ...settings, timeZone: 'America/Chicago' }).timeZone).toBe('America/Chicago')
		expect(settingsSchema.parse({ ...settings, timeZone: 'UTC' }).timeZone).toBe('UTC')
		for (const wrong of ['Mars/Olympus_Mons', 'EST5EDT; drop', '', 'New York']) {
			const result = settingsSchema.safeParse({ ...settings, timeZone: wrong })
			expect(result.success, wrong).toBe(false)
			expect(result.error?.issues[0]?.message).toBe('Enter a time zone such as America/New_York')
		}
	})
})
