import { PRODUCT_LABELS } from '#app/features/pricing/dscr-pricing.ts'
import type { LoanOption } from '#app/features/pricing/pricing-request.ts'
import type { DscrProduct } from '#app/features/pricing/rate-sheet.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { money } from '#app/features/pricing/terms-text.ts'

/** What each loan is, in a line under its name. */
const PRODUCT_NOTES: Record<DscrProduct, string> = {
	'30-year-fixed': 'The rate never changes',
	'7-6-arm': 'Fixed for 7 years, then adjusts every 6 months',
	'5-6-arm': 'Fixed for 5 years, then adjusts every 6 months',
}
const PAYMENT_NAMES = { amortizing: 'Principal and interest', interestOnly: 'Interest-only' }
const PAYMENT_NOTES = { amortizing: 'Pays the loan off over 30 years', interestOnly: 'Pays the interest; the balance is not paid down' }

export type LoanSelection = { product: DscrProduct; interestOnly: boolean }

/**
 * docs/decisions/0103: every loan the rate sheet offers, beside the credit band and the grid: the product (the 30-year
 * fixed and the ARMs) and the payments (principal and interest, or interest-only). With a credit band each option shows
 * its rate and payment for the same prepayment option and points, priced by the server; one the scenario does not
 * qualify for says why, and can still be chosen to read its terms.
 */
export function LoanChoice({
	loans,
	selected,
	onSelect,
}: {
	loans: LoanOption[]
	selected: LoanSelection
	onSelect: (selection: LoanSelection) => void
}) {
	const products = [...new Set(loans.map((loan) => loan.product))]
	const payments = [...new Set(loans.filter((loan) => loan.product === selected.product).map((loan) => loan.interestOnly))]
	const find = (product: DscrProduct, interestOnly: boolean) =>
		loans.find((loan) => loan.product === product && loan.interestOnly === interestOnly)
	// Nothing to choose: one product with one kind of payment.
	if (products.length < 2 && payments.length < 2) return null
	return (
		<div className="mt-4 grid gap-4 sm:grid-cols-2 print:hidden" data-testid="loan-choice">
			{products.length > 1 ? (
				<fieldset>
					<legend className="text-sm font-semibold text-slate-900">Loan</legend>
					<div className="mt-1 space-y-2">
						{products.map((product) => (
							<Option
								key={product}
								name="terms-product"
								checked={product === selected.product}
								onChange={() => onSelect({ ...selected, product })}
								title={PRODUCT_LABELS[product]}
								note={PRODUCT_NOTES[product]}
								loan={find(product, selected.interestOnly) ?? find(product, false)}
							/>
						))}
					</div>
				</fieldset>
			) : null}
			{payments.length > 1 ? (
				<fieldset>
					<legend className="text-sm font-semibold text-slate-900">Payments</legend>
					<div className="mt-1 space-y-2">
						{payments.map((interestOnly) => {
							const kind = interestOnly ? 'interestOnly' : 'amortizing'
							return (
								<Option
									key={kind}
									name="terms-payments"
									checked={interestOnly === selected.interestOnly}
									onChange={() => onSelect({ ...selected, interestOnly })}
									title={PAYMENT_NAMES[kind]}
									note={PAYMENT_NOTES[kind]}
									loan={find(selected.product, interestOnly)}
								/>
							)
						})}
					</div>
				</fieldset>
			) : null}
		</div>
	)
}

function Option({
	name,
	checked,
	onChange,
	title,
	note,
	loan,
}: {
	name: string
	checked: boolean
	onChange: () => void
	title: string
	note: string
	loan: LoanOption | undefined
}) {
	const priced = loan && loan.rate !== null && loan.reasons.length === 0
	return (
		<label
			className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm ${
				checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300 hover:bg-slate-50'
			}`}
			data-testid="loan-option"
		>
			<input type="radio" name={name} checked={checked} onChange={onChange} className="mt-1 h-4 w-4 shrink-0 accent-brand-700" />
			<span className="min-w-0">
				<span className="block font-semibold text-slate-900">{title}</span>
				<span className="block text-xs text-slate-700">{note}</span>
				{priced ? (
					// A figure never breaks across lines; on a narrow phone the payment goes under the rate.
					<span className="block font-medium tabular-nums text-slate-900" data-testid="loan-option-figures">
						<span className="whitespace-nowrap">{formatRate(loan.rate!)}</span> ·{' '}
						<span className="whitespace-nowrap">{money(loan.payment)} a month</span>
					</span>
				) : loan && loan.reasons.length > 0 ? (
					<span className="block text-amber-900" data-testid="loan-option-reason">
						Not available: {loan.reasons[0]}
					</span>
				) : null}
			</span>
		</label>
	)
}
