import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { contactMessages } from '#db/schema.ts'
import { recordActivity } from '#app/features/activity/activity-log.server.ts'
import { DEFAULT_DATA_REQUEST_MAIL } from '#app/features/content/data-request-mail.ts'
import type { MailContext } from '#app/features/data-requests/data-requests.server.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { insertTestLead } from './lead-test-data.ts'

export const mailContext: MailContext = { templates: DEFAULT_DATA_REQUEST_MAIL, company: 'Test Lending' }

let serial = 0

/**
 * One borrower's footprint across everything the site holds, for the data-request tests: two quote requests (one by
 * the same Gmail mailbox written differently, one by phone only), a contact message, consent evidence, e-mails, a
 * webhook delivery, activity entries, a staff note and a task's note. `tag` keeps several borrowers of one test file apart.
 */
export async function seedBorrower(db: Database, name?: string) {
	const n = ++serial
	const tag = name ?? String(n)
	const email = `jane.doe${tag}@gmail.com`
	const phone = `+1949555${String(1000 + n).slice(-4)}`
	const byEmail = await insertTestLead(db, {
		firstName: 'Jane',
		lastName: `Doe${tag}`,
		email: `JaneDoe${tag}@gmail.com`,
		phone: '+19495550999',
	})
	const byPhone = await insertTestLead(db, { firstName: 'J', lastName: `Doe${tag}`, email: `jd${tag}@work.example`, phone })
	const [message] = await db
		.insert(contactMessages)
		.values({ name: `Jane Doe${tag}`, email, phone: '(212) 555-0100', message: 'Call me about a DSCR loan' })
		.returning()
	for (const lead of [byEmail, byPhone])
		await db.execute(sql`insert into lead_consents (lead_id, consent_text, consent_version, consent_hash, ip_address, page_url)
			values (${lead.id}, 'I agree to be contacted', 'v1', 'hash', '198.51.100.7', 'https://lender.example/fast-quote')`)
	// docs/decisions/0107: what staff wrote about the borrower: a note on the lead and a follow-up task's note.
	await db.execute(sql`insert into lead_notes (lead_id, author_id, author_name, body)
		values (${byEmail.id}, 'officer', 'Olive Officer', ${`Jane Doe${tag} wants a 30-year fixed`})`)
	await db.execute(sql`insert into lead_tasks (lead_id, kind, due_at, note, assigned_to)
		values (${byEmail.id}, 'call_back', now() + interval '1 day', 'Call Jane after 5pm', null)`)
	// docs/decisions/0123: a funded loan recorded while the lead was Closed (the closing then fell through: it keeps it).
	await db.execute(sql`insert into lead_fundings (lead_id, amount, rate, points, funded_on, recorded_by)
		values (${byEmail.id}, 450000, 7.125, 1, current_date, 'officer')`)
	const mailToBorrower = await enqueueMail(db, 'borrower-terms', {
		to: [`JaneDoe${tag}@gmail.com`],
		subject: 'Your terms',
		lines: ['Hello Jane'],
	})
	const staffMail = await enqueueMail(db, 'new-lead', {
		to: ['officer@example.com'],
		subject: 'New lead',
		lines: ['Jane, DSCR, FL', `https://lender.example/dashboard/leads?lead=${byPhone.id}`],
	})
	const endpoint = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
	await db.execute(sql`insert into webhook_endpoints (id, url, event_types, secret_encrypted)
		values (${endpoint}, 'https://crm.example/hook', '{lead.created}', 'v1.x')`)
	await db.execute(sql`insert into webhook_events (id, type, lead_id, payload)
		values (${`msg_${tag}`}, 'lead.created', ${byEmail.id}, ${JSON.stringify({ data: { lead: { email: byEmail.email } } })})`)
	await db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, status) values (${endpoint}, ${`msg_${tag}`}, 'delivered')`)
	const actor = { id: 'officer', email: 'officer@example.com', roles: 'user', ip: null, userAgent: null }
	await recordActivity(db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: byEmail.id })
	await recordActivity(
		db,
		actor,
		{ type: 'lead.status_changed', details: { from: 'new', to: 'contacted' } },
		{ kind: 'lead', id: byPhone.id },
	)
	return { email, phone, byEmail, byPhone, message: message!, mailToBorrower, staffMail }
}
