import { cardClass } from '#app/components/ui/styles.ts'
import { FOUND_CATEGORIES, FOUND_CATEGORY_LABELS, type PersonalDataFound } from '#app/features/data-requests/found-categories.ts'

const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value))

/** docs/decisions/0091: everything held about the requester, by category; React escapes every value. */
export function FoundData({ found }: { found: PersonalDataFound }) {
	return (
		<section className={`${cardClass} space-y-4 p-5`} aria-labelledby="found-data">
			<h2 id="found-data" className="text-lg font-bold text-slate-900">
				What is held
			</h2>
			{FOUND_CATEGORIES.map((category) => (
				<details key={category} className="rounded-md border border-slate-200" data-testid={`found-${category}`}>
					<summary className="cursor-pointer p-3 font-semibold text-slate-900">
						{FOUND_CATEGORY_LABELS[category]}: {found[category].length}
					</summary>
					{found[category].length === 0 ? (
						<p className="px-3 pb-3 text-slate-700">Nothing held.</p>
					) : (
						<ul className="divide-y divide-slate-200">
							{found[category].map((row) => (
								<li key={String(row.id)} className="p-3">
									<dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
										{Object.entries(row).map(([key, value]) => (
											<div key={key} className="contents">
												<dt className="text-slate-700">{key}</dt>
												<dd className="break-words whitespace-pre-wrap text-slate-900">{cell(value)}</dd>
											</div>
										))}
									</dl>
								</li>
							))}
						</ul>
					)}
				</details>
			))}
		</section>
	)
}
