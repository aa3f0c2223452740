import type { LoanProductKey } from '#app/features/content/content-schemas.ts'
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
}: {
	productKey: LoanProductKey
	product: LoanProductForm
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
				<TextField label="Starting rate (%)" required hint="e.g. 5.875" {...figure('minRate')} />
				{product.apr === undefined ? null : (
					<TextField label="APR (%)" required hint="Shown beside the starting rate on the home page." {...figure('apr')} />
				)}
				<TextField label="Max LTV (%)" required {...figure('maxLTV')} />
				<TextField label="Minimum loan amount ($)" required hint="Whole dollars, e.g. 75000" {...figure('minLoanAmount')} />
				<TextField label="Maximum loan amount ($)" required hint="Whole dollars, e.g. 5000000" {...figure('maxLoanAmount')} />
				<TextField label="Shortest term (months)" required hint="e.g. 6; 360 is shown as 30 years" {...figure('minTermMonths')} />
				<TextField label="Longest term (months)" required hint="e.g. 18" {...figure('maxTermMonths')} />
				<p className="text-sm text-slate-600 md:col-span-2">
					These figures are printed on every public page that mentions them. In features and terms, write {'{minRate}'}, {'{maxLTV}'},{' '}
					{'{minLoan}'}, {'{maxLoan}'}, {'{maxTerm}'} or {'{termRange}'} to show the figure; the terms card already lists them.
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
