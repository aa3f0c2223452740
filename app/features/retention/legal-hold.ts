import { z } from 'zod'
import { UUID_PATTERN } from '#app/features/http/uuid.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/** docs/decisions/0090: a legal hold names its reason, so that whoever releases it knows what it was for. */
export const legalHoldSchema = z.object({
	leadId: z.string().regex(UUID_PATTERN, 'Choose a lead'),
	reason: singleLineText()
		.trim()
		.min(10, 'Say why the lead is held (at least 10 characters): a matter, a request or a regulator')
		.max(300, 'The reason is at most 300 characters'),
})

export const RETENTION_MESSAGES = {
	policySaved: 'Retention policy saved',
	holdPlaced: 'Legal hold placed: this lead is kept until the hold is released',
	holdReleased: 'Legal hold released: the lead is disposed of with the others when its time comes',
	noSuchLead: 'That lead does not exist or its personal data was already disposed of',
} as const
