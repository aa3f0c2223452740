import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { e2eMailDir } from './e2e-env.ts'

/** Undoes quoted-printable (soft line breaks, =XX escapes) so links read whole. */
export function decodeQuotedPrintable(text: string) {
	return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * The addresses of a message's To header, which may be folded over several lines and list the recipient anywhere
 * (an escalation goes to every manager and admin, in the order the database gives them).
 */
export function recipientsOf(mail: string) {
	const header = /^To: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1] ?? ''
	return header
		.replace(/\r?\n[ \t]+/g, ' ')
		.split(',')
		.map((address) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase())
		.filter((address) => address !== '')
}

/**
 * Waits for the outbox worker to write a message that `matches`, and returns it. Only finished .eml files are read: a
 * message being written is a hidden .partial file until it is renamed, and may vanish between listing and reading.
 */
export async function waitForMailThat(matches: (mail: string) => boolean, description: string, timeout = 15_000) {
	let found = ''
	await expect
		.poll(
			() => {
				if (!fs.existsSync(e2eMailDir)) return false
				for (const file of fs.readdirSync(e2eMailDir).filter((name) => name.endsWith('.eml'))) {
					const mail = decodeQuotedPrintable(fs.readFileSync(path.join(e2eMailDir, file), 'utf8'))
					if (matches(mail)) {
						found = mail
						return true
					}
				}
				return false
			},
			{ timeout, message: description },
		)
		.toBe(true)
	return found
}

/** Waits for the outbox worker to write a message to this recipient whose text matches, and returns it. */
export function waitForMail(recipient: string, match: RegExp, timeout = 15_000) {
	return waitForMailThat(
		(mail) => recipientsOf(mail).includes(recipient.toLowerCase()) && match.test(mail),
		`an e-mail to ${recipient} matching ${match}`,
		timeout,
	)
}
