import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { contentVersions, leads, outbox, rateLimits } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { createFileTransport } from '#app/features/mail/transport.server.ts'
import type { OutgoingMail } from '#app/features/mail/outbox.server.ts'
import { action as createLeadApi } from '#app/routes/api/leads.ts'
import { action as completeLongFormApi } from '#app/routes/api/leads.long-form.ts'
import { action as leadsAction } from '#app/routes/dashboard/leads.tsx'
import { action as settingsAction } from '#app/routes/dashboard/settings.tsx'
import { longFormAnswers, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../../tests/staff-session.ts'
import { testActor } from '../../../../tests/lead-test-data.ts'
import { escalateUntouchedLeads } from './lead-escalation.server.ts'
import { saveRoutingSettings } from './lead-routing.server.ts'

/**
 * docs/decisions/0089: staff e-mail carries the minimum. Each staff e-mail about a lead (new lead, long form, a
 * manager's assignment, the owner's long-form copy, the escalation) is made by the real paths and rendered as the
 * mailbox receives it (the .eml of the file transport: headers, text and any HTML part); a minimal one carries none
 * of the borrower's e-mail, phone, property address or answers, and a full one does.
 */
let handle: DatabaseHandle
let services: AppServices
let admin: Awaited<ReturnType<typeof signedInStaff>>
let manager: Awaited<ReturnType<typeof signedInStaff>>
let officer: Awaited<ReturnType<typeof signedInStaff>>
let mailDir: string
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	admin = await signedInStaff(services, ['admin'])
	manager = await signedInStaff(services, ['moderator'])
	officer = await signedInStaff(services, ['user'])
	mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staff-mail-'))
})
afterAll(async () => {
	await handle.close()
	await fs.rm(mailDir, { recursive: true, force: true })
})
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits]) await handle.db.delete(table)
	await saveRoutingSettings(handle.db, testActor(), { autoAssign: false, escalationMinutes: 15 })
})

const borrower = {
	firstName: 'Marisol',
	lastName: 'Quintanilla',
	email: 'marisol.quintanilla@example.com',
	phone: '(949) 555-0188',
}
/** What no minimal staff e-mail may carry: the contact details, the property's address and the answers. */
const personal = [
	'Quintanilla',
	'marisol.quintanilla',
	'555-0188',
	'5550188',
	'100 Main St',
	'Austin',
	'78701',
	'$750,000',
	'$200,000',
	'740-759',
	'$3,200',
	'9 Oak Ave',
	'Refinance into a portfolio loan',
	'Tenant in place until 2027',
]

function post(action: (args: never) => Promise<unknown>, url: string, cookie: string, fields: Record<string, string>) {
	const request = staffRequest(`http://localhost:3000${url}`, cookie, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	})
	return action({ request, context: routeContext(services), params: {} } as never) as Promise<{ data: any; init: ResponseInit | null }>
}

const settingsForm = (fields: Record<string, string>) => ({
	intent: 'save',
	siteDescription: 'Investor loans nationwide.',
	adminEmail: 'desk@example.com',
	enableNotifications: 'on',
	requireTwoFactor: 'on',
	...fields,
})

const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify(body),
	})

/** The staff e-mails of one lead's life: new lead, assignment, long form (managers and owner), escalation. */
async function staffMailsOfOneLead() {
	const formData: LoanFormData = { ...refinanceAnswers, ...borrower }
	const created = (await createLeadApi({
		request: json('/api/leads', { formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION }),
		context: routeContext(services, { clientIp: '198.51.100.88' }),
		params: {},
	} as never)) as Response
	expect(created.status).toBe(201)
	const { id, token } = (await created.json()) as { id: string; token: string }
	const assigned = await post(leadsAction as never, '/dashboard/leads', manager.cookie, {
		intent: 'assign',
		leadId: id,
		assigneeId: officer.user.id,
	})
	expect(assigned.init?.status ?? 200).toBe(200)
	const completed = (await completeLongFormApi({
		request: json(`/api/leads/${id}/long-form`, { formData: { ...formData, ...longFormAnswers } }, { Authorization: `Bearer ${token}` }),
		context: routeContext(services),
		params: { id },
	} as never)) as Response
	expect(completed.status).toBe(200)
	await handle.db.update(leads).set({ createdAt: sql`now() - interval '20 minutes'` }).where(eq(leads.id, id))
	const settings = await services.content.get('settings')
	expect(
		await escalateUntouchedLeads(handle.db, {
			baseUrl: 'http://localhost:3000',
			fallbackEmail: async () => 'desk@example.com',
			detail: async () => settings.staffMail.detail,
		}),
	).toBe(1)
	// Staff e-mail only: the borrower's confirmations (docs/decisions/0097) go to the borrower.
	const rows = await handle.db.select().from(outbox).where(ne(outbox.kind, 'borrower-confirmation'))
	const kinds = ['notify-new-lead', 'notify-assigned-lead', 'notify-long-form', 'notify-long-form-officer', 'lead-escalation']
	expect(rows.map((row) => row.kind).sort()).toEqual([...kinds].sort())
	const mails: Array<{ kind: string; rendered: string }> = []
	for (const row of rows) mails.push({ kind: row.kind, rendered: await render(row.payload as OutgoingMail) })
	return { id, mails }
}

/** Undoes quoted-printable (soft line breaks, =XX escapes), as a mail client shows the text. */
const decodeQuotedPrintable = (text: string) =>
	text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** The message as the mailbox receives it: the file transport's .eml (every header and every part), decoded. */
async function render(mail: OutgoingMail) {
	const dir = await fs.mkdtemp(path.join(mailDir, 'message-'))
	await createFileTransport(dir).send({ ...mail, from: 'Lender <no-reply@example.com>', messageId: '<test@example.com>' })
	const [file] = await fs.readdir(dir)
	return decodeQuotedPrintable(await fs.readFile(path.join(dir, file!), 'utf8'))
}

/** The HTML parts of a rendered message (staff e-mail has none today; a part added later is checked the same way). */
const htmlParts = (rendered: string) => rendered.split(/Content-Type: text\/html/i).slice(1)

describe('minimal, the default', () => {
	test('every staff e-mail names the first name, program and state and links to the lead; no contact, address or answer', async () => {
		expect((await services.content.get('settings')).staffMail).toEqual({ detail: 'minimal' })
		const { id, mails } = await staffMailsOfOneLead()
		for (const { kind, rendered } of mails) {
			expect(rendered, kind).toContain('Marisol')
			expect(rendered, kind).toContain('DSCR')
			expect(rendered, kind).toContain('State: Texas')
			expect(rendered, kind).toContain(`http://localhost:3000/dashboard/leads?lead=${id}`)
			for (const value of personal) expect(rendered, `${kind} carries ${value}`).not.toContain(value)
			// Not in a header either: no Reply-To to the borrower.
			expect(rendered, kind).not.toMatch(/^Reply-To:/im)
			expect(htmlParts(rendered), kind).toEqual([])
		}
	})
})

describe('full, switched on with a reason', () => {
	test('full is refused without a typed reason, and the minimal setting stays', async () => {
		const refused = await post(settingsAction as never, '/dashboard/settings', admin.cookie, settingsForm({ staffMailDetail: 'full' }))
		expect(refused.init?.status).toBe(400)
		expect(refused.data.errors.staffMailReason).toMatch(/Type why staff e-mail must carry/)
		const short = await post(
			settingsAction as never,
			'/dashboard/settings',
			admin.cookie,
			settingsForm({ staffMailDetail: 'full', staffMailReason: 'needed' }),
		)
		expect(short.init?.status).toBe(400)
		expect((await services.content.get('settings')).staffMail).toEqual({ detail: 'minimal' })
	})

	test('with a reason, the setting keeps who, when and why (also the note of its version), and every e-mail is full', async () => {
		const reason = 'Our LOS import reads the phone from the e-mail until the CRM sync ships'
		const saved = await post(
			settingsAction as never,
			'/dashboard/settings',
			admin.cookie,
			settingsForm({ staffMailDetail: 'full', staffMailReason: reason }),
		)
		expect(saved.init?.status ?? 200).toBe(200)
		const setting = (await services.content.get('settings')).staffMail
		expect(setting).toMatchObject({ detail: 'full', reason, by: admin.email })
		expect(Date.now() - new Date((setting as { at: string }).at).getTime()).toBeLessThan(60_000)
		const [version] = await handle.db
			.select()
			.from(contentVersions)
			.where(eq(contentVersions.key, 'settings'))
			.orderBy(sql`${contentVersions.version} desc`)
			.limit(1)
		expect(version).toMatchObject({ createdBy: admin.email, note: `Staff e-mail set to full details. Reason: ${reason}` })

		const { mails } = await staffMailsOfOneLead()
		for (const { kind, rendered } of mails) {
			expect(rendered, kind).toContain('Quintanilla')
			if (kind === 'lead-escalation') continue // the escalation never listed contact details; it names the person whole
			expect(rendered, kind).toContain('marisol.quintanilla@example.com')
			expect(rendered, kind).toContain('(949) 555-0188')
			expect(rendered, kind).toContain('100 Main St, Austin, TX 78701')
			expect(rendered, kind).toMatch(/^Reply-To: marisol\.quintanilla@example\.com/im)
		}
		const longForm = mails.find((mail) => mail.kind === 'notify-long-form')!.rendered
		expect(longForm).toContain('Refinance into a portfolio loan')

		// Saving other settings again keeps the reason's who and when; switching back to minimal is recorded too.
		await post(
			settingsAction as never,
			'/dashboard/settings',
			admin.cookie,
			settingsForm({ staffMailDetail: 'full', staffMailReason: reason }),
		)
		expect((await services.content.get('settings')).staffMail).toEqual(setting)
		await post(settingsAction as never, '/dashboard/settings', admin.cookie, settingsForm({ staffMailDetail: 'minimal' }))
		expect((await services.content.get('settings')).staffMail).toEqual({ detail: 'minimal' })
	})

	test('only an admin changes it (a sales manager is refused before anything is read)', async () => {
		const thrown = await post(
			settingsAction as never,
			'/dashboard/settings',
			manager.cookie,
			settingsForm({ staffMailDetail: 'full', staffMailReason: 'A manager would like the phone numbers' }),
		).catch((error: Response) => error)
		expect((thrown as Response).status).toBe(403)
		expect((await services.content.get('settings')).staffMail).toEqual({ detail: 'minimal' })
	})
})
