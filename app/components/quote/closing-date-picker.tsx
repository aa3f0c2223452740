import { format, parseISO, startOfToday } from 'date-fns'
import { CalendarDays } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import 'react-day-picker/style.css'

/** spec 1 §2 step 4: a button that opens a calendar; past days cannot be picked; shown in long date format. */
export function ClosingDatePicker({ value, onChange }: { value: string | undefined; onChange: (isoDate: string) => void }) {
	const [open, setOpen] = useState(false)
	const container = useRef<HTMLDivElement>(null)
	const calendar = useRef<HTMLDivElement>(null)
	const selected = value ? parseISO(value) : undefined

	// The calendar opens in the page's flow (the page's bottom padding clears the fixed Back/Continue bar)
	// and is scrolled fully into view, its scroll margins keeping it clear of the sticky header, the bar and a
	// toast above the bar (--wizard-bottom-cover, docs/decisions/0080).
	useEffect(() => {
		if (open) calendar.current?.scrollIntoView({ block: 'nearest' })
	}, [open])

	useEffect(() => {
		if (!open) return
		const close = (event: MouseEvent | KeyboardEvent) => {
			if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) setOpen(false)
		}
		document.addEventListener('mousedown', close)
		document.addEventListener('keydown', close)
		return () => {
			document.removeEventListener('mousedown', close)
			document.removeEventListener('keydown', close)
		}
	}, [open])

	return (
		<div ref={container} className="relative">
			<p id="closing-date-label" className="mb-1 font-medium text-slate-800">
				Closing Date{' '}
				<span aria-hidden="true" className="text-red-700">
					*
				</span>
			</p>
			<button
				type="button"
				aria-haspopup="dialog"
				aria-expanded={open}
				aria-labelledby="closing-date-label closing-date-value"
				aria-describedby="closing-date-hint"
				onClick={() => setOpen((isOpen) => !isOpen)}
				className="flex w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-left focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
			>
				<CalendarDays className="h-5 w-5 text-slate-600" aria-hidden="true" />
				<span id="closing-date-value" className={selected ? 'text-slate-900' : 'text-slate-600'}>
					{selected ? format(selected, 'MMMM d, yyyy') : 'Select closing date'}
				</span>
			</button>
			<p id="closing-date-hint" className="mt-1 text-sm text-slate-600">
				Select your estimated closing date
			</p>
			{open ? (
				<div
					ref={calendar}
					role="dialog"
					aria-label="Choose a closing date"
					className={
						'mt-2 inline-block max-w-full scroll-mt-24 scroll-mb-[max(7rem,var(--wizard-bottom-cover,0px))] overflow-x-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg'
					}
				>
					<DayPicker
						mode="single"
						selected={selected}
						defaultMonth={selected}
						disabled={{ before: startOfToday() }}
						onSelect={(date) => {
							if (!date) return
							onChange(format(date, 'yyyy-MM-dd'))
							setOpen(false)
						}}
						autoFocus
					/>
				</div>
			) : null}
		</div>
	)
}
