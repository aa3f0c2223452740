import type { Company } from '#app/features/content/content-schemas.ts'

/** tel: link for a displayed phone number: "(555) 010-0199" -> "tel:+15550100199". */
export function telHref(phone: string) {
	const digits = phone.replace(/\D/g, '')
	return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`
}

/** spec 1 §2: the header's Apply button leaves the site for the register path on the application host. */
export const applicationUrl = (company: Pick<Company, 'applicationHost'>) => `https://${company.applicationHost}/register`

/** spec 1 §2: calculator and landing-page quote buttons that go to the separate quote host. */
export const externalQuoteUrl = (company: Pick<Company, 'applicationHost'>) => `https://${company.applicationHost}/`
