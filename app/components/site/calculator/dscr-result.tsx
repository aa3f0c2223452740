import type { DscrRating, DscrResult } from '#app/features/calculator/mortgage.ts'
import { formatDscr } from '#app/features/calculator/mortgage.ts'
import { formatDollars } from '#app/features/money/money.ts'

const ratingBadge = 'mt-1 inline-block rounded-full px-4 py-1 font-semibold'

/** The rating badge's classes, for React and for the page's inline script (dscrCalculatorScript). */
export const ratingClasses: Record<DscrRating, string> = {
	Excellent: `${ratingBadge} bg-green-100 text-green-800`,
	Good: `${ratingBadge} bg-yellow-100 text-yellow-900`,
	'Needs Improvement': `${ratingBadge} bg-red-100 text-red-800`,
}

/**
 * spec 1 §5: the DSCR calculator's result. Without a result it is the empty markup the page's inline script
 * fills in (rendered in a `<template>` on the server).
 */
export function DscrResultList({ result }: { result?: DscrResult }) {
	return (
		<dl className="mt-4 grid gap-4 sm:grid-cols-2">
			<div className="rounded-lg bg-brand-50 p-4">
				<dt className="text-sm text-slate-600">Monthly payment</dt>
				<dd className="text-2xl font-bold text-brand-900" data-testid="dscr-payment">
					{result ? formatDollars(result.monthlyPayment, { cents: 'always' }) : null}
				</dd>
			</div>
			<div className="rounded-lg bg-brand-50 p-4">
				<dt className="text-sm text-slate-600">DSCR</dt>
				<dd className="text-2xl font-bold text-brand-900" data-testid="dscr-value">
					{result ? formatDscr(result.dscr) : null}
				</dd>
			</div>
			<div className="sm:col-span-2">
				<dt className="text-sm text-slate-600">Rating</dt>
				<dd className={result ? ratingClasses[result.rating] : ''} data-testid="dscr-rating">
					{result?.rating}
				</dd>
			</div>
		</dl>
	)
}
