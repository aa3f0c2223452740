import { useEffect, useState } from 'react'

const formatIn = (iso: string, timeZone?: string) =>
	new Intl.DateTimeFormat('en-US', {
		year: 'numeric',
		month: 'short',
		day: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		timeZone,
		timeZoneName: 'short',
	}).format(new Date(iso))

/** A time in the reader's own zone; the server and the first render use UTC so hydration matches. */
export function LocalTime({ iso }: { iso: string }) {
	const [text, setText] = useState(() => formatIn(iso, 'UTC'))
	useEffect(() => setText(formatIn(iso)), [iso])
	return <time dateTime={iso}>{text}</time>
}
