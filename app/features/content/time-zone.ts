/** docs/decisions/0053: the lender's office time zone until an admin sets theirs (Settings). */
export const DEFAULT_TIME_ZONE = 'America/New_York'

/** An IANA time zone name this runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(name: string) {
	if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name })
		return true
	} catch {
		return false
	}
}

/**
 * The date (YYYY-MM-DD) of an instant in a time zone: the office's, so a request or a loan of 11 p.m. in California
 * belongs to that day.
 */
export function dayInTimeZone(instant: Date, timeZone: string) {
	const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant)
	const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)!.value
	return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * The one formatter of a time a person reads (docs/decisions/0053, 0079): always in the office's zone (Settings), and a
 * time always with its zone named. `long` (e-mails): "Tuesday, November 24, 2026 at 9:05 AM EST"; `details` (spec 2's
 * "MMMM dd, yyyy at h:mm a", with the zone): "November 24, 2026 at 9:05 AM EST"; `day` (spec 2's table, "MMM dd,
 * yyyy"): "Nov 24, 2026". Built from Intl's parts, so the server's and the browser's own zones never matter.
 */
export function formatInTimeZone(instant: Date, timeZone: string, style: 'long' | 'details' | 'day' = 'long') {
	if (style === 'long')
		return formatterFor(timeZone, style)
			.format(instant)
			.replace(/\u202f/g, ' ')
	const parts = formatterFor(timeZone, style).formatToParts(instant)
	const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? ''
	const day = `${part('month')} ${part('day')}, ${part('year')}`
	if (style === 'day') return day
	return `${day} at ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one, and a leads page formats a date per row: one per
 * zone and style is kept (the office has one zone; the map is emptied should it ever hold many).
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string, style: 'long' | 'details' | 'day') {
	const key = `${timeZone} ${style}`
	let formatter = formatters.get(key)
	if (!formatter) {
		if (formatters.size >= 32) formatters.clear()
		formatter = new Intl.DateTimeFormat(
			'en-US',
			style === 'long'
				? {
						timeZone,
						weekday: 'long',
						year: 'numeric',
						month: 'long',
						day: 'numeric',
						hour: 'numeric',
						minute: '2-digit',
						timeZoneName: 'short',
					}
				: {
						timeZone,
						year: 'numeric',
						month: style === 'day' ? 'short' : 'long',
						day: '2-digit',
						hour: 'numeric',
						minute: '2-digit',
						timeZoneName: 'short',
					},
		)
		formatters.set(key, formatter)
	}
	return formatter
}
