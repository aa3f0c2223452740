import { describe, expect, test } from 'vitest'
import { consentBannerPlacement } from './consent-banner-placement.ts'

describe('consentBannerPlacement', () => {
	test.each([
		'/dashboard',
		'/dashboard/leads',
		'/dashboard/settings',
		'/dashboard-test',
		'/login',
		'/login/two-factor',
		'/logout',
		'/forgot-password',
		'/reset-password',
	])('%s is a staff page: no banner', (path) => {
		expect(consentBannerPlacement(path)).toBe('none')
	})

	test('the wizard keeps its Back/Continue bar uncovered: the banner sits at the top of the page', () => {
		expect(consentBannerPlacement('/fast-quote')).toBe('top')
	})

	test.each(['/', '/dscr-loans', '/dscr-calculator', '/contact', '/dashboarding', '/login-help'])(
		'%s shows the banner at the bottom',
		(path) => {
			expect(consentBannerPlacement(path)).toBe('bottom')
		},
	)
})
