import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import type { Database } from '#db/client.ts'
import type { Logger } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { can } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { assignLead, claimLead, logLeadContact } from './assign-lead.server.ts'
import { ASSIGNMENT_MESSAGES, assignLeadSchema, claimLeadSchema, logContactSchema } from '../model/lead-assignment.ts'
import { createManualLead } from './create-manual-lead.server.ts'
import { findLeadInScope } from './lead-access.server.ts'
import { deleteLeads } from './delete-leads.server.ts'
import {
	LEAD_INTENTS,
	type LeadActionResult,
	type LeadIntent,
	createLeadSchema,
	deleteLeadsSchema,
	leadNotesSchema,
	leadStatusSchema,
} from './lead-admin-schema.ts'
import { LEAD_MESSAGES, deletedMessage } from './lead-messages.ts'
import { saveLeadNotes } from './save-lead-notes.server.ts'
import { updateLeadStatus } from './update-lead-status.server.ts'

type Answer = { status: number; body: LeadActionResult }

const text = (form: FormData, name: string) => {
	const value = form.get(name)
	return typeof value === 'string' ? value : undefined
}

/** Under the action's message, when working the lead took it from the pool (docs/decisions/0043). */
const takenNote = (work: { taken: boolean }) => (work.taken ? { description: ASSIGNMENT_MESSAGES.takenByWork } : {})

const refused = (intent: LeadIntent | null, error: string, status = 400): Answer => ({ status, body: { ok: false, intent, error } })

/** The intents that work on one lead, named by the form's `leadId`. */
const ONE_LEAD_INTENTS: ReadonlySet<LeadIntent> = new Set(['status', 'notes', 'assign', 'claim', 'contact'])

/** docs/decisions/0049: a lead out of reach answers exactly like one that does not exist, whatever the intent. */
const noSuchLead = (intent: LeadIntent): Answer => refused(intent, LEAD_MESSAGES.noSuchLead, 404)

/** The leads screen's one action: the `intent` field picks the operation; each input is checked by its schema. */
export async function runLeadIntent(
	db: Database,
	actor: StaffUser,
	form: FormData,
	log: Logger,
	/** `timeZone`: the office's (Settings), for the times of the e-mails an intent sends (docs/decisions/0079). */
	/** `staffMail`: what the e-mails an intent sends carry of the borrower (docs/decisions/0089). */
	options: { baseUrl?: string; timeZone?: string; staffMail?: StaffMailDetail } = {},
): Promise<Answer> {
	const intent = (LEAD_INTENTS as readonly string[]).includes(text(form, 'intent') ?? '') ? (text(form, 'intent') as LeadIntent) : null
	if (!intent) return refused(null, 'Unknown action')
	// spec 2 §8: a failure the staff member cannot fix shows the operation's own message.
	const failure = {
		create: LEAD_MESSAGES.createFailed,
		status: LEAD_MESSAGES.statusFailed,
		delete: LEAD_MESSAGES.deleteFailed,
		notes: LEAD_MESSAGES.notesFailed,
		assign: ASSIGNMENT_MESSAGES.assignFailed,
		claim: ASSIGNMENT_MESSAGES.claimFailed,
		contact: ASSIGNMENT_MESSAGES.contactFailed,
	}[intent]
	// docs/decisions/0034: deleting and (re)assigning are for managers and admins; claiming is for loan officers.
	if ((intent === 'delete' || intent === 'assign') && !can(actor.roles, 'leads.manage'))
		return refused(intent, ASSIGNMENT_MESSAGES.notAllowed, 403)
	if (intent === 'claim' && !actor.roles.includes('user')) return refused(intent, ASSIGNMENT_MESSAGES.onlyOfficersClaim, 403)
	try {
		// Checked before anything else about the lead, so no other answer (409, 422...) can tell that it exists.
		if (ONE_LEAD_INTENTS.has(intent) && !(await findLeadInScope(db, actor, text(form, 'leadId')))) return noSuchLead(intent)
		switch (intent) {
			case 'create': {
				const fields = Object.fromEntries(
					[
						'firstName',
						'lastName',
						'email',
						'phone',
						'loanType',
						'propertyType',
						'transactionType',
						'propertyValue',
						'message',
						'sourcePage',
						'status',
					].map((name) => [name, text(form, name)]),
				)
				const parsed = createLeadSchema.safeParse(fields)
				if (!parsed.success) return refused(intent, parsed.error.issues[0]!.message)
				const lead = await createManualLead(db, actor, parsed.data, options)
				return { status: 200, body: { ok: true, intent, message: LEAD_MESSAGES.created, leadId: lead.id } }
			}
			case 'status': {
				const parsed = leadStatusSchema.safeParse({ leadId: text(form, 'leadId'), status: text(form, 'status') })
				if (!parsed.success) return refused(intent, failure)
				const work = await updateLeadStatus(db, actor, parsed.data, options)
				if (!work) return noSuchLead(intent)
				return {
					status: 200,
					body: { ok: true, intent, message: LEAD_MESSAGES.statusUpdated, ...takenNote(work), leadId: parsed.data.leadId },
				}
			}
			case 'delete': {
				const parsed = deleteLeadsSchema.safeParse({ leadIds: form.getAll('leadId') })
				if (!parsed.success) return refused(intent, failure)
				const count = await deleteLeads(db, actor, parsed.data.leadIds)
				return { status: 200, body: { ok: true, intent, message: deletedMessage(count) } }
			}
			case 'notes': {
				const parsed = leadNotesSchema.safeParse({ leadId: text(form, 'leadId'), notes: text(form, 'notes') ?? '' })
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return refused(intent, issue.path[0] === 'notes' ? issue.message : failure)
				}
				const saved = await saveLeadNotes(db, actor, parsed.data, options)
				if (!saved) return noSuchLead(intent)
				return {
					status: 200,
					body: {
						ok: true,
						intent,
						message: LEAD_MESSAGES.notesSaved,
						...takenNote(saved),
						leadId: parsed.data.leadId,
						adminNotesUpdatedAt: saved.updatedAt,
					},
				}
			}
			case 'assign': {
				const parsed = assignLeadSchema.safeParse({ leadId: text(form, 'leadId'), assigneeId: text(form, 'assigneeId') ?? '' })
				if (!parsed.success) return refused(intent, failure, 422)
				const outcome = await assignLead(db, actor, parsed.data, {
					baseUrl: options.baseUrl ?? '',
					timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
					staffMail: options.staffMail,
				})
				if (outcome === 'missing') return refused(intent, failure, 404)
				if (outcome === 'not-an-officer') return refused(intent, ASSIGNMENT_MESSAGES.notAnOfficer, 422)
				const message = outcome === 'assigned' ? ASSIGNMENT_MESSAGES.assigned : ASSIGNMENT_MESSAGES.unassigned
				return { status: 200, body: { ok: true, intent, message, leadId: parsed.data.leadId } }
			}
			case 'claim': {
				const parsed = claimLeadSchema.safeParse({ leadId: text(form, 'leadId') })
				if (!parsed.success) return refused(intent, failure, 422)
				const outcome = await claimLead(db, actor, parsed.data.leadId, options)
				if (outcome === 'missing') return noSuchLead(intent)
				if (outcome === 'taken') return refused(intent, ASSIGNMENT_MESSAGES.alreadyClaimed, 409)
				return { status: 200, body: { ok: true, intent, message: ASSIGNMENT_MESSAGES.claimed, leadId: parsed.data.leadId } }
			}
			case 'contact': {
				const parsed = logContactSchema.safeParse({
					leadId: text(form, 'leadId'),
					channel: text(form, 'channel'),
					summary: text(form, 'summary'),
				})
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return refused(intent, issue.path[0] === 'leadId' ? failure : issue.message, 422)
				}
				const work = await logLeadContact(db, actor, parsed.data, options)
				if (!work) return noSuchLead(intent)
				return {
					status: 200,
					body: { ok: true, intent, message: ASSIGNMENT_MESSAGES.contactLogged, ...takenNote(work), leadId: parsed.data.leadId },
				}
			}
		}
	} catch (error) {
		log.error({ err: errorForLog(error), intent }, 'lead action failed')
		return refused(intent, failure, 500)
	}
}
