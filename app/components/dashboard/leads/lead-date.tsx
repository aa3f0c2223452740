import { format } from 'date-fns'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

// The same clock time in UTC, so the server's HTML and the first browser render agree.
const asUtcClock = (date: Date) => new Date(date.getTime() + date.getTimezoneOffset() * 60_000)

/** A date in date-fns `pattern`: UTC until hydrated, then in the reader's own time zone. */
export function LeadDate({ value, pattern }: { value: Date; pattern: string }) {
	const hydrated = useHydrated()
	return <time dateTime={value.toISOString()}>{format(hydrated ? value : asUtcClock(value), pattern)}</time>
}

/** spec 2 §2: the table's date format and the details dialog's. */
export const TABLE_DATE = 'MMM dd, yyyy'
export const DETAILS_DATE = "MMMM dd, yyyy 'at' h:mm a"
