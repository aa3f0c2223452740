import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { useOfficeTimeZone } from '../office-time-zone.tsx'

/** spec 2 §2: the table's date format ('MMM dd, yyyy') and the details dialog's ('MMMM dd, yyyy at h:mm a', zone named). */
export const TABLE_DATE = 'day'
export const DETAILS_DATE = 'details'

/** A date in the office's zone (docs/decisions/0079): the same text on the server and in every reader's browser. */
export function LeadDate({ value, pattern }: { value: Date; pattern: typeof TABLE_DATE | typeof DETAILS_DATE }) {
	const timeZone = useOfficeTimeZone()
	return <time dateTime={value.toISOString()}>{formatInTimeZone(value, timeZone, pattern)}</time>
}
