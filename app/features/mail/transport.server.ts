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

/**
 * Without SMTP, each message becomes an .eml file that any mail client opens. It is written under a
 * temporary name and renamed, so a process killed mid-write never leaves a partial message behind.
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
			await fs.writeFile(partial, info.message as Buffer)
			await fs.rename(partial, path.join(mailDir, name))
		},
	}
}

export function createMailTransport(config: { SMTP_URL?: string; mailDir: string }): MailTransport {
	return config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : createFileTransport(config.mailDir)
}
