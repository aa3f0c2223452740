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

/** An instant in words in the given zone: "Tuesday, November 24, 2026 at 9:05 AM EST". */
export function formatInTimeZone(instant: Date, timeZone: string) {
	return new Intl.DateTimeFormat('en-US', {
		timeZone,
		weekday: 'long',
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		timeZoneName: 'short',
	})
		.format(instant)
		.replace(/\u202f/g, ' ')
}
