import { desc, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { dataRequestSteps, dataRequests } from '#db/schema.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import type { ActivityAction } from '#app/features/activity/activity-entry.ts'
import { type ActingStaff, actorOfStaff, recordActivity } from '#app/features/activity/activity-log.server.ts'
import type { DataRequestMail, DataRequestMailStep } from '#app/features/content/data-request-mail.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'
import { DATA_REQUEST_MESSAGES, type RecordRequestInput, verificationLevel } from './data-request-schema.ts'
import { answerDue } from './request-clock.ts'
import { DATA_REQUEST_MAIL_KIND_PREFIX, requesterMail } from './requester-mail.ts'

export type DataRequest = typeof dataRequests.$inferSelect
export type DataRequestStep = typeof dataRequestSteps.$inferSelect

/** What a step answers: done, or refused with the status and the reason an admin reads. */
export type StepResult<T = object> = ({ ok: true } & T) | { ok: false; status: number; message: string }

/** What the requester's e-mails need: the admin's templates and the company's name. */
export type MailContext = { templates: DataRequestMail; company: string }

const refuse = (status: number, message: string) => ({ ok: false as const, status, message })

async function logStep(
	tx: Transaction,
	actor: ActingStaff | null,
	request: Pick<DataRequest, 'id'>,
	step: string,
	detail: Record<string, unknown>,
	action: ActivityAction,
) {
	await tx.insert(dataRequestSteps).values({ requestId: request.id, step, actorEmail: actor?.email ?? null, detail })
	await recordActivity(tx, actor ? actorOfStaff(actor) : { id: null, email: null, roles: null, ip: null, userAgent: null }, action, {
		kind: 'request',
		id: request.id,
	})
}

/** The requester's e-mail of a step, queued in the step's transaction; false when they gave no address. */
async function mailRequester(tx: Transaction, request: DataRequest, step: DataRequestMailStep, mail: MailContext, extra = {}) {
	if (!request.email) return false
	await enqueueMail(
		tx,
		`${DATA_REQUEST_MAIL_KIND_PREFIX}${step}`,
		requesterMail(mail.templates, step, request.email, {
			company: mail.company,
			type: request.type,
			receivedOn: request.receivedOn,
			answerDue: answerDue(request.receivedOn, request.extendedAt !== null),
			...extra,
		}),
	)
	return true
}

/** Runs a step on an open request, locked for the step's transaction. */
async function onOpenRequest<T>(
	db: Database,
	id: string,
	step: (tx: Transaction, request: DataRequest) => Promise<StepResult<T>>,
): Promise<StepResult<T>> {
	return db.transaction(async (tx) => {
		const [request] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update')
		if (!request) return refuse(404, DATA_REQUEST_MESSAGES.noSuchRequest)
		if (request.status !== 'open') return refuse(409, DATA_REQUEST_MESSAGES.closedAlready)
		return step(tx, request)
	})
}

/** docs/decisions/0091: records a request as it came; its clock runs from `receivedOn`. */
export async function recordDataRequest(db: Database, actor: ActingStaff, input: RecordRequestInput) {
	return db.transaction(async (tx) => {
		const [request] = await tx
			.insert(dataRequests)
			.values({
				type: input.type,
				receivedOn: input.receivedOn,
				channel: input.channel,
				email: input.email || null,
				phone: input.phone || null,
				emailNormalized: input.email ? mailboxKey(input.email) : null,
				phoneNormalized: input.phone ? normalizePhone(input.phone) : null,
				notes: input.notes,
				createdBy: actor.email,
			})
			.returning()
		await logStep(
			tx,
			actor,
			request!,
			'recorded',
			{ type: input.type, channel: input.channel, receivedOn: input.receivedOn },
			{ type: 'data_request.recorded', details: { requestType: input.type, channel: input.channel, receivedOn: input.receivedOn } },
		)
		return request!
	})
}

/** Which data points matched, and whether a signed declaration came: sets the request's verification level. */
export async function verifyDataRequest(db: Database, actor: ActingStaff, input: { id: string; points: string[]; declaration: boolean }) {
	return onOpenRequest(db, input.id, async (tx, request) => {
		const points = [...new Set(input.points)]
		const level = verificationLevel(points, input.declaration)
		await tx
			.update(dataRequests)
			.set({ verifiedPoints: points, signedDeclaration: input.declaration, verifiedAt: level === 'unverified' ? null : new Date() })
			.where(eq(dataRequests.id, request.id))
		await logStep(
			tx,
			actor,
			request,
			'verified',
			{ points, declaration: input.declaration, level },
			{ type: 'data_request.verified', details: { points, declaration: input.declaration, level } },
		)
		return { ok: true, level }
	})
}

/** Confirms receipt (within 10 business days) and e-mails the requester. */
export async function acknowledgeDataRequest(db: Database, actor: ActingStaff, id: string, mail: MailContext) {
	return onOpenRequest(db, id, async (tx, request) => {
		if (request.acknowledgedAt) return refuse(409, DATA_REQUEST_MESSAGES.acknowledgedAlready)
		await tx.update(dataRequests).set({ acknowledgedAt: new Date() }).where(eq(dataRequests.id, id))
		const mailed = await mailRequester(tx, request, 'acknowledged', mail)
		await logStep(tx, actor, request, 'acknowledged', { mailed }, { type: 'data_request.acknowledged', details: { mailed } })
		return { ok: true, mailed }
	})
}

/** The one 45-day extension, with its reason, which the requester is told. */
export async function extendDataRequest(db: Database, actor: ActingStaff, input: { id: string; reason: string }, mail: MailContext) {
	return onOpenRequest(db, input.id, async (tx, request) => {
		if (request.extendedAt) return refuse(409, DATA_REQUEST_MESSAGES.extendedAlready)
		const extended = { ...request, extendedAt: new Date(), extensionReason: input.reason }
		await tx
			.update(dataRequests)
			.set({ extendedAt: extended.extendedAt, extensionReason: input.reason })
			.where(eq(dataRequests.id, request.id))
		const due = answerDue(request.receivedOn, true)
		const mailed = await mailRequester(tx, extended, 'extended', mail, { reason: input.reason })
		await logStep(
			tx,
			actor,
			request,
			'extended',
			{ reason: input.reason, answerDue: due, mailed },
			{ type: 'data_request.extended', details: { reason: input.reason, answerDue: due, mailed } },
		)
		return { ok: true, answerDue: due, mailed }
	})
}

/** Closes a request (answered or denied) and sends the requester the answer; an erase's summary goes with it. */
export async function closeDataRequest(
	db: Database,
	actor: ActingStaff,
	input: { id: string; outcome: 'answered' | 'denied'; reply: string },
	mail: MailContext,
) {
	return onOpenRequest(db, input.id, async (tx, request) => {
		const [erased] = await tx
			.select({ detail: dataRequestSteps.detail })
			.from(dataRequestSteps)
			.where(sql`${dataRequestSteps.requestId} = ${request.id} and ${dataRequestSteps.step} = 'erased'`)
			.orderBy(desc(dataRequestSteps.id))
			.limit(1)
		const eraseReply = (erased?.detail as { reply?: string } | undefined)?.reply ?? ''
		const details = [input.reply, eraseReply].filter(Boolean).join('\n\n')
		await tx
			.update(dataRequests)
			.set({ status: 'closed', outcome: input.outcome, answeredAt: new Date() })
			.where(eq(dataRequests.id, request.id))
		const mailed = await mailRequester(tx, request, 'answered', mail, { details })
		await logStep(
			tx,
			actor,
			request,
			'closed',
			{ outcome: input.outcome, mailed },
			{ type: 'data_request.closed', details: { outcome: input.outcome, mailed } },
		)
		return { ok: true, mailed }
	})
}

/** One request and its steps, oldest step first; null when there is none. */
export async function getDataRequest(db: Database, id: string) {
	const [request] = await db.select().from(dataRequests).where(eq(dataRequests.id, id))
	if (!request) return null
	const steps = await db.select().from(dataRequestSteps).where(eq(dataRequestSteps.requestId, id)).orderBy(dataRequestSteps.id)
	return { request, steps }
}

/** Open requests first (oldest received first: the nearest deadline), then the latest closed ones. */
export async function listDataRequests(db: Database, limit = 200) {
	return db
		.select()
		.from(dataRequests)
		.orderBy(
			sql`${dataRequests.status} = 'closed'`,
			sql`case when ${dataRequests.status} = 'open' then ${dataRequests.receivedOn} end`,
			desc(dataRequests.receivedOn),
		)
		.limit(limit)
}

export { logStep as logDataRequestStep, onOpenRequest, refuse }
