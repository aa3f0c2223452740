import { describe, expect, test } from 'vitest'
import { logContactSchema } from './lead-assignment.ts'

/** docs/decisions/0104: Log call / Log e-mail, checked by the form and the action with this one schema. */

const leadId = '8d6a4f0e-3b7c-4e51-9a2d-6f1e0c9b7a33'

describe('a logged call or e-mail', () => {
	test('its summary is at most 500 characters: 500 are kept, 501 refused with the reason', () => {
		const call = (summary: string) => logContactSchema.safeParse({ leadId, channel: 'call', outcome: 'connected', summary })
		expect(call('x'.repeat(500)).data?.summary).toHaveLength(500)
		expect(call('x'.repeat(501)).error?.issues.map((issue) => issue.message)).toEqual(['The summary must be at most 500 characters'])
	})
})
