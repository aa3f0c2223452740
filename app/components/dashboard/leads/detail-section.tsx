import type { ReactNode } from 'react'
import { type DetailRow, NOT_PROVIDED } from '#app/features/leads/model/lead-application.ts'

/**
 * One titled block of label/value pairs in the lead details dialog. docs/decisions/0104: the answers the lead does not
 * have are one line, "Not provided: FICO Score, Monthly Rent", instead of a row each (spec 2 §2's 'Not provided' for an
 * empty value, without a screenful of them on a phone).
 */
export function DetailSection({ title, rows, children }: { title: string; rows: DetailRow[]; children?: ReactNode }) {
	const given = rows.filter((row) => row.value !== NOT_PROVIDED)
	const missing = rows.filter((row) => row.value === NOT_PROVIDED)
	return (
		<section className="rounded-lg border border-slate-200 p-4">
			<h3 className="font-semibold text-slate-900">{title}</h3>
			{given.length > 0 ? (
				<dl className="mt-2 grid grid-cols-[minmax(7rem,40%)_1fr] gap-x-4 gap-y-1 text-sm">
					{given.map((row) => (
						<div key={row.label} className="contents">
							<dt className="text-slate-700">{row.label}</dt>
							<dd className="wrap-anywhere text-slate-900">{row.value}</dd>
						</div>
					))}
				</dl>
			) : null}
			{missing.length > 0 ? (
				<p className="mt-2 text-sm text-slate-700" data-testid="not-provided">
					{NOT_PROVIDED}: {missing.map((row) => row.label).join(', ')}
				</p>
			) : null}
			{children}
		</section>
	)
}
