/**
 * docs/decisions/0109: the script a staff member reads aloud to a caller before recording their consent to be called,
 * texted and e-mailed, the phone's counterpart of the wizard's consent text (spec 1 §2 step 14). Bump the version
 * whenever the wording changes: stored consent records name the version that was read.
 */
export const VERBAL_CONSENT_VERSION = 'verbal-2026-11-27'

/** docs/decisions/0109: the consent record's method for consent given aloud on a call (the wizard's is 'web'). */
export const VERBAL_CONSENT_METHOD = 'verbal-phone'
/** What the record keeps where a web consent keeps the page and the addresses. */
export const VERBAL_CONSENT_PLACE = 'verbal, by phone'

export function verbalConsentScript(company: { name: string; phone: string }) {
	return (
		`May ${company.name} and its loan officers contact you about your loan request by phone call, text message and ` +
		'e-mail at the number and address you just gave me, including by automated dialing systems and prerecorded ' +
		'messages? Your consent is not a condition of any loan. Message and data rates may apply, and you can reply STOP ' +
		`to opt out of texts at any time, or call ${company.phone}. Do you agree?`
	)
}
