import { cashOutChoiceText } from '#app/features/quote-wizard/cash-out-amounts.ts'
import { cashOutAboveCap, cashOutCapNotice, cashOutPercent, programMaxLtv } from '#app/features/quote-wizard/cash-out-cap.ts'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import { CASH_OUT_PERCENTAGES } from '#app/features/quote-wizard/options.ts'
import { stepCounter } from '#app/features/quote-wizard/progress.ts'
import { stepFieldErrors } from '#app/features/quote-wizard/steps.ts'
import { OptionGrid } from '../option-grid.tsx'
import { MoneyField, TextField } from '../text-field.tsx'
import { StepFrame } from './step-frame.tsx'

/** spec 1 §2 step 6. */
export function PropertyDetailsStep({ showErrors }: { showErrors: boolean }) {
	const { formData, updateFormData } = useLoanForm()
	const errors = showErrors ? stepFieldErrors('property-details', formData) : {}
	return (
		<StepFrame title="Tell us about the purchase" description={stepCounter('property-details', formData)}>
			<div className="grid gap-4 sm:grid-cols-2">
				<MoneyField
					id="purchase-price"
					label="Purchase price"
					required
					placeholder="$500,000"
					value={formData.purchasePrice}
					error={errors.purchasePrice}
					onChange={(purchasePrice) => updateFormData({ purchasePrice })}
				/>
				<MoneyField
					id="down-payment"
					label="Down payment"
					required
					placeholder="$125,000"
					value={formData.downPayment}
					error={errors.downPayment}
					onChange={(downPayment) => updateFormData({ downPayment })}
				/>
			</div>
		</StepFrame>
	)
}

/** spec 1 §2 step 7. */
export function RefinanceValueStep({ showErrors }: { showErrors: boolean }) {
	const { formData, updateFormData } = useLoanForm()
	const errors = showErrors ? stepFieldErrors('refinance-value-loan', formData) : {}
	return (
		<StepFrame title="Property Value & Loan Details">
			<div className="grid gap-4 sm:grid-cols-2">
				<MoneyField
					id="estimated-value"
					label="Estimated property value"
					required
					placeholder="$750,000"
					value={formData.estimatedPropertyValue}
					error={errors.estimatedPropertyValue}
					onChange={(estimatedPropertyValue) => updateFormData({ estimatedPropertyValue })}
				/>
				<MoneyField
					id="current-balance"
					label="Current mortgage balance"
					required
					placeholder="$200,000"
					value={formData.currentBalance}
					error={errors.currentBalance}
					onChange={(currentBalance) => updateFormData({ currentBalance })}
				/>
			</div>
		</StepFrame>
	)
}

/** spec 1 §2 step 8: 'Other' reveals a custom percentage. */
export function CashOutStep({ showErrors }: { showErrors: boolean }) {
	const { formData, updateFormData } = useLoanForm()
	const errors = showErrors ? stepFieldErrors('cash-out-amount', formData) : {}
	const maxLtvByProduct = useWizardEnv().data.maxLtvByProduct
	const aboveCap = errors.cashOutPercentageOther ? null : cashOutAboveCap(formData, programMaxLtv(formData.loanProgram, maxLtvByProduct))
	// docs/decisions/0074: each percentage in dollars, from the value and balance of the step before.
	const options = CASH_OUT_PERCENTAGES.map((option) => {
		const percent = option.value === 'other' ? (errors.cashOutPercentageOther ? null : cashOutPercent(formData)) : Number(option.value)
		const description =
			percent === null || (option.value === 'other' && formData.cashOutPercentage !== 'other')
				? undefined
				: cashOutChoiceText(percent, formData)
		return description ? { ...option, description } : option
	})
	return (
		<StepFrame title="How much cash out?" description="Choose the loan-to-value you would like to borrow up to.">
			<OptionGrid
				name="cashOutPercentage"
				legend="Cash-out percentage"
				hideLegend
				columns={3}
				options={options}
				value={formData.cashOutPercentage}
				onChange={(cashOutPercentage) => updateFormData({ cashOutPercentage })}
			/>
			{formData.cashOutPercentage === 'other' ? (
				<TextField
					id="cash-out-other"
					label="Custom percentage"
					required
					placeholder="85%"
					value={formData.cashOutPercentageOther}
					error={errors.cashOutPercentageOther}
					onChange={(cashOutPercentageOther) => updateFormData({ cashOutPercentageOther })}
					maxLength={10}
				/>
			) : null}
			{/* Information, not an error: the answer is accepted and a loan officer decides. */}
			<p role="status" className="min-h-6 text-slate-700" data-testid="cash-out-cap">
				{aboveCap ? cashOutCapNotice(aboveCap) : null}
			</p>
		</StepFrame>
	)
}
