import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { outbox, rateLimits } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { janeContact, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { type OutgoingMail, composeMail } from './outbox.server.ts'
import { borrowerConfirmationRenderer } from '#app/features/leads/terms/confirmation-mail.server.ts'
import { setStaffMailDetail } from '../../../tests/staff-mail.ts'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(outbox)
	await handle.db.delete(rateLimits)
})

const origin = 'http://localhost:3000'
const bcc = 'Jane\r\nBcc: x@evil.example'
const status = 'Jane\nStatus: Approved'

/** What a mail client would read as a header, or as a line of its own, that the visitor wrote. */
function injectedLines(mail: OutgoingMail) {
	const lines = [mail.subject, mail.replyTo ?? '', ...mail.to, ...mail.text.split('\n')]
	return lines.filter((line) => /^\s*(Bcc|Status):/i.test(line) || /[\r\u2028\u2029]/.test(line))
}

/**
 * What was queued, as it will be sent: a message composed when it is sent (the borrower's confirmation, docs/decisions/0097)
 * is composed here as the worker would.
 */
const queued = async () =>
	Promise.all(
		(await handle.db.select().from(outbox).orderBy(outbox.id)).map(async (row) => {
			const payload = row.payload as OutgoingMail | ({ render: string } & Record<string, unknown>)
			if (!('render' in payload)) return { kind: row.kind, mail: payload }
			const rendered = await borrowerConfirmationRenderer({
				db: handle.db,
				leadTokenKey: services.leadTokenKey,
				baseUrl: services.config.baseUrl,
				company: () => services.content.get('company'),
			})(payload)
			return { kind: row.kind, mail: rendered!.send }
		}),
	)

describe('user text in e-mails stays on its own line', () => {
	test('composeMail folds CR, LF, tab, other controls and line separators in every field to spaces', () => {
		const mail = composeMail({
			to: ['staff@example.com\r\nBcc: x@evil.example'],
			replyTo: 'Jane <jane@example.com>\nBcc: x@evil.example',
			subject: `New lead: ${bcc}\u0085\u2028Status: Approved`,
			lines: [`Name: ${status}`, `Note: a\tb\u0000c\u001bd\u007fe\u009bf\u2029g`, { quoted: 'First line\r\nStatus: Approved\n\nBcc: y' }],
		})
		expect(mail.subject).toBe('New lead: Jane  Bcc: x@evil.example  Status: Approved')
		expect(mail.to).toEqual(['staff@example.com  Bcc: x@evil.example'])
		expect(mail.replyTo).toBe('Jane <jane@example.com> Bcc: x@evil.example')
		expect(mail.text.split('\n')).toEqual([
			'Name: Jane Status: Approved',
			'Note: a b c d e f g',
			'> First line',
			'> Status: Approved',
			'> ',
			'> Bcc: y',
		])
		expect(injectedLines(mail)).toEqual([])
	})

	test('a lead whose name carries "\\r\\nBcc:" is refused; an address carrying it queues e-mails without an injected header or line', async () => {
		const post = (formData: Record<string, unknown>) =>
			handleAppRequest(
				services,
				new Request(`${origin}/api/leads`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', Origin: origin },
					body: JSON.stringify({ formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
				}),
			)
		// docs/decisions/0077: a name holds letters, not "Bcc: x@evil.example".
		const refused = await post({ ...refinanceAnswers, ...janeContact, firstName: bcc, lastName: status })
		expect(refused.status).toBe(422)
		expect(await queued()).toEqual([])
		// The full staff e-mail carries the address (docs/decisions/0089: minimal does not).
		await setStaffMailDetail(services, 'full')
		const response = await post({
			...refinanceAnswers,
			...janeContact,
			propertyFullAddress: `1 Main St\r\nBcc: x@evil.example\nStatus: Approved, Austin, TX 78701`,
		}).finally(() => setStaffMailDetail(services, 'minimal'))
		expect(response.status).toBe(201)
		const mails = await queued()
		expect(mails.map((mail) => mail.kind).sort()).toEqual(['borrower-confirmation', 'notify-new-lead'])
		for (const { kind, mail } of mails) expect(injectedLines(mail), kind).toEqual([])
		// The address is in the staff e-mail, its line breaks folded to spaces.
		expect(mails.some(({ mail }) => mail.text.includes('1 Main St  Bcc: x@evil.example Status: Approved, Austin, TX 78701'))).toBe(true)
	})

	test('a contact message whose name carries "\\r\\nBcc:" is refused; its message queues an e-mail without an injected header or line', async () => {
		const send = (name: string) =>
			handleAppRequest(
				services,
				new Request(`${origin}/contact`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
					body: new URLSearchParams({
						name,
						email: 'jane@example.com',
						phone: '(949) 555-0123',
						message: 'Hello.\nStatus: Approved\r\nBcc: x@evil.example',
					}),
				}),
			)
		// docs/decisions/0077: a name holds letters, not "Bcc: x@evil.example".
		expect((await send(`${bcc} ${status}`)).status).toBe(400)
		expect(await queued()).toEqual([])
		const response = await send('Jane Investor')
		expect(response.status).toBe(200)
		const [queuedMail] = await queued()
		expect(queuedMail!.kind).toBe('contact-message')
		expect(injectedLines(queuedMail!.mail)).toEqual([])
		// The message keeps its lines, each quoted, so none reads as a line of the notification.
		expect(queuedMail!.mail.text).toContain('> Hello.\n> Status: Approved\n> Bcc: x@evil.example')
		expect(queuedMail!.mail.text).toContain('Name: Jane Investor')
		// docs/decisions/0079: the time in the office's zone (the seeded America/New_York), named, not UTC.
		expect(queuedMail!.mail.text).toMatch(/Received: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M E[SD]T/)
	})
})
