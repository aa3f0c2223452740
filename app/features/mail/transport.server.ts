import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { MailTransport } from './outbox.server.ts'

/** Sends through a real SMTP server. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
	const transporter = nodemailer.createTransport(smtpUrl)
	return {
		async send(mail) {
			await transporter.sendMail({
				from: mail.from,
				to: mail.to,
				replyTo: mail.replyTo,
				subject: mail.subject,
				text: mail.text,
			})
		},
	}
}

/** Without SMTP, each message becomes an .eml file that any mail client opens. */
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
			})
			await fs.mkdir(mailDir, { recursive: true })
			const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`
			await fs.writeFile(path.join(mailDir, name), info.message as Buffer)
		},
	}
}

export function createMailTransport(config: { SMTP_URL?: string; mailDir: string }): MailTransport {
	return config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : createFileTransport(config.mailDir)
}
