import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/** One text message: to an E.164 number, a body of plain text. `id` is the same on every attempt of one outbox row. */
export type TextMessage = { to: string; body: string; id: string }

/** docs/decisions/0111: how texts leave the app, whichever provider sends them (as MailTransport is for e-mail). */
export type SmsTransport = {
	readonly name: 'twilio' | 'file'
	send(message: TextMessage): Promise<void>
}

export type TwilioOptions = {
	accountSid: string
	authToken: string
	/** A sending number (E.164) or a Messaging Service SID (MG...). */
	from: string
	/** Twilio's API unless told (a test receiver, a proxy). */
	apiUrl?: string
	timeoutMs?: number
}

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, with HTTP basic auth (Account SID and Auth Token). Any answer but 2xx is a failure the
 * outbox retries; Twilio's own message is kept in the error (never the token).
 */
export function createTwilioTransport(options: TwilioOptions): SmsTransport {
	const base = (options.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')
	const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
	const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`
	return {
		name: 'twilio',
		async send(message) {
			const form = new URLSearchParams({ To: message.to, Body: message.body })
			if (options.from.startsWith('MG')) form.set('MessagingServiceSid', options.from)
			else form.set('From', options.from)
			const response = await fetch(url, {
				method: 'POST',
				headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
				body: form,
				redirect: 'error',
				signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
			})
			if (response.ok) {
				await response.body?.cancel()
				return
			}
			const text = (await response.text().catch(() => '')).slice(0, 300)
			let detail = text
			try {
				const parsed = JSON.parse(text) as { code?: unknown; message?: unknown }
				detail = `${String(parsed.code ?? '')} ${String(parsed.message ?? '')}`.trim()
			} catch {}
			throw new Error(`Twilio answered ${response.status}${detail ? `: ${detail}` : ''}`)
		},
	}
}

/**
 * Without Twilio each text becomes a .txt file in DATA_DIR/sms (as mail becomes .eml files in DATA_DIR/mail),
 * written under a hidden name and renamed, so a reader never sees half of one.
 */
export function createFileSmsTransport(smsDir: string): SmsTransport {
	return {
		name: 'file',
		async send(message) {
			await fs.mkdir(smsDir, { recursive: true })
			const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.txt`
			const partial = path.join(smsDir, `.${name}.partial`)
			try {
				await fs.writeFile(partial, `To: ${message.to}\nMessage-ID: ${message.id}\n\n${message.body}\n`, { flag: 'wx' })
				await fs.rename(partial, path.join(smsDir, name))
			} catch (error) {
				await fs.rm(partial, { force: true })
				throw error
			}
		},
	}
}

/** Twilio when configured (all three of its variables are set together, server/config.ts), else the file transport. */
export function createSmsTransport(config: {
	TWILIO_ACCOUNT_SID?: string
	TWILIO_AUTH_TOKEN?: string
	TWILIO_FROM?: string
	TWILIO_API_URL?: string
	smsDir: string
}): SmsTransport {
	const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = config
	return accountSid && authToken && from
		? createTwilioTransport({ accountSid, authToken, from, apiUrl: config.TWILIO_API_URL })
		: createFileSmsTransport(config.smsDir)
}
