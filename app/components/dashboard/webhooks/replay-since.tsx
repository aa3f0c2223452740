import { RotateCcw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'

/**
 * "Replay failed" since a time. Without JavaScript the time is read as UTC, and the label says so; with it, the time
 * is the reader's own (the deliveries above are shown in it too), sent with its offset from UTC at that date.
 */
export function ReplaySince({ endpointId, busy }: { endpointId: string; busy: boolean }) {
	const [live, setLive] = useState(false)
	useEffect(() => setLive(true), [])
	const offsetRef = useRef<HTMLInputElement>(null)
	return (
		<Form
			method="post"
			className="flex flex-wrap items-end gap-2"
			onSubmit={(event) => {
				const local = new FormData(event.currentTarget).get('since')
				const at = typeof local === 'string' && local ? new Date(local) : null
				if (offsetRef.current) offsetRef.current.value = at && !Number.isNaN(at.getTime()) ? String(at.getTimezoneOffset()) : ''
			}}
		>
			<input type="hidden" name="id" value={endpointId} />
			<input type="hidden" name="intent" value="replay-since" />
			<input type="hidden" name="offsetMinutes" ref={offsetRef} defaultValue="" />
			<div>
				<label htmlFor="replay-since" className="block text-sm font-medium text-slate-900">
					Failed since {live ? '(your time)' : '(UTC)'}
				</label>
				<input id="replay-since" name="since" type="datetime-local" className={inputClass} required />
			</div>
			<button type="submit" className={buttonClass.secondary} disabled={busy}>
				<RotateCcw className="h-4 w-4" aria-hidden="true" /> Replay failed
			</button>
		</Form>
	)
}
