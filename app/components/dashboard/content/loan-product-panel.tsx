import { Link } from 'react-router'
import type { LoanProductKey } from '#app/features/content/content-schemas.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { formatAmount, formatPercent } from '#app/features/products/figures.ts'
import type { SheetFigures } from '#app/features/products/sheet-figures.ts'
import { TextAreaField, TextField } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '../../../features/content/editor-result.ts'
import { FeatureListEditor } from './feature-list-editor.tsx'
import type { LoanProductForm } from './loan-products-form.ts'
import { TermsEditor } from './terms-editor.tsx'

type Figure = 'minRate' | 'apr' | 'maxLTV' | 'minLoanAmount' | 'maxLoanAmount' | 'minTermMonths' | 'maxTermMonths'

/** One loan product's fields (spec 2 §2), plus the terms card and, for DSCR, the APR of the home page's rates panel. */
export function LoanProductPanel({
	productKey,
	product,
	errors,
	onChange,
	fromSheet,
}: {
	productKey: LoanProductKey
	product: LoanProductForm
	/**
	 * The rate sheet's "from" rate, APR, max LTV and loan range (docs/decisions/0067, 0072); null when the sheet does not
	 * offer the program.
	 */
	fromSheet: SheetFigures | null
	errors: FieldErrors
	onChange: (change: Partial<LoanProductForm>) => void
}) {
	const id = (name: string) => `${productKey}-${name}`
	const text = (name: 'title' | 'description') => ({
		id: id(name),
		value: product[name],
		error: errors[name],
		onChange: (value: string) => onChange({ [name]: value }),
	})
	const figure = (name: Figure) => ({
		id: id(name),
		value: product[name] ?? '',
		error: errors[name],
		inputMode: 'decimal' as const,
		onChange: (value: string) => onChange({ [name]: value }),
	})
	return (
		<div className="space-y-8">
			<div className="grid gap-5 md:grid-cols-2">
				<TextField label="Title" required {...text('title')} />
				{fromSheet ? (
					<SheetFiguresNote figures={fromSheet} />
				) : (
					<>
						<TextField
							label="Starting rate (%)"
							required
							hint="The rate sheet does not offer this program now; e.g. 5.875"
							{...figure('minRate')}
						/>
						<TextField label="Max LTV (%)" required {...figure('maxLTV')} />
					</>
				)}
				{product.apr === undefined || fromSheet?.apr !== undefined ? null : (
					<TextField label="APR (%)" required hint="Shown beside the starting rate on the home page." {...figure('apr')} />
				)}
				{fromSheet?.minLoanAmount !== undefined ? null : (
					<>
						<TextField label="Minimum loan amount ($)" required hint="Whole dollars, e.g. 75000" {...figure('minLoanAmount')} />
						<TextField label="Maximum loan amount ($)" required hint="Whole dollars, e.g. 5000000" {...figure('maxLoanAmount')} />
					</>
				)}
				<TextField label="Shortest term (months)" required hint="e.g. 6; 360 is shown as 30 years" {...figure('minTermMonths')} />
				<TextField label="Longest term (months)" required hint="e.g. 18" {...figure('maxTermMonths')} />
				<p className="text-sm text-slate-600 md:col-span-2">
					These figures are printed on every public page that mentions them. In features and terms, write {'{minRate}'}, {'{maxLTV}'},{' '}
					{'{minLoan}'}, {'{maxLoan}'}, {'{maxTerm}'} or {'{termRange}'} to show the figure; the terms card already lists them.
					{productKey === 'dscr'
						? " {maxPurchaseLTV}, {maxRefinanceLTV} and {maxCashOutLTV} print the sheet's LTV for each purpose."
						: ' {maxLTC}, {maxARV} and {maxAsIsLTV} print the sheet’s caps to cost, to the value after the work and to the as-is value.'}
				</p>
				<div className="md:col-span-2">
					<TextAreaField label="Description" required {...text('description')} />
				</div>
			</div>
			<FeatureListEditor
				idPrefix={productKey}
				features={product.features}
				errors={errors}
				onChange={(features) => onChange({ features })}
			/>
			<TermsEditor idPrefix={productKey} terms={product.terms} errors={errors} onChange={(terms) => onChange({ terms })} />
		</div>
	)
}

/** The figures the rate sheet decides, read-only here: the Pricing screen changes them. */
function SheetFiguresNote({ figures }: { figures: SheetFigures }) {
	const byPurpose = figures.maxLtvByPurpose
	return (
		<div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200 md:col-span-2" data-testid="sheet-figures">
			<p>
				<strong>Rates from {formatRate(figures.minRate)}</strong>
				{figures.apr === undefined ? null : <strong> (APR {formatRate(figures.apr)})</strong>},{' '}
				<strong>max LTV {formatPercent(figures.maxLTV)}</strong>
				{byPurpose
					? ` (purchase ${formatPercent(byPurpose.purchase)}, refinance ${formatPercent(byPurpose.refinance)}, cash-out ${formatPercent(byPurpose.cashOut)})`
					: null}
				{figures.minLoanAmount !== undefined && figures.maxLoanAmount !== undefined ? (
					<strong>
						, loans {formatAmount(figures.minLoanAmount)}-{formatAmount(figures.maxLoanAmount)}
					</strong>
				) : null}
				: the rate sheet&rsquo;s, printed on every public page that mentions them, with its credit, DSCR and other eligibility figures (
				{'{minCredit}'}, {'{minDscr}'} and the like in features and terms).
			</p>
			<p className="mt-1">
				Publish a new sheet on{' '}
				<Link to="/dashboard/pricing" className="font-semibold text-brand-700 underline">
					Pricing
				</Link>{' '}
				to change them.
			</p>
		</div>
	)
}
