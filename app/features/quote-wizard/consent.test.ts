import { expect, test } from 'vitest'
import { CONSENT_VERSION, consentText } from './consent.ts'

// Stored consent records name the version they saw (docs/decisions/0081): a version's words never change. Spec 1 §2
// step 14 asks for calls, texts and e-mail, automated dialing, STOP, a phone line and contact within 24 hours; the
// TCPA asks that the consent not be a condition of the loan. A new wording needs a new version, and this text.
test(`the consent text of version ${CONSENT_VERSION}, word for word`, () => {
	expect(CONSENT_VERSION).toBe('2026-11-22')
	expect(consentText({ name: 'Example Lending Co.', phone: '(555) 010-0100' })).toBe(
		'By clicking Get My Quote, I agree that Example Lending Co. and its loan officers may contact me about my loan request ' +
			'by phone call, text message and e-mail at the number and address above, including by automated dialing systems ' +
			'and prerecorded messages. Consent is not a condition of any loan. Message and data rates may apply. ' +
			'Reply STOP to opt out of texts at any time, or call (555) 010-0100. A loan officer will contact you within 24 hours.',
	)
})
