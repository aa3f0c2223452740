import type { Company } from '#app/features/content/content-schemas.ts'

export type CompanyTextField = Exclude<keyof Company, 'social'>
export type SocialNetwork = keyof Company['social']

type FieldSpec = {
	name: CompanyTextField
	label: string
	hint?: string
	required?: boolean
	type?: 'text' | 'email' | 'tel' | 'url'
	multiline?: boolean
}

/** spec 2 §2 Company Information, grouped as staff think of them, plus what the site also shows (hours, licences, map). */
export const companySections: { title: string; fields: FieldSpec[] }[] = [
	{
		title: 'Company',
		fields: [
			{ name: 'name', label: 'Company name', required: true },
			{
				name: 'initials',
				label: 'Initials',
				hint: "Shown in the logo square; up to 4 letters. Leave empty to use the company name's first letters.",
			},
			{ name: 'tagline', label: 'Tagline', required: true },
			{ name: 'description', label: 'Description', multiline: true },
			{ name: 'foundedYear', label: 'Founded year', hint: 'Four digits, e.g. 2012. Optional.' },
		],
	},
	{
		title: 'Licensing',
		fields: [
			{ name: 'lenderLicenseId', label: 'Lender licence ID', required: true, hint: 'e.g. NMLS #1234567' },
			{ name: 'realEstateLicenseNumber', label: 'Real-estate licence number', required: true, hint: 'e.g. DRE #01234567' },
			{
				name: 'licenseLookupUrl',
				label: 'Licence lookup URL',
				type: 'url',
				hint: 'The public consumer-access page where visitors can check the licence.',
			},
			{
				name: 'applicationHost',
				label: 'Application host',
				required: true,
				hint: 'Where Apply leads, without https://, e.g. apply.example.com',
			},
		],
	},
	{
		title: 'Contact',
		fields: [
			{ name: 'email', label: 'Email', type: 'email', required: true },
			{ name: 'phone', label: 'Phone', type: 'tel', required: true },
			{ name: 'hours', label: 'Business hours', required: true },
			{ name: 'website', label: 'Website', type: 'url' },
		],
	},
	{
		title: 'Address',
		fields: [
			{ name: 'address', label: 'Address' },
			{ name: 'city', label: 'City' },
			{ name: 'state', label: 'State' },
			{ name: 'zipCode', label: 'ZIP' },
			{
				name: 'mapEmbedUrl',
				label: 'Map embed URL',
				type: 'url',
				hint: 'From openstreetmap.org: Share > HTML, copy the address inside src="...".',
			},
		],
	},
]

export const socialNetworks: { name: SocialNetwork; label: string }[] = [
	{ name: 'linkedin', label: 'LinkedIn' },
	{ name: 'facebook', label: 'Facebook' },
	{ name: 'twitter', label: 'Twitter' },
	{ name: 'instagram', label: 'Instagram' },
]
