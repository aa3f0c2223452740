import { z } from 'zod'
import { STATE_MESSAGE, ZIP_MESSAGE, isZipCode, usStateCode } from './us-address.ts'

// The schema fields of a US address, apart from us-address.ts so the wizard's first step loads no schema library.

/** An optional state field: empty, or a state we lend in, stored as its 2-letter code. */
export const stateField = z
	.string()
	.trim()
	.max(100, STATE_MESSAGE)
	.refine((value) => value === '' || usStateCode(value) !== null, STATE_MESSAGE)
	.transform((value) => (value === '' ? value : usStateCode(value)!))

/** An optional ZIP field: empty, or 5 digits / ZIP+4. */
export const zipField = z
	.string()
	.trim()
	.refine((value) => value === '' || isZipCode(value), ZIP_MESSAGE)
