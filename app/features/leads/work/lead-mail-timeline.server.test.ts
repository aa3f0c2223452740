import { eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads, outbox } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { testActor } from '../../../../tests/lead-test-data.ts'
import { handle, newLead, purpose, quote, setUpLeadTerms } from '../../../../tests/lead-terms-harness.ts'
import { deleteLeads } from './delete-leads.server.ts'
import { getLeadDetails } from './lead-details.server.ts'
import { leadTimeline } from './lead-timeline-items.ts'

// docs/decisions/0113: the e-mails sent about a lead are on its timeline, and only on its own.
setUpLeadTerms()

const admin = testActor()
const kindsOf = async (leadId: string) => ((await getLeadDetails(handle.db, admin, leadId))?.mails ?? []).map((mail) => mail.kind).sort()

describe('e-mails about a lead on its timeline', () => {
	test('what the intake and the chosen terms queue names its lead; another lead’s mail is not on its timeline', async () => {
		const jane = await newLead()
		const john = await newLead({
			...refinanceAnswers,
			firstName: 'John',
			lastName: 'Other',
			email: 'john@example.com',
			phone: '(212) 555-0199',
		})
		await purpose(jane.id, jane.token)
		const chosen = await quote(jane.id, jane.token, {
			event: 'chosen',
			refinements: { ficoBand: '740-759' },
			choice: { prepayment: '3-2-1', points: 1 },
		})
		expect(chosen.status).toBe(200)
		expect(await kindsOf(jane.id)).toEqual(['borrower-confirmation', 'borrower-terms', 'notify-chosen-terms', 'notify-new-lead'])
		expect(await kindsOf(john.id)).toEqual(['borrower-confirmation', 'notify-new-lead'])
		// Every message queued here is about one of the two leads, and says which.
		expect(await handle.db.select({ kind: outbox.kind }).from(outbox).where(isNull(outbox.leadId))).toEqual([])
		const details = (await getLeadDetails(handle.db, admin, jane.id))!
		const lines = leadTimeline(details).filter((item) => item.kind === 'mail')
		expect(lines).toHaveLength(4)
		// What the timeline reads: kind, channel, subject and state, never the body or the addresses.
		expect(Object.keys(details.mails[0]!).sort()).toEqual(['channel', 'createdAt', 'id', 'kind', 'status', 'subject'])
		expect(details.mails.find((mail) => mail.kind === 'borrower-terms')).toMatchObject({ status: 'pending', channel: 'email' })
		// Each is named by its subject as composed, never by whom it went to; the confirmation is composed when it is
		// sent (docs/decisions/0097), so it has none yet.
		expect(Object.fromEntries(details.mails.map((mail) => [mail.kind, mail.subject]))).toEqual({
			'borrower-confirmation': null,
			'borrower-terms': 'Your indicative terms from Example Lending Co.',
			'notify-chosen-terms': 'Terms chosen: Jane (DSCR)',
			'notify-new-lead': 'New lead: Jane (DSCR)',
		})
	})

	test('a mail about no lead is on no timeline; a deleted lead leaves its mail copies, unlinked', async () => {
		const lead = await newLead()
		await enqueueMail(handle.db, 'contact-message', { to: ['team@lender.example'], subject: 'New contact message', lines: ['Hello'] })
		expect(await kindsOf(lead.id)).toEqual(['borrower-confirmation', 'notify-new-lead'])
		expect(await deleteLeads(handle.db, admin, [lead.id])).toBe(1)
		expect(await handle.db.select().from(leads).where(eq(leads.id, lead.id))).toEqual([])
		const left = await handle.db.execute(sql`select kind, lead_id from outbox order by kind`)
		expect((left as unknown as { rows: unknown[] }).rows).toEqual([
			{ kind: 'borrower-confirmation', lead_id: null },
			{ kind: 'contact-message', lead_id: null },
			{ kind: 'notify-new-lead', lead_id: null },
		])
	})
})
