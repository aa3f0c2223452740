import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import { priceRequest } from '#app/features/pricing/pricing-request.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { rateSheetAt, repriceSnapshot } from './lead-terms.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

/** docs/decisions/0066: a frozen copy of the terms re-prices to the cent on the sheet version it was priced on. */
describe('a snapshot priced before any sheet was saved (version 0, the default sheet)', () => {
	test('re-prices on the default sheet, to the same answer', async () => {
		const request = termsRequest(refinanceAnswers as LoanFormData)!.request
		const response = priceRequest(defaultContent().rateSheet, 0, request)
		expect(await rateSheetAt(handle.db, 0)).toEqual(defaultContent().rateSheet)
		expect(await repriceSnapshot(handle.db, { sheetVersion: 0, request })).toEqual(response)
	})

	test('a version never saved has no sheet, and nothing re-prices on it', async () => {
		const request = termsRequest(refinanceAnswers as LoanFormData)!.request
		expect(await rateSheetAt(handle.db, 9999)).toBeNull()
		expect(await repriceSnapshot(handle.db, { sheetVersion: 9999, request })).toBeNull()
	})
})
