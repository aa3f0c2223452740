import { z } from 'zod'
import { upgradeLoanProduct } from './loan-product-upgrade.ts'
import { rateSheetSchema } from '#app/features/pricing/rate-sheet.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone.ts'
import { initialsOf } from './company-identity.ts'
import { dataRequestMailSchema } from './data-request-mail.ts'
import { emailField } from '#app/features/validation/form-fields.ts'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'
import {
	SESSION_IDLE_MINUTES,
	SESSION_LIFETIME_HOURS,
	sessionIdleMinutesField,
	sessionLifetimeHoursField,
	staffMailSettingSchema,
	TERM_SHEET_DAYS,
	termSheetDaysField,
} from './staff-settings.ts'
import { twoFactorOffSchema } from './two-factor-setting.ts'

const requiredText = (label: string, max = 200, base = singleLineText) =>
	base().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`)
const optionalText = (max = 500, base = singleLineText) => base().trim().max(max, `Must be at most ${max} characters`).default('')
const optionalUrl = singleLineText()
	.trim()
	.refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'Enter a full URL starting with https://')
	.default('')

const companyFields = z.object({
	name: requiredText('Company name', 120),
	/** Empty: the logo shows the name's initials (`logoInitials`), so they follow a rename (docs/decisions/0080). */
	initials: singleLineText().trim().max(4, 'Initials must be at most 4 characters').default(''),
	tagline: requiredText('Tagline'),
	description: optionalText(1000, safeText),
	foundedYear: singleLineText()
		.trim()
		.refine((value) => value === '' || /^(18|19|20)\d{2}$/.test(value), 'Enter a four-digit year')
		.default(''),
	phone: requiredText('Phone', 40).refine((value) => value.replace(/\D/g, '').length >= 10, 'Enter a phone number with at least 10 digits'),
	email: emailField(),
	address: optionalText(200),
	city: optionalText(100),
	state: optionalText(100),
	zipCode: optionalText(20),
	website: optionalUrl,
	hours: requiredText('Business hours'),
	lenderLicenseId: requiredText('Lender licence ID', 60),
	realEstateLicenseNumber: requiredText('Real-estate licence number', 60),
	licenseLookupUrl: optionalUrl,
	/** The contact page's click-to-load map; only OpenStreetMap embeds are allowed by the CSP. */
	mapEmbedUrl: singleLineText()
		.trim()
		.refine(
			(value) => value === '' || value.startsWith('https://www.openstreetmap.org/export/embed.html?'),
			'Paste an OpenStreetMap embed URL (Share > HTML on openstreetmap.org), or leave it empty',
		)
		.default(''),
	applicationHost: requiredText('Application host', 200).refine(
		(value) => /^[a-z0-9.-]+(:\d+)?$/i.test(value),
		'Enter a host name such as apply.example.com (no https://)',
	),
	social: z.object({
		linkedin: optionalUrl,
		facebook: optionalUrl,
		twitter: optionalUrl,
		instagram: optionalUrl,
	}),
})
/** Initials that are the name's own (every seeded record's) read as empty, so a rename changes them too (docs/decisions/0080). */
export const companySchema = companyFields.overwrite((company) =>
	company.initials !== '' && company.initials === initialsOf(company.name) ? { ...company, initials: '' } : company,
)
export type Company = z.infer<typeof companySchema>

export const heroSchema = z.object({
	title: requiredText('Main title', 120),
	subtitle: requiredText('Subtitle', 200),
	ctaText: requiredText('Call-to-action button text', 40),
	backgroundImage: singleLineText()
		.trim()
		.refine((value) => value === '' || /^(https?:\/\/|\/)\S+$/i.test(value), 'Enter a URL starting with https:// or /')
		.default(''),
})
export type Hero = z.infer<typeof heroSchema>

export const loanProductKeys = ['dscr', 'bridge', 'construction', 'fixFlip'] as const
export type LoanProductKey = (typeof loanProductKeys)[number]

const percent = (label: string) =>
	z.coerce
		.number({ message: `${label} must be a number` })
		.min(0, `${label} cannot be negative`)
		.max(100, `${label} cannot exceed 100`)
const dollars = (label: string) =>
	z.coerce
		.number({ message: `${label} must be a number` })
		.int(`${label} must be whole dollars`)
		.min(0, `${label} cannot be negative`)
const months = (label: string) =>
	z.coerce
		.number({ message: `${label} must be a number` })
		.int(`${label} must be whole months`)
		.min(1, `${label} must be at least 1 month`)
		.max(480, `${label} cannot exceed 480 months`)

export const loanProductSchema = z
	.object({
		title: requiredText('Title', 80),
		description: requiredText('Description', 600, safeText),
		minRate: percent('Starting rate'),
		maxLTV: percent('Max LTV'),
		minLoanAmount: dollars('Minimum loan amount'),
		maxLoanAmount: dollars('Maximum loan amount'),
		/** The loan term, in months (docs/decisions/0033: every term the site prints comes from here). */
		minTermMonths: months('Shortest term'),
		maxTermMonths: months('Longest term'),
		features: z.array(requiredText('Feature', 120)).max(20, 'At most 20 features'),
		/** Figures printed on the product page's terms card, as displayed (spec 1 §9). */
		terms: z.array(z.object({ label: requiredText('Label', 60), value: requiredText('Value', 60) })).max(8, 'At most 8 terms'),
	})
	.refine((product) => product.maxLoanAmount >= product.minLoanAmount, {
		message: 'Maximum loan amount must be at least the minimum',
		path: ['maxLoanAmount'],
	})
	.refine((product) => product.maxTermMonths >= product.minTermMonths, {
		message: 'Longest term must be at least the shortest',
		path: ['maxTermMonths'],
	})
export type LoanProduct = z.infer<typeof loanProductSchema>

// Documents saved before the terms were figures are upgraded as they are read (docs/decisions/0033).
export const loanProductsSchema = z.object({
	dscr: z.preprocess((value) => upgradeLoanProduct('dscr', value), loanProductSchema.and(z.object({ apr: percent('APR') }))),
	bridge: z.preprocess((value) => upgradeLoanProduct('bridge', value), loanProductSchema),
	construction: z.preprocess((value) => upgradeLoanProduct('construction', value), loanProductSchema),
	fixFlip: z.preprocess((value) => upgradeLoanProduct('fixFlip', value), loanProductSchema),
})
export type LoanProducts = z.infer<typeof loanProductsSchema>

export const testimonialSchema = z.object({
	id: requiredText('Id', 64),
	name: requiredText('Name', 80),
	role: optionalText(80),
	company: optionalText(80),
	location: optionalText(80),
	content: requiredText('Testimonial', 1000, safeText),
	rating: z.coerce
		.number()
		.int('Rating must be a whole number')
		.min(1, 'Rating must be between 1 and 5')
		.max(5, 'Rating must be between 1 and 5')
		.default(5),
	featured: z.boolean().default(false),
})
export const testimonialsSchema = z.array(testimonialSchema).max(50, 'At most 50 testimonials')
export type Testimonial = z.infer<typeof testimonialSchema>

export const recentFundingSchema = z.object({
	id: requiredText('Id', 64),
	propertyType: requiredText('Property type', 80),
	location: requiredText('Location', 80),
	loanAmount: requiredText('Loan amount', 40),
	timeline: requiredText('Timeline', 40),
})
export const recentFundingsSchema = z.array(recentFundingSchema).max(24)
export type RecentFunding = z.infer<typeof recentFundingSchema>

export const QUOTE_BUTTON_TARGETS = ['wizard', 'external'] as const
export type QuoteButtonTarget = (typeof QUOTE_BUTTON_TARGETS)[number]

/** The site's name is the company's (docs/decisions/0080): a `siteName` stored by older versions is dropped when read. */
export const settingsSchema = z.object({
	siteDescription: requiredText('Site description', 300, safeText),
	adminEmail: emailField(),
	enableNotifications: z.boolean(),
	enableAnalytics: z.boolean(),
	maintenanceMode: z.boolean(),
	/** docs/decisions/0088: every staff account needs a second factor (a passkey or an authenticator app)... */
	requireTwoFactor: z.boolean().default(true),
	/** ...unless an admin switched it off with a typed reason, kept here (who, when, why). */
	twoFactorOff: twoFactorOffSchema.default(null),
	/**
	 * Where the Florida page's Start Quote and the DSCR calculator's Complete Quote Form go: our quote
	 * wizard, or the external application host of the company record (docs/decisions/0051).
	 */
	quoteButtonTarget: z.enum(QUOTE_BUTTON_TARGETS, { message: 'Choose where the quote buttons go' }).default('wizard'),
	/** docs/decisions/0053: the lender's time zone, for the times staff e-mails print. */
	timeZone: z.string().trim().refine(isTimeZone, 'Enter a time zone such as America/New_York').default(DEFAULT_TIME_ZONE),
	/** docs/decisions/0089: what a staff e-mail about a lead carries of the borrower (minimal unless an admin says why). */
	staffMail: staffMailSettingSchema.default({ detail: 'minimal' }),
	/** docs/decisions/0089: a staff session ends after this many minutes without use... */
	sessionIdleMinutes: sessionIdleMinutesField.default(SESSION_IDLE_MINUTES.default),
	/** ...and this many hours after its sign-in, however busy (decision 0022's 7 days by default). */
	sessionLifetimeHours: sessionLifetimeHoursField.default(SESSION_LIFETIME_HOURS.default),
	/** docs/decisions/0095: a downloaded term sheet's expiry, in days from its download. */
	termSheetDays: termSheetDaysField.default(TERM_SHEET_DAYS.default),
})
export type Settings = z.infer<typeof settingsSchema>

/**
 * docs/decisions/0088: the requirement is off only with a reason; a setting stored before it needed one (false, the
 * old default, with no reason) reads as on.
 */
export const settingsContentSchema = settingsSchema.transform(
	(settings): Settings => (settings.requireTwoFactor || settings.twoFactorOff ? settings : { ...settings, requireTwoFactor: true }),
)

/** docs/decisions/0090: leads and contact messages are disposed of within 24 months unless a reason is typed. */
export const RETENTION_MONTHS_WITHOUT_REASON = 24
/** The bounds of the retention policy's fields, shown by the screen and enforced here. */
export const RETENTION_BOUNDS = { months: { min: 1, max: 120 }, consentYears: { min: 4, max: 10 } } as const
const retentionMonths = (label: string) =>
	z.coerce
		.number({ message: `Enter the ${label} in whole months` })
		.int(`Enter the ${label} in whole months`)
		.min(RETENTION_BOUNDS.months.min, `The ${label} is at least 1 month`)
		.max(RETENTION_BOUNDS.months.max, `The ${label} is at most 120 months`)

/** docs/decisions/0090: how long personal data is kept, by category (the Safeguards Rule, 16 CFR 314.4(c)(6); the TCPA). */
export const retentionPolicySchema = z
	.object({
		leadMonths: retentionMonths('time a lead is kept'),
		contactMonths: retentionMonths('time a contact message is kept'),
		consentYears: z.coerce
			.number({ message: 'Enter the years consent evidence is kept' })
			.int('Enter the years consent evidence is kept in whole years')
			.min(RETENTION_BOUNDS.consentYears.min, 'Consent evidence is kept at least 4 years: a TCPA claim can be brought for 4 years')
			.max(RETENTION_BOUNDS.consentYears.max, 'Consent evidence is kept at most 10 years'),
		/** Why leads or contact messages are kept longer than 24 months; required then. */
		longerReason: optionalText(300),
	})
	.superRefine((policy, context) => {
		const longer = policy.leadMonths > RETENTION_MONTHS_WITHOUT_REASON || policy.contactMonths > RETENTION_MONTHS_WITHOUT_REASON
		if (longer && policy.longerReason.length < 10)
			context.addIssue({
				code: 'custom',
				path: ['longerReason'],
				message:
					'Personal data is disposed of within 24 months unless the business needs it or the law requires it: say why (at least 10 characters)',
			})
	})
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>

export const contentSchemas = {
	company: companySchema,
	hero: heroSchema,
	loanProducts: loanProductsSchema,
	testimonials: testimonialsSchema,
	recentFundings: recentFundingsSchema,
	settings: settingsContentSchema,
	/** docs/decisions/0065: the rate sheet the indicative terms are priced from (docs/pricing-rate-sheet.md). */
	rateSheet: rateSheetSchema,
	retention: retentionPolicySchema,
	/** docs/decisions/0091: what a borrower who made a data request is sent at each step. */
	dataRequestMail: dataRequestMailSchema,
} as const

export type ContentKey = keyof typeof contentSchemas
export type ContentMap = { [K in ContentKey]: z.infer<(typeof contentSchemas)[K]> }
export const contentKeys = Object.keys(contentSchemas) as ContentKey[]
