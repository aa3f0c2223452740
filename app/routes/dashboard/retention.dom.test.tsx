import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderInRouter } from '../../../tests/render-in-router.tsx'
import Retention from './retention.tsx'

const loaderData = {
	policy: { leadMonths: 24, contactMonths: 24, consentYears: 5, longerReason: '' },
	preview: { leads: 0, contactMessages: 0, consentRecords: 0 },
	runs: [],
	holds: [],
	versions: [],
}

/** docs/decisions/0090: the Retention screen's fields hold the policy's bounds, so the browser says them before the server. */
describe('the Retention screen', () => {
	test('consent evidence is kept 4 to 10 years; leads and contact messages 1 to 120 months', () => {
		renderInRouter(<Retention {...({ loaderData, params: {}, matches: [] } as unknown as Parameters<typeof Retention>[0])} />)
		const consent = screen.getByLabelText(/Consent evidence \(years\)/)
		expect([consent.getAttribute('min'), consent.getAttribute('max')]).toEqual(['4', '10'])
		for (const label of [/Leads \(months after the last activity\)/, /Contact messages \(months\)/]) {
			const field = screen.getByLabelText(label)
			expect([field.getAttribute('min'), field.getAttribute('max')]).toEqual(['1', '120'])
		}
	})
})
