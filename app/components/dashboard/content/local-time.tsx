import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { useOfficeTimeZone } from '../office-time-zone.tsx'

/** A time in the office's zone, named (docs/decisions/0079): the same on the server and in the browser. */
export function LocalTime({ iso }: { iso: string }) {
	const timeZone = useOfficeTimeZone()
	return <time dateTime={iso}>{formatInTimeZone(new Date(iso), timeZone, 'details')}</time>
}
