import { Check } from 'lucide-react'
import type { Option } from '#app/features/quote-wizard/options.ts'

/** A required single choice shown as large cards; a native radio group, so keyboard and screen readers work. */
export function OptionGrid({
	name,
	legend,
	options,
	value,
	onChange,
	columns = 2,
	hideLegend = false,
}: {
	name: string
	legend: string
	options: ReadonlyArray<Option>
	value: string | undefined
	onChange: (value: string) => void
	columns?: 1 | 2 | 3
	hideLegend?: boolean
}) {
	const grid = columns === 1 ? '' : columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3'
	return (
		<fieldset>
			<legend className={hideLegend ? 'sr-only' : 'mb-3 font-semibold text-slate-900'}>
				{legend}{' '}
				<span aria-hidden="true" className="text-red-700">
					*
				</span>
			</legend>
			<div className={`grid gap-3 ${grid}`}>
				{options.map((option) => {
					const checked = value === option.value
					return (
						<label
							key={option.value}
							// has-[:checked]: a choice made before the page's script runs shows too (the wizard's first step, docs/decisions/0064).
							className={`flex cursor-pointer items-center gap-3 rounded-lg border-2 p-4 transition-colors has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
								checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-200'
							}`}
						>
							<input
								type="radio"
								name={name}
								value={option.value}
								checked={checked}
								onChange={() => onChange(option.value)}
								className="sr-only"
							/>
							<span
								aria-hidden="true"
								className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400'}`}
							>
								{checked ? <Check className="h-3 w-3" /> : null}
							</span>
							<span>
								<span className="block font-medium text-slate-900">{option.label}</span>
								{option.description ? <span className="block text-sm text-slate-600">{option.description}</span> : null}
							</span>
						</label>
					)
				})}
			</div>
		</fieldset>
	)
}
