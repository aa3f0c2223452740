import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'

const optionalText = z
	.string()
	.trim()
	.transform((value) => (value === '' ? undefined : value))
	.optional()

const optionalUrl = (protocols: string[], hint: string) =>
	optionalText.refine((value) => value === undefined || isUrlWithProtocol(value, protocols), { message: hint })

/** A host name, an IP address or a CIDR range (WEBHOOK_ALLOWED_HOSTS). */
function isHostOrCidr(entry: string) {
	const [address, prefix, ...rest] = entry.split('/')
	if (rest.length > 0 || !address) return false
	const family = net.isIP(address)
	if (prefix !== undefined) {
		if (family === 0 || !/^\d{1,3}$/.test(prefix)) return false
		return Number(prefix) <= (family === 4 ? 32 : 128)
	}
	return family !== 0 || /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(address)
}

function isUrlWithProtocol(value: string, protocols: string[]) {
	try {
		return protocols.includes(new URL(value).protocol)
	} catch {
		return false
	}
}

export const configSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
	PORT: z.coerce
		.number({ message: 'PORT must be a whole number between 1 and 65535' })
		.int('PORT must be a whole number between 1 and 65535')
		.min(1, 'PORT must be a whole number between 1 and 65535')
		.max(65535, 'PORT must be a whole number between 1 and 65535')
		.default(3000),
	HOST: z.string().trim().min(1).default('0.0.0.0'),
	DATA_DIR: z.string().trim().min(1).default('./data'),
	BUILD_DIR: z.string().trim().min(1).default('build'),
	DATABASE_URL: optionalUrl(
		['postgres:', 'postgresql:'],
		'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
	),
	BASE_URL: optionalUrl(['http:', 'https:'], 'BASE_URL must be an http:// or https:// URL, e.g. https://www.example.com'),
	SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465'),
	MAIL_FROM: z.string().trim().min(3).default('Example Lending <no-reply@example.com>'),
	TRUST_PROXY: z.coerce
		.number({ message: 'TRUST_PROXY must be the number of proxies in front of the app (0 when none)' })
		.int()
		.min(0, 'TRUST_PROXY must be 0 or more')
		.default(0),
	/** Quote requests accepted per hour from one IP address (0 turns the lead limits off); docs/decisions/0026. */
	LEAD_RATE_LIMIT_PER_HOUR: z.coerce
		.number({ message: 'LEAD_RATE_LIMIT_PER_HOUR must be a whole number (0 turns the limit off)' })
		.int('LEAD_RATE_LIMIT_PER_HOUR must be a whole number (0 turns the limit off)')
		.min(0, 'LEAD_RATE_LIMIT_PER_HOUR must be 0 or more')
		.default(60),
	/** Contact-form messages accepted per 10 minutes from one IP address (the end-to-end server raises it, docs/decisions/0117). */
	CONTACT_RATE_LIMIT_PER_10_MINUTES: z.coerce
		.number({ message: 'CONTACT_RATE_LIMIT_PER_10_MINUTES must be a whole number of 1 or more' })
		.int('CONTACT_RATE_LIMIT_PER_10_MINUTES must be a whole number of 1 or more')
		.min(1, 'CONTACT_RATE_LIMIT_PER_10_MINUTES must be 1 or more')
		.default(5),
	/** PostgreSQL: a statement running longer is cancelled; a connection silent 2 s longer is dropped (a 503, never a hang). */
	DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
		.number({ message: 'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds' })
		.int('DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds')
		.min(500, 'DATABASE_STATEMENT_TIMEOUT_MS must be at least 500')
		.default(10_000),
	/** docs/decisions/0068: webhook endpoints may use plain http:// (local receivers); https only otherwise. */
	WEBHOOK_ALLOW_HTTP: z
		.enum(['true', 'false', '1', '0', ''], { message: 'WEBHOOK_ALLOW_HTTP must be true or false' })
		.default('false')
		.transform((value) => value === 'true' || value === '1'),
	/**
	 * docs/decisions/0068: private, loopback or link-local receivers allowed anyway: comma-separated host names
	 * (exact), IP addresses and CIDR ranges (10.0.0.0/8, fd00::/8). Unset: webhooks only reach public addresses.
	 */
	WEBHOOK_ALLOWED_HOSTS: z
		.string()
		.default('')
		.transform((value) =>
			value
				.split(',')
				.map((entry) => entry.trim().toLowerCase())
				.filter(Boolean),
		)
		.refine((entries) => entries.every(isHostOrCidr), {
			message: 'WEBHOOK_ALLOWED_HOSTS must be host names, IP addresses or CIDR ranges separated by commas',
		}),
	/**
	 * docs/decisions/0070: where HubSpot endpoints submit their forms. Unset: HubSpot's own host; set it only for a
	 * proxy in front of HubSpot or a test receiver (plain http:// needs WEBHOOK_ALLOW_HTTP as well).
	 */
	HUBSPOT_FORMS_API_URL: optionalUrl(['http:', 'https:'], 'HUBSPOT_FORMS_API_URL must be an https:// URL, e.g. https://api.hsforms.com'),
	/** Webhook deliveries one process posts at once (a receiver that hangs holds one of them for up to 15 s). */
	WEBHOOK_CONCURRENCY: z.coerce
		.number({ message: 'WEBHOOK_CONCURRENCY must be a whole number from 1 to 64' })
		.int('WEBHOOK_CONCURRENCY must be a whole number from 1 to 64')
		.min(1, 'WEBHOOK_CONCURRENCY must be a whole number from 1 to 64')
		.max(64, 'WEBHOOK_CONCURRENCY must be a whole number from 1 to 64')
		.default(4),
	/**
	 * docs/decisions/0111: texts (assignment alerts) go through Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
	 * TWILIO_FROM are set together; otherwise each is written to DATA_DIR/sms. TWILIO_FROM: the sending number (E.164)
	 * or a Messaging Service SID (MG...).
	 */
	TWILIO_ACCOUNT_SID: optionalText.refine((value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value), {
		message: 'TWILIO_ACCOUNT_SID must be the Account SID from the Twilio console: AC followed by 32 hexadecimal characters',
	}),
	TWILIO_AUTH_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
		message: 'TWILIO_AUTH_TOKEN must be the Auth Token from the Twilio console (32 characters)',
	}),
	TWILIO_FROM: optionalText.refine((value) => value === undefined || /^\+[1-9]\d{6,14}$/.test(value) || /^MG[0-9a-fA-F]{32}$/.test(value), {
		message: 'TWILIO_FROM must be a phone number in E.164 form (+19495550123) or a Messaging Service SID (MG...)',
	}),
	/** Unset: Twilio's own API; set it only for a proxy in front of Twilio or a test receiver. */
	TWILIO_API_URL: optionalUrl(['http:', 'https:'], 'TWILIO_API_URL must be an http:// or https:// URL, e.g. https://api.twilio.com'),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	GOOGLE_PLACES_API_KEY: optionalText,
	/** The scheduling page embedded on the long thank-you step (https). */
	SCHEDULING_URL: optionalUrl(['https:'], 'SCHEDULING_URL must be an https:// URL of your scheduling page'),
	ADMIN_EMAIL: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
		message: 'ADMIN_EMAIL must be an e-mail address',
	}),
	ADMIN_PASSWORD: optionalText,
	/** E-mails (comma-separated) that get the admin role when they sign in. */
	ADMIN_EMAILS: z
		.string()
		.default('')
		.transform((value) =>
			value
				.split(',')
				.map((email) => email.trim().toLowerCase())
				.filter(Boolean),
		)
		.refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
			message: 'ADMIN_EMAILS must be e-mail addresses separated by commas',
		}),
	/** Signs session cookies; unset, a random secret is generated once and kept in the database. */
	AUTH_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
		message: 'AUTH_SECRET must be at least 32 characters',
	}),
	// Used once, when the content is first seeded; afterwards staff edit it in the dashboard.
	COMPANY_NAME: optionalText,
	COMPANY_PHONE: optionalText,
	COMPANY_EMAIL: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
		message: 'COMPANY_EMAIL must be an e-mail address',
	}),
	APPLICATION_HOST: optionalText,
	// Uploaded images go to this S3-compatible bucket when all of S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
	// S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL are set; otherwise to DATA_DIR/uploads.
	S3_BUCKET: optionalText,
	S3_REGION: optionalText,
	/** Unset for AWS itself; the address of another S3-compatible service (R2, MinIO, ...). */
	S3_ENDPOINT: optionalUrl(
		['http:', 'https:'],
		'S3_ENDPOINT must be the http:// or https:// address of the S3-compatible service, e.g. https://s3.eu-central-1.wasabisys.com',
	),
	S3_ACCESS_KEY_ID: optionalText,
	S3_SECRET_ACCESS_KEY: optionalText,
	/** The pages only load images over https (see the CSP in security-headers.ts). */
	S3_PUBLIC_URL: optionalUrl(
		['https:'],
		"S3_PUBLIC_URL must be the https:// address the bucket's files are publicly served from, e.g. https://images.example.com",
	),
})

export type RawConfig = z.infer<typeof configSchema>

export type AppConfig = RawConfig & {
	baseUrl: string
	dataDir: string
	mailDir: string
	/** docs/decisions/0111: where texts are written when Twilio is not configured. */
	smsDir: string
	isProduction: boolean
}

export class ConfigError extends Error {
	readonly problems: string[]
	constructor(problems: string[]) {
		super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
		this.name = 'ConfigError'
		this.problems = problems
	}
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
	const parsed = configSchema.safeParse(env)
	if (!parsed.success) {
		throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`))
	}
	const raw = parsed.data
	if ((raw.ADMIN_EMAIL === undefined) !== (raw.ADMIN_PASSWORD === undefined)) {
		throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)'])
	}
	const s3Required = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const
	const s3Missing = s3Required.filter((name) => raw[name] === undefined)
	if (s3Missing.length > 0 && (s3Missing.length < s3Required.length || raw.S3_ENDPOINT !== undefined)) {
		throw new ConfigError([`S3 uploads need ${s3Required.join(', ')} set together; missing: ${s3Missing.join(', ')}`])
	}
	if (raw.HUBSPOT_FORMS_API_URL?.startsWith('http:') && !raw.WEBHOOK_ALLOW_HTTP) {
		throw new ConfigError(['HUBSPOT_FORMS_API_URL: a plain http:// address needs WEBHOOK_ALLOW_HTTP=true'])
	}
	const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const
	const twilioMissing = twilio.filter((name) => raw[name] === undefined)
	if (twilioMissing.length > 0 && twilioMissing.length < twilio.length) {
		throw new ConfigError([`Texts through Twilio need ${twilio.join(', ')} set together; missing: ${twilioMissing.join(', ')}`])
	}
	const dataDir = path.resolve(raw.DATA_DIR)
	return {
		...raw,
		baseUrl: (raw.BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
		dataDir,
		mailDir: path.join(dataDir, 'mail'),
		smsDir: path.join(dataDir, 'sms'),
		isProduction: raw.NODE_ENV === 'production',
	}
}
