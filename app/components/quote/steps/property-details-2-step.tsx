import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { PROPERTY_CONDITIONS, YES_NO } from '#app/features/quote-wizard/options.ts'
import { stepCounter } from '#app/features/quote-wizard/progress.ts'
import { stepFieldErrors } from '#app/features/quote-wizard/steps.ts'
import { OptionGrid } from '../option-grid.tsx'
import { MoneyField, TextAreaField } from '../text-field.tsx'
import { StepFrame } from './step-frame.tsx'

/** spec 1 §2 step 12 and §5: rent depends on whether it is rented; an HOA needs its amount. */
export function PropertyDetails2Step({ showErrors }: { showErrors: boolean }) {
	const { formData, updateFormData } = useLoanForm()
	const errors = showErrors ? stepFieldErrors('property-details-2', formData) : {}
	return (
		<StepFrame title="Property Details" description={stepCounter('property-details-2', formData)}>
			<OptionGrid
				name="currentlyRented"
				legend="Is the property currently rented?"
				options={YES_NO}
				value={formData.currentlyRented}
				onChange={(currentlyRented) => updateFormData({ currentlyRented })}
			/>
			{formData.currentlyRented === 'yes' ? (
				<MoneyField
					id="monthly-rent"
					label="Monthly rent"
					required
					placeholder="$2,500"
					value={formData.monthlyRent}
					error={errors.monthlyRent}
					onChange={(monthlyRent) => updateFormData({ monthlyRent })}
				/>
			) : null}
			{formData.currentlyRented === 'no' ? (
				<MoneyField
					id="estimated-rent"
					label="Estimated monthly rent"
					required
					placeholder="$2,500"
					value={formData.estimatedMonthlyRent}
					error={errors.estimatedMonthlyRent}
					onChange={(estimatedMonthlyRent) => updateFormData({ estimatedMonthlyRent })}
				/>
			) : null}
			<OptionGrid
				name="hasMonthlyHOA"
				legend="Is there a monthly HOA fee?"
				options={YES_NO}
				value={formData.hasMonthlyHOA}
				onChange={(hasMonthlyHOA) => updateFormData({ hasMonthlyHOA })}
			/>
			{formData.hasMonthlyHOA === 'yes' ? (
				<MoneyField
					id="hoa-amount"
					label="Monthly HOA amount"
					required
					placeholder="$150"
					value={formData.monthlyHOAAmount}
					error={errors.monthlyHOAAmount}
					onChange={(monthlyHOAAmount) => updateFormData({ monthlyHOAAmount })}
				/>
			) : null}
			<OptionGrid
				name="propertyCondition"
				legend="What condition is the property in?"
				options={PROPERTY_CONDITIONS}
				value={formData.propertyCondition}
				onChange={(propertyCondition) => updateFormData({ propertyCondition })}
			/>
			<TextAreaField
				id="property-extra"
				label="Anything else about the property? (optional)"
				value={formData.additionalPropertyDetails}
				onChange={(additionalPropertyDetails) => updateFormData({ additionalPropertyDetails })}
				maxLength={2000}
			/>
		</StepFrame>
	)
}
