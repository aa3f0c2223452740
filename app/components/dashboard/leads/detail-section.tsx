import type { ReactNode } from 'react'
import type { DetailRow } from '#app/features/leads/model/lead-application.ts'

/** One titled block of label/value pairs in the lead details dialog. */
export function DetailSection({ title, rows, children }: { title: string; rows: DetailRow[]; children?: ReactNode }) {
	return (
		<section className="rounded-lg border border-slate-200 p-4">
			<h3 className="font-semibold text-slate-900">{title}</h3>
			<dl className="mt-2 grid grid-cols-[minmax(7rem,40%)_1fr] gap-x-4 gap-y-1 text-sm">
				{rows.map((row) => (
					<div key={row.label} className="contents">
						<dt className="text-slate-700">{row.label}</dt>
						<dd className="wrap-anywhere text-slate-900">{row.value}</dd>
					</div>
				))}
			</dl>
			{children}
		</section>
	)
}
