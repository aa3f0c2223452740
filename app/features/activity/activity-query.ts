import { ACTIVITY_TYPES, type ActivityType } from './activity-entry.ts'

/** The Activity screen's filters and its place in the log, all in its URL (?person=&action=&lead=&from=&to=&before=). */
export type ActivityQuery = {
	/** A staff account's id. */
	person: string | null
	action: ActivityType | null
	/** A lead's id: the entries about that lead. */
	lead: string | null
	/** Days (yyyy-mm-dd) in the office's zone, both included. */
	from: string | null
	to: string | null
	/** Keyset cursor: entries older than this one (newest first). */
	before: { at: string; id: number } | null
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const ID = /^[A-Za-z0-9-]{1,100}$/

const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null)

/** Reads the screen's URL; a value that does not fit is left out rather than refused. */
export function parseActivityQuery(params: URLSearchParams): ActivityQuery {
	const person = params.get('person')
	const action = params.get('action')
	const lead = params.get('lead')?.trim() ?? null
	const cursor = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,15})$/.exec(params.get('before') ?? '')
	return {
		person: person && ID.test(person) ? person : null,
		action: ACTIVITY_TYPES.includes(action as ActivityType) ? (action as ActivityType) : null,
		lead: lead && ID.test(lead) ? lead : null,
		from: day(params.get('from')),
		to: day(params.get('to')),
		before: cursor ? { at: cursor[1]!, id: Number(cursor[2]) } : null,
	}
}

/** The query string of a query (its filters, and the cursor when given). */
export function activitySearch(query: ActivityQuery) {
	const params = new URLSearchParams()
	if (query.person) params.set('person', query.person)
	if (query.action) params.set('action', query.action)
	if (query.lead) params.set('lead', query.lead)
	if (query.from) params.set('from', query.from)
	if (query.to) params.set('to', query.to)
	if (query.before) params.set('before', `${query.before.at}_${query.before.id}`)
	const text = params.toString()
	return text ? `?${text}` : ''
}

/** How far the zone is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(instant: Date, timeZone: string) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(instant)
			.map((part) => [part.type, Number(part.value)]),
	) as Record<string, number>
	const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
	return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/** The instant a day (yyyy-mm-dd) begins in a time zone (a second pass settles a change of daylight saving time). */
export function dayStartIn(day: string, timeZone: string): Date {
	const midnightUtc = Date.parse(`${day}T00:00:00Z`)
	const first = midnightUtc - zoneOffset(new Date(midnightUtc), timeZone)
	return new Date(midnightUtc - zoneOffset(new Date(first), timeZone))
}

/** The day after a day (yyyy-mm-dd). */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
