import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useLayoutEffect, useRef } from 'react'
import { buttonClass } from '#app/components/ui/styles.ts'
import { DEFAULT_LEAD_COLUMNS, LEAD_COLUMNS, type LeadColumn, moveLeadColumn } from '#app/features/leads/work/lead-columns.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

const moveClass =
	'inline-flex h-7 w-7 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40'

/**
 * docs/decisions/0052: the "Columns" control: a checkbox per column to show or hide it and buttons to
 * move the shown ones up or down (order of the table, left to right); hidden columns follow, unchecked.
 */
export function LeadColumnsControl({ columns, onChange }: { columns: readonly LeadColumn[]; onChange: (next: LeadColumn[]) => void }) {
	const hydrated = useHydrated()
	// A shown or hidden column changes place in the list, which takes focus from its control: give it back.
	const refocus = useRef<{ id: string; fallback: string } | null>(null)
	useLayoutEffect(() => {
		const target = refocus.current
		if (!target) return
		refocus.current = null
		const element = document.getElementById(target.id) as HTMLInputElement | HTMLButtonElement | null
		;(element && !element.disabled ? element : document.getElementById(target.fallback))?.focus()
	})
	const change = (id: string, key: LeadColumn, next: LeadColumn[]) => {
		refocus.current = { id, fallback: `lead-column-${key}` }
		onChange(next)
	}
	const hidden = LEAD_COLUMNS.filter((column) => !columns.includes(column.key)).map((column) => column.key)
	const ordered = [...columns, ...hidden]
	const label = (key: LeadColumn) => LEAD_COLUMNS.find((column) => column.key === key)!.label
	const toggle = (key: LeadColumn, shown: boolean) => {
		if (shown) change(`lead-column-${key}`, key, [...columns, key])
		else if (columns.length > 1)
			change(
				`lead-column-${key}`,
				key,
				columns.filter((column) => column !== key),
			)
	}
	return (
		<Popover.Root>
			<Popover.Trigger className={buttonClass.secondary} disabled={!hydrated}>
				<Columns3 className="h-4 w-4" aria-hidden="true" /> Columns
			</Popover.Trigger>
			<Popover.Portal>
				<Popover.Content align="end" sideOffset={4} className="z-40 w-72 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-200">
					<fieldset>
						<legend className="px-2 py-1 text-sm font-semibold text-slate-900">Columns shown, in order</legend>
						<ul className="space-y-0.5">
							{ordered.map((key) => {
								const shown = columns.includes(key)
								const index = columns.indexOf(key)
								return (
									<li key={key} className="flex items-center gap-1 rounded-md px-2 py-0.5 hover:bg-slate-50">
										<label className="flex flex-1 cursor-pointer items-center gap-3 py-1 text-sm text-slate-800">
											<input
												id={`lead-column-${key}`}
												type="checkbox"
												className="h-4 w-4 accent-brand-700"
												checked={shown}
												// At least one column stays.
												disabled={shown && columns.length === 1}
												onChange={(event) => toggle(key, event.target.checked)}
											/>
											{label(key)}
										</label>
										<button
											id={`lead-column-${key}-up`}
											type="button"
											className={moveClass}
											aria-label={`Move ${label(key)} up`}
											disabled={!shown || index === 0}
											onClick={() => change(`lead-column-${key}-up`, key, moveLeadColumn(columns, key, -1))}
										>
											<ArrowUp className="h-4 w-4" aria-hidden="true" />
										</button>
										<button
											id={`lead-column-${key}-down`}
											type="button"
											className={moveClass}
											aria-label={`Move ${label(key)} down`}
											disabled={!shown || index === columns.length - 1}
											onClick={() => change(`lead-column-${key}-down`, key, moveLeadColumn(columns, key, 1))}
										>
											<ArrowDown className="h-4 w-4" aria-hidden="true" />
										</button>
									</li>
								)
							})}
						</ul>
					</fieldset>
					<button type="button" className={`${buttonClass.secondary} mt-2 w-full`} onClick={() => onChange([...DEFAULT_LEAD_COLUMNS])}>
						Reset to default columns
					</button>
				</Popover.Content>
			</Popover.Portal>
		</Popover.Root>
	)
}
