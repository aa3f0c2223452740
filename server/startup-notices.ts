import { like } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema.ts'
import type { AppConfig } from './config.ts'

export type StartupNotice = { level: 'info' | 'warn'; message: string }

/** Whether an account with the admin role exists (roles are stored comma-separated, docs/decisions/0034). */
async function adminExists(db: Database) {
	const [row] = await db.select({ id: users.id }).from(users).where(like(users.role, '%admin%')).limit(1)
	return row !== undefined
}

/**
 * What an operator needs to hear once at start (docs/decisions/0078): how to make the first staff account while none
 * exists, and in production what this machine keeps that another would not see (mail and uploads without SMTP and
 * S3), a proxy setting anyone can bypass, and a secret that must not change later.
 */
export async function startupNotices(config: AppConfig, db: Database): Promise<StartupNotice[]> {
	const notices: StartupNotice[] = []
	if (!(await adminExists(db))) {
		notices.push({
			level: 'warn',
			message:
				'No admin account exists yet, so nobody can sign in at /login. Start once with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD="a long passphrase" (README, "Set up"), or stop the server and run: npm run user:create -- --email you@example.com --password "a long passphrase" --role admin',
		})
	}
	if (!config.isProduction) return notices
	if (!config.SMTP_URL) {
		notices.push({
			level: 'warn',
			message: `SMTP_URL is not set: no e-mail leaves this machine. Every message (new leads, password resets, invitations) is written as a file to ${config.mailDir} on this machine only.`,
		})
	}
	if (!config.S3_BUCKET) {
		notices.push({
			level: 'info',
			message: `S3 is not configured: uploaded images are kept in ${config.dataDir}/uploads on this machine only; with more than one machine, set the S3_* variables.`,
		})
	}
	if (!config.AUTH_SECRET) {
		notices.push({
			level: 'warn',
			message:
				'AUTH_SECRET is not set: a secret generated once is kept in the database. Set AUTH_SECRET before webhooks or HubSpot are set up: changing it later makes their stored secrets and tokens unreadable.',
		})
	}
	if (config.TRUST_PROXY > 0 && config.HOST !== '127.0.0.1' && config.HOST !== '::1' && config.HOST !== 'localhost') {
		notices.push({
			level: 'info',
			message: `TRUST_PROXY is set and the server listens on ${config.HOST}: anyone who reaches port ${config.PORT} directly chooses the IP address the rate limits see. Set HOST=127.0.0.1 (the proxy on this machine) or let a firewall admit only the proxy.`,
		})
	}
	return notices
}
