import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import type { Database } from '#db/client.ts'
import type { Logger } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { can } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Company } from '#app/features/content/content-schemas.ts'
import { assignLead, claimLead, logLeadContact, recordContactAttempt } from './assign-lead.server.ts'
import { ASSIGNMENT_MESSAGES, assignLeadSchema, claimLeadSchema, contactAttemptSchema, logContactSchema } from '../model/lead-assignment.ts'
import { MessageRefused, createManualLead } from './create-manual-lead.server.ts'
import { findLeadInScope } from './lead-access.server.ts'
import { deleteLeads } from './delete-leads.server.ts'
import {
	LEAD_INTENTS,
	type LeadActionResult,
	type LeadIntent,
	createLeadSchema,
	deleteLeadsSchema,
	leadStatusSchema,
} from './lead-admin-schema.ts'
import { LEAD_MESSAGES, deletedMessage } from './lead-messages.ts'
import { revokeReturnLinks } from './return-links.server.ts'
import { addLeadNote, editLeadNote } from './lead-notes.server.ts'
import { NOTE_MESSAGES, leadNoteEditSchema, leadNoteSchema } from '../model/lead-notes.ts'
import { updateLeadStatus } from './update-lead-status.server.ts'
import { TASK_MESSAGES, leadTaskSchema, taskIdSchema } from '../model/lead-tasks.ts'
import { addLeadTask, deleteLeadTask, setTaskDone } from './lead-tasks.server.ts'
import { BULK_MESSAGES, bulkAssignAnswer, bulkAssignSchema, bulkStatusAnswer, bulkStatusSchema } from '../model/lead-bulk.ts'
import { bulkAssignLeads, bulkUpdateStatus } from './bulk-leads.server.ts'
import type { ContentStore } from '#app/features/content/content.server.ts'
import { PRICER_FIELDS, PRICER_MESSAGES, attachTermsSchema, leadPricerSchema } from '../model/lead-pricer.ts'
import { attachTermsForStaff, limitStaffPricing, priceScenarioForStaff } from './lead-pricer.server.ts'
import { FUNDING_FIELDS, FUNDING_MESSAGES, fundingSummary, leadFundingSchema } from '../model/lead-funding.ts'
import { removeLeadFunding, saveLeadFunding } from './lead-funding.server.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'

type Answer = { status: number; body: LeadActionResult }

const text = (form: FormData, name: string) => {
	const value = form.get(name)
	return typeof value === 'string' ? value : undefined
}

/** Under the action's message, when working the lead took it from the pool (docs/decisions/0043). */
const takenNote = (work: { taken: boolean }) => (work.taken ? { description: ASSIGNMENT_MESSAGES.takenByWork } : {})

const refused = (intent: LeadIntent | null, error: string, status = 400): Answer => ({ status, body: { ok: false, intent, error } })

/** The intents that work on one lead, named by the form's `leadId`. */
const ONE_LEAD_INTENTS: ReadonlySet<LeadIntent> = new Set([
	'status',
	'note-add',
	'assign',
	'claim',
	'contact',
	'attempt',
	'return-links',
	'task-add',
	'price',
	'attach',
	'funding-save',
	'funding-remove',
])

/** docs/decisions/0034, 0108: the intents only a manager or an admin may use. */
const MANAGER_INTENTS: ReadonlySet<LeadIntent> = new Set(['delete', 'assign', 'bulk-assign', 'bulk-status'])

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
	/** `company`: its name and phone, which the verbal consent script names (docs/decisions/0109). */
	/** `content`: the published rate sheet the quick-pricer prices from (docs/decisions/0112). */
	options: {
		baseUrl?: string
		timeZone?: string
		staffMail?: StaffMailDetail
		company?: Company
		content?: ContentStore
	} = {},
): Promise<Answer> {
	const intent = (LEAD_INTENTS as readonly string[]).includes(text(form, 'intent') ?? '') ? (text(form, 'intent') as LeadIntent) : null
	if (!intent) return refused(null, 'Unknown action')
	// spec 2 §8: a failure the staff member cannot fix shows the operation's own message.
	const failure = {
		create: LEAD_MESSAGES.createFailed,
		status: LEAD_MESSAGES.statusFailed,
		delete: LEAD_MESSAGES.deleteFailed,
		// spec 2 §8: the notes' own failure text.
		'note-add': LEAD_MESSAGES.notesFailed,
		'note-edit': LEAD_MESSAGES.notesFailed,
		assign: ASSIGNMENT_MESSAGES.assignFailed,
		claim: ASSIGNMENT_MESSAGES.claimFailed,
		contact: ASSIGNMENT_MESSAGES.contactFailed,
		attempt: ASSIGNMENT_MESSAGES.attemptFailed,
		'return-links': LEAD_MESSAGES.returnLinksFailed,
		'task-add': TASK_MESSAGES.failed,
		'task-complete': TASK_MESSAGES.failed,
		'task-reopen': TASK_MESSAGES.failed,
		'task-delete': TASK_MESSAGES.failed,
		'bulk-assign': BULK_MESSAGES.assignFailed,
		'bulk-status': BULK_MESSAGES.statusFailed,
		price: PRICER_MESSAGES.priceFailed,
		attach: PRICER_MESSAGES.attachFailed,
		'funding-save': FUNDING_MESSAGES.failed,
		'funding-remove': FUNDING_MESSAGES.failed,
	}[intent]
	// docs/decisions/0034: deleting and (re)assigning are for managers and admins; claiming is for loan officers.
	// docs/decisions/0108: so are the changes to many leads at once.
	if (MANAGER_INTENTS.has(intent) && !can(actor.roles, 'leads.manage')) return refused(intent, ASSIGNMENT_MESSAGES.notAllowed, 403)
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
						'loanProgram',
						'propertyType',
						'transactionType',
						'propertyAddress',
						'propertyState',
						'purchasePrice',
						'estimatedPropertyValue',
						'currentBalance',
						'monthlyRent',
						'message',
						'sourcePage',
						'status',
						'verbalConsent',
						'contactMessageId',
					].map((name) => [name, text(form, name)]),
				)
				const parsed = createLeadSchema.safeParse(fields)
				if (!parsed.success) return refused(intent, parsed.error.issues[0]!.message)
				const lead = await createManualLead(db, actor, parsed.data, options).catch((error: unknown) => {
					if (error instanceof MessageRefused) return error
					throw error
				})
				if (lead instanceof MessageRefused) return refused(intent, lead.message, lead.status)
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
			case 'bulk-assign': {
				const parsed = bulkAssignSchema.safeParse({ leadIds: form.getAll('leadId'), assigneeId: text(form, 'assigneeId') ?? '' })
				if (!parsed.success) return refused(intent, parsed.error.issues[0]!.message, 422)
				const done = await bulkAssignLeads(db, actor, parsed.data, log, options)
				if (!done) return refused(intent, ASSIGNMENT_MESSAGES.notAnOfficer, 422)
				const answer = bulkAssignAnswer(done.officer, done.total, done.skipped)
				return { status: 200, body: { ok: true, intent, ...answer, skipped: done.skipped } }
			}
			case 'bulk-status': {
				const parsed = bulkStatusSchema.safeParse({ leadIds: form.getAll('leadId'), status: text(form, 'status') })
				if (!parsed.success) return refused(intent, parsed.error.issues[0]!.message, 422)
				const done = await bulkUpdateStatus(db, actor, parsed.data, log, options)
				const answer = bulkStatusAnswer(parsed.data.status, done.total, done.skipped)
				return { status: 200, body: { ok: true, intent, ...answer, skipped: done.skipped } }
			}
			case 'note-add': {
				// docs/decisions/0107: the form's own schema, run again here; a note never replaces another.
				const parsed = leadNoteSchema.safeParse({ leadId: text(form, 'leadId'), body: text(form, 'body') ?? '' })
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return refused(intent, issue.path[0] === 'body' ? issue.message : failure, 422)
				}
				const added = await addLeadNote(db, actor, parsed.data, options)
				if (!added) return noSuchLead(intent)
				return {
					status: 200,
					body: {
						ok: true,
						intent,
						message: LEAD_MESSAGES.notesSaved,
						...takenNote(added),
						leadId: parsed.data.leadId,
						noteId: added.noteId,
					},
				}
			}
			case 'note-edit': {
				// docs/decisions/0107: its author, within the window; a note out of reach answers like one that does not exist.
				const parsed = leadNoteEditSchema.safeParse({ noteId: text(form, 'noteId'), body: text(form, 'body') ?? '' })
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return issue.path[0] === 'noteId' ? refused(intent, NOTE_MESSAGES.noSuchNote, 404) : refused(intent, issue.message, 422)
				}
				const outcome = await editLeadNote(db, actor, parsed.data)
				if (outcome === 'missing') return refused(intent, NOTE_MESSAGES.noSuchNote, 404)
				if (outcome === 'not-author') return refused(intent, NOTE_MESSAGES.notAuthor, 403)
				if (outcome === 'window-passed') return refused(intent, NOTE_MESSAGES.windowPassed, 409)
				return { status: 200, body: { ok: true, intent, message: NOTE_MESSAGES.edited, noteId: parsed.data.noteId } }
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
					outcome: text(form, 'outcome'),
					summary: text(form, 'summary'),
				})
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return refused(intent, issue.path[0] === 'leadId' ? failure : issue.message, 422)
				}
				const work = await logLeadContact(db, actor, parsed.data, options)
				if (!work) return noSuchLead(intent)
				// docs/decisions/0104: only a contact that reached the borrower is the lead's first contact; the answer says which.
				const message = work.reached ? ASSIGNMENT_MESSAGES.contactLogged : ASSIGNMENT_MESSAGES.attemptLogged
				return {
					status: 200,
					body: { ok: true, intent, message, ...takenNote(work), leadId: parsed.data.leadId, reached: work.reached },
				}
			}
			case 'attempt': {
				// docs/decisions/0104: the tap on Call, Text or E-mail, posted beside the link (never in its way).
				const parsed = contactAttemptSchema.safeParse({ leadId: text(form, 'leadId'), channel: text(form, 'channel') })
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return refused(intent, issue.path[0] === 'leadId' ? failure : issue.message, 422)
				}
				const work = await recordContactAttempt(db, actor, parsed.data, options)
				if (!work) return noSuchLead(intent)
				return {
					status: 200,
					body: { ok: true, intent, message: ASSIGNMENT_MESSAGES.attemptRecorded, ...takenNote(work), leadId: parsed.data.leadId },
				}
			}
			case 'return-links': {
				// docs/decisions/0096: anyone who works the lead may stop the borrower's links (a link shared by mistake).
				const parsed = claimLeadSchema.safeParse({ leadId: text(form, 'leadId') })
				if (!parsed.success) return refused(intent, failure, 422)
				if (!(await revokeReturnLinks(db, actor, parsed.data.leadId))) return noSuchLead(intent)
				return { status: 200, body: { ok: true, intent, message: LEAD_MESSAGES.returnLinksRevoked, leadId: parsed.data.leadId } }
			}
			case 'task-add': {
				// docs/decisions/0105: the form's own schema, run again here.
				const parsed = leadTaskSchema.safeParse({
					leadId: text(form, 'leadId'),
					kind: text(form, 'kind'),
					due: text(form, 'due'),
					offset: text(form, 'offset'),
					note: text(form, 'note'),
					assigneeId: text(form, 'assigneeId'),
				})
				if (!parsed.success) {
					const issue = parsed.error.issues[0]!
					return refused(intent, issue.path[0] === 'leadId' ? failure : issue.message, 422)
				}
				const added = await addLeadTask(db, actor, parsed.data, options)
				if (added === 'missing') return noSuchLead(intent)
				if (added === 'not-allowed') return refused(intent, ASSIGNMENT_MESSAGES.notAllowed, 403)
				if (added === 'not-an-officer') return refused(intent, TASK_MESSAGES.notAnOfficer, 422)
				return {
					status: 200,
					body: { ok: true, intent, message: TASK_MESSAGES.added, ...takenNote(added), leadId: parsed.data.leadId, taskId: added.taskId },
				}
			}
			case 'price':
			case 'attach':
				return await staffPricingIntent(db, actor, intent, form, options)
			case 'funding-save':
			case 'funding-remove':
				return await fundingIntent(db, actor, intent, form, options)
			case 'task-complete':
			case 'task-reopen':
			case 'task-delete': {
				// docs/decisions/0105: its owner or a manager; anyone else's task answers like one that does not exist.
				const parsed = taskIdSchema.safeParse({ taskId: text(form, 'taskId') })
				if (!parsed.success) return refused(intent, TASK_MESSAGES.noSuchTask, 404)
				const { taskId } = parsed.data
				const changed =
					intent === 'task-delete'
						? await deleteLeadTask(db, actor, taskId)
						: await setTaskDone(db, actor, taskId, intent === 'task-complete')
				if (!changed) return refused(intent, TASK_MESSAGES.noSuchTask, 404)
				const message = {
					'task-complete': TASK_MESSAGES.completed,
					'task-reopen': TASK_MESSAGES.reopened,
					'task-delete': TASK_MESSAGES.deleted,
				}[intent]
				return { status: 200, body: { ok: true, intent, message } }
			}
		}
	} catch (error) {
		log.error({ err: errorForLog(error), intent }, 'lead action failed')
		return refused(intent, failure, 500)
	}
}

/**
 * docs/decisions/0112: the quick-pricer's intents (the lead already found in the actor's scope): the form's schema run
 * again, then the public panel's pricing on the current sheet; `attach` keeps the terms as the lead's chosen ones.
 */
async function staffPricingIntent(
	db: Database,
	actor: StaffUser,
	intent: 'price' | 'attach',
	form: FormData,
	options: { baseUrl?: string; company?: Company; content?: ContentStore },
): Promise<Answer> {
	const { company, content } = options
	if (!company || !content) throw new Error('The quick-pricer needs the company and the content store')
	const fields = Object.fromEntries(['leadId', ...PRICER_FIELDS, 'sheetVersion'].map((name) => [name, text(form, name)]))
	let done: Awaited<ReturnType<typeof priceScenarioForStaff>>
	if (intent === 'attach') {
		const parsed = attachTermsSchema.safeParse(fields)
		if (!parsed.success) return refused(intent, parsed.error.issues[0]!.message, 422)
		done =
			(await limitStaffPricing(db, actor.id)) ??
			(await attachTermsForStaff(db, content, actor, parsed.data, { company, baseUrl: options.baseUrl }))
	} else {
		const parsed = leadPricerSchema.safeParse(fields)
		if (!parsed.success) return refused(intent, parsed.error.issues[0]!.message, 422)
		done = (await limitStaffPricing(db, actor.id)) ?? (await priceScenarioForStaff(db, content, parsed.data, company))
	}
	if (!done) return noSuchLead(intent)
	if (!done.ok) return refused(intent, done.error, done.status)
	const message = intent === 'attach' ? PRICER_MESSAGES.attached : PRICER_MESSAGES.priced
	const { request, terms, summary, quoteId } = done
	return {
		status: 200,
		body: { ok: true, intent, message, leadId: text(form, 'leadId'), request, terms, summary, ...(quoteId ? { quoteId } : {}) },
	}
}

/**
 * docs/decisions/0123: the funded loan of a closed lead (the lead already found in the actor's scope): the form's
 * schema run again with the office's today, then the save (or the removal) in the lead's transaction.
 */
async function fundingIntent(
	db: Database,
	actor: StaffUser,
	intent: 'funding-save' | 'funding-remove',
	form: FormData,
	options: { baseUrl?: string; timeZone?: string },
): Promise<Answer> {
	const leadId = text(form, 'leadId') ?? ''
	if (intent === 'funding-remove') {
		const removed = await removeLeadFunding(db, actor, leadId, options)
		if (removed === 'missing') return noSuchLead(intent)
		if (removed === 'none') return refused(intent, FUNDING_MESSAGES.noFunding, 409)
		return { status: 200, body: { ok: true, intent, message: FUNDING_MESSAGES.removed, ...takenNote(removed), leadId } }
	}
	const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE
	const parsed = leadFundingSchema({ today: dayInTimeZone(new Date(), timeZone) }).safeParse(
		Object.fromEntries(['leadId', ...FUNDING_FIELDS].map((name) => [name, text(form, name)])),
	)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!
		return refused(intent, issue.path[0] === 'leadId' ? FUNDING_MESSAGES.failed : issue.message, 422)
	}
	const saved = await saveLeadFunding(db, actor, parsed.data, { ...options, timeZone })
	if (saved === 'missing') return noSuchLead(intent)
	if (saved === 'not-closed') return refused(intent, FUNDING_MESSAGES.notClosed, 409)
	if (saved === 'before-lead') return refused(intent, FUNDING_MESSAGES.beforeLead, 422)
	const summary = fundingSummary(saved.funding)
	const description = saved.taken ? `${summary}. ${ASSIGNMENT_MESSAGES.takenByWork}` : summary
	return { status: 200, body: { ok: true, intent, message: FUNDING_MESSAGES[saved.change], description, leadId } }
}
