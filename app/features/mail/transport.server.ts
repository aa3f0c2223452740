import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { MailTransport } from './outbox.server.ts'

/** Sends through a real SMTP server, over a few reused connections, never waiting on a silent server for long. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
	const url = new URL(smtpUrl)
	const secure = url.protocol === 'smtps:'
	const transporter = nodemailer.createTransport({
		host: url.hostname,
		port: url.port ? Number(url.port) : secure ? 465 : 587,
		secure,
		auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
		pool: true,
		maxConnections: 5,
		maxMessages: 500,
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 20_000,
	})
	return {
		async send(mail) {
			await transporter.sendMail({
				from: mail.from,
				to: mail.to,
				replyTo: mail.replyTo,
				subject: mail.subject,
				text: mail.text,
				messageId: mail.messageId,
			})
		},
	}
}

/** The hidden name a message has while it is written (`.<name>.eml.partial`); readers of the folder skip it. */
const PARTIAL = /^\..+\.partial$/

/** A partial file older than this was left by a process that died mid-write (a write takes milliseconds). */
export const STALE_PARTIAL_MS = 60_000

/**
 * Removes the `.partial` files a killed process left in the mail folder (docs/decisions/0078). Run at start; a file
 * younger than STALE_PARTIAL_MS may be another live process's write (PostgreSQL sites may share DATA_DIR) and stays.
 * Answers how many were removed.
 */
export async function removeStalePartials(mailDir: string, now = Date.now()) {
	const names = await fs.readdir(mailDir).catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'ENOENT') return [] as string[]
		throw error
	})
	let removed = 0
	for (const name of names) {
		if (!PARTIAL.test(name)) continue
		const file = path.join(mailDir, name)
		const stat = await fs.stat(file).catch(() => null)
		if (!stat || now - stat.mtimeMs < STALE_PARTIAL_MS) continue
		await fs.rm(file, { force: true })
		removed++
	}
	return removed
}

/**
 * Without SMTP, each message becomes an .eml file that any mail client opens. It is written under a hidden
 * temporary name, flushed to disk and renamed, so a reader never sees half a message and a power cut never
 * leaves an empty one; a failed write removes its temporary file, and one left by a killed process is removed
 * at the next start (removeStalePartials).
 */
export function createFileTransport(mailDir: string): MailTransport {
	const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	return {
		async send(mail) {
			const info = await builder.sendMail({
				from: mail.from,
				to: mail.to,
				replyTo: mail.replyTo,
				subject: mail.subject,
				text: mail.text,
				messageId: mail.messageId,
			})
			await fs.mkdir(mailDir, { recursive: true })
			const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`
			const partial = path.join(mailDir, `.${name}.partial`)
			try {
				const file = await fs.open(partial, 'wx')
				try {
					await file.writeFile(info.message as Buffer)
					await file.sync()
				} finally {
					await file.close()
				}
				await fs.rename(partial, path.join(mailDir, name))
			} catch (error) {
				await fs.rm(partial, { force: true })
				throw error
			}
		},
	}
}

export function createMailTransport(config: { SMTP_URL?: string; mailDir: string }): MailTransport {
	return config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : createFileTransport(config.mailDir)
}
