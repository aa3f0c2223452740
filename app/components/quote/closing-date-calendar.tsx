import { format, startOfToday } from 'date-fns'
import { DayPicker } from 'react-day-picker'
import 'react-day-picker/style.css'

/**
 * The closing-date calendar itself, in a module of its own: react-day-picker, date-fns and their styles
 * load when a visitor opens the calendar, not with the wizard's first step.
 */
export default function ClosingDateCalendar({ selected, onPick }: { selected: Date | undefined; onPick: (isoDate: string) => void }) {
	return (
		<DayPicker
			mode="single"
			selected={selected}
			defaultMonth={selected}
			disabled={{ before: startOfToday() }}
			onSelect={(date) => {
				if (date) onPick(format(date, 'yyyy-MM-dd'))
			}}
			autoFocus
		/>
	)
}
