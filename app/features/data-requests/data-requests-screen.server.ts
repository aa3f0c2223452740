import type { AppServices } from '#app/context.ts'
import type { ActingStaff } from '#app/features/activity/activity-log.server.ts'
import { dataRequestMailSchema } from '#app/features/content/data-request-mail.ts'
import { saveContent } from '#app/features/content/content-admin.server.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import {
	DATA_REQUEST_MESSAGES,
	closeRequestSchema,
	eraseRequestSchema,
	extendRequestSchema,
	recordRequestSchema,
	requestIdSchema,
	verificationLevel,
	verifyRequestSchema,
} from './data-request-schema.ts'
import {
	type DataRequest,
	type MailContext,
	acknowledgeDataRequest,
	closeDataRequest,
	extendDataRequest,
	getDataRequest,
	listDataRequests,
	recordDataRequest,
	verifyDataRequest,
} from './data-requests.server.ts'
import { acknowledgementDue, answerDue, requestClock } from './request-clock.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { eraseForRequest, searchForRequest } from './request-data.server.ts'

/** What one action of the Data requests screen answers. */
export type ScreenResult =
	| { ok: true; form: string; message: string; redirectTo?: string }
	| { ok: false; form: string; status: number; errors: Record<string, string> }

const today = async (services: AppServices) => dayInTimeZone(new Date(), (await services.content.get('settings')).timeZone)

const summary = (request: DataRequest, day: string) => ({
	id: request.id,
	type: request.type,
	channel: request.channel,
	receivedOn: request.receivedOn,
	email: request.email,
	phone: request.phone,
	status: request.status,
	outcome: request.outcome,
	level: verificationLevel(request.verifiedPoints, request.signedDeclaration),
	verifiedPoints: request.verifiedPoints,
	signedDeclaration: request.signedDeclaration,
	acknowledgedAt: request.acknowledgedAt?.toISOString() ?? null,
	extendedAt: request.extendedAt?.toISOString() ?? null,
	extensionReason: request.extensionReason,
	erasedAt: request.erasedAt?.toISOString() ?? null,
	eraseReason: request.eraseReason,
	answeredAt: request.answeredAt?.toISOString() ?? null,
	notes: request.notes,
	clock: requestClock(
		{
			receivedOn: request.receivedOn,
			extended: request.extendedAt !== null,
			acknowledged: request.acknowledgedAt !== null,
			answered: request.status === 'closed',
		},
		day,
	),
})
export type RequestSummary = ReturnType<typeof summary>

/** docs/decisions/0091: the screen's data: the requests with their clocks, the one opened, and what was found when asked. */
export async function dataRequestsScreen(services: AppServices, staff: ActingStaff, url: URL) {
	const day = await today(services)
	const requests = (await listDataRequests(services.db)).map((request) => summary(request, day))
	const id = url.searchParams.get('id')
	const opened = id && requestIdSchema.safeParse({ id }).success ? await getDataRequest(services.db, id) : null
	const found = opened && url.searchParams.get('search') === '1' ? await searchForRequest(services.db, staff, opened.request) : null
	return {
		today: day,
		requests,
		opened: opened
			? {
					...summary(opened.request, day),
					steps: opened.steps.map((step) => ({
						id: step.id,
						at: step.at.toISOString(),
						step: step.step,
						actorEmail: step.actorEmail,
						detail: step.detail,
					})),
				}
			: null,
		missing: Boolean(id) && !opened,
		found,
		templates: await services.content.get('dataRequestMail'),
		deadlinesOfToday: { acknowledgementDue: acknowledgementDue(day), answerDue: answerDue(day, false) },
	}
}

const failed = (form: string, status: number, errors: Record<string, string>): ScreenResult => ({ ok: false, form, status, errors })

/** Runs one intent of the screen's form; every input is checked with the form's own schema. */
export async function dataRequestsAction(services: AppServices, staff: ActingStaff, form: FormData): Promise<ScreenResult> {
	const intent = String(form.get('intent') ?? '')
	const text = (name: string) => form.get(name) ?? ''
	const mail = async (): Promise<MailContext> => ({
		templates: await services.content.get('dataRequestMail'),
		company: (await services.content.get('company')).name,
	})
	const step = (result: { ok: true } | { ok: false; status: number; message: string }, message: string): ScreenResult =>
		result.ok ? { ok: true, form: intent, message } : failed(intent, result.status, { form: result.message })
	switch (intent) {
		case 'record': {
			const parsed = recordRequestSchema.safeParse({
				type: text('type'),
				receivedOn: text('receivedOn'),
				channel: text('channel'),
				email: text('email'),
				phone: text('phone'),
				notes: text('notes'),
			})
			if (!parsed.success) return failed(intent, 422, fieldErrors(parsed.error))
			if (parsed.data.receivedOn > (await today(services)))
				return failed(intent, 422, { receivedOn: DATA_REQUEST_MESSAGES.receivedInFuture })
			const request = await recordDataRequest(services.db, staff, parsed.data)
			return { ok: true, form: intent, message: DATA_REQUEST_MESSAGES.recorded, redirectTo: `/dashboard/data-requests?id=${request.id}` }
		}
		case 'verify': {
			const parsed = verifyRequestSchema.safeParse({
				id: text('id'),
				points: form.getAll('points'),
				declaration: form.get('declaration') === 'on',
			})
			if (!parsed.success) return failed(intent, 422, fieldErrors(parsed.error, { topLevel: true }))
			return step(await verifyDataRequest(services.db, staff, parsed.data), DATA_REQUEST_MESSAGES.verified)
		}
		case 'acknowledge': {
			const parsed = requestIdSchema.safeParse({ id: text('id') })
			if (!parsed.success) return failed(intent, 422, fieldErrors(parsed.error))
			return step(await acknowledgeDataRequest(services.db, staff, parsed.data.id, await mail()), DATA_REQUEST_MESSAGES.acknowledged)
		}
		case 'extend': {
			const parsed = extendRequestSchema.safeParse({ id: text('id'), reason: text('reason') })
			if (!parsed.success) return failed(intent, 422, fieldErrors(parsed.error))
			return step(await extendDataRequest(services.db, staff, parsed.data, await mail()), DATA_REQUEST_MESSAGES.extended)
		}
		case 'erase': {
			// Step-up (docs/decisions/0088) is the route's: it has the request to come back to.
			const parsed = eraseRequestSchema.safeParse({ id: text('id'), reason: text('reason') })
			if (!parsed.success) return failed(intent, 422, fieldErrors(parsed.error))
			const erased = await eraseForRequest(services.db, staff, parsed.data)
			return erased.ok ? { ok: true, form: intent, message: `${DATA_REQUEST_MESSAGES.erased}. ${erased.reply}` } : step(erased, '')
		}
		case 'close': {
			const parsed = closeRequestSchema.safeParse({ id: text('id'), outcome: text('outcome'), reply: text('reply') })
			if (!parsed.success) return failed(intent, 422, fieldErrors(parsed.error))
			return step(await closeDataRequest(services.db, staff, parsed.data, await mail()), DATA_REQUEST_MESSAGES.closed)
		}
		case 'templates': {
			const input = Object.fromEntries(
				(['acknowledged', 'extended', 'answered'] as const).map((name) => [
					name,
					{ subject: text(`${name}.subject`), body: text(`${name}.body`) },
				]),
			)
			const checked = dataRequestMailSchema.safeParse(input)
			if (!checked.success) return failed(intent, 422, fieldErrors(checked.error))
			const saved = await saveContent(services, 'dataRequestMail', checked.data, staff as StaffUser)
			return saved.ok ? { ok: true, form: intent, message: DATA_REQUEST_MESSAGES.templatesSaved } : failed(intent, 422, saved.errors)
		}
		default:
			return failed('unknown', 400, { intent: 'Unknown action' })
	}
}
