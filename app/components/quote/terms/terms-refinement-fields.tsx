import type { DscrQuote } from '#app/features/pricing/dscr-pricing.ts'
import { FICO_BANDS } from '#app/features/pricing/rate-sheet.ts'
import type { ShortTermQuote } from '#app/features/pricing/short-term-pricing.ts'
import { MONEY_INPUTS, type TermsInputs, placeholderFor } from '#app/features/pricing/terms-refinements.ts'
import { bandLabel } from '#app/features/pricing/terms-text.ts'

/**
 * What the borrower can change on the terms: the credit band, and for a DSCR loan (`withAmounts`) rent, taxes,
 * insurance and HOA, each with what is assumed as its placeholder and its error beside it.
 */
export function TermsRefinementFields({
	inputs,
	errors,
	onChange,
	withAmounts,
	quote,
	hidden,
}: {
	inputs: TermsInputs
	errors: Partial<Record<keyof TermsInputs, string>>
	onChange: (inputs: TermsInputs) => void
	withAmounts: boolean
	/** The quote shown, whose assumptions are the amounts' placeholders. */
	quote: DscrQuote | ShortTermQuote | null
	/** Too little experience for the program: nothing to refine (docs/decisions/0074). */
	hidden: boolean
}) {
	return (
		<div className={`mt-4 grid gap-3 sm:grid-cols-2 print:hidden ${hidden ? 'hidden' : ''}`}>
			<label className="block text-sm font-medium text-slate-900">
				Your credit score
				<select
					value={inputs.ficoBand}
					onChange={(event) => onChange({ ...inputs, ficoBand: event.target.value })}
					className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5"
				>
					<option value="">Not sure: show every band</option>
					{FICO_BANDS.map((value) => (
						<option key={value} value={value}>
							{bandLabel(value)}
						</option>
					))}
				</select>
			</label>
			{withAmounts
				? MONEY_INPUTS.map(([field, label]) => (
						<label key={field} className="block text-sm font-medium text-slate-900">
							{label}
							<input
								inputMode="numeric"
								maxLength={12}
								value={inputs[field]}
								placeholder={placeholderFor(field, quote)}
								aria-invalid={errors[field] ? true : undefined}
								aria-describedby={errors[field] ? `${field}-error` : undefined}
								onChange={(event) => onChange({ ...inputs, [field]: event.target.value })}
								className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5 aria-invalid:border-red-600"
							/>
							{errors[field] ? (
								<span id={`${field}-error`} className="mt-1 block text-sm text-red-700">
									{errors[field]}
								</span>
							) : null}
						</label>
					))
				: null}
		</div>
	)
}
