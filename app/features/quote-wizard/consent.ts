/** Bump the version whenever the wording changes: stored consent records name the version they saw. */
export const CONSENT_VERSION = '2026-11-22'

/** spec 1 §2 step 14: calls, texts and e-mail, automated dialing, STOP, a phone line, contact within 24 hours. */
export function consentText(company: { name: string; phone: string }) {
	return (
		`By clicking Get My Quote, I agree that ${company.name} and its loan officers may contact me about my loan request ` +
		'by phone call, text message and e-mail at the number and address above, including by automated dialing systems ' +
		'and prerecorded messages. Consent is not a condition of any loan. Message and data rates may apply. ' +
		`Reply STOP to opt out of texts at any time, or call ${company.phone}. A loan officer will contact you within 24 hours.`
	)
}
