import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { OFFER_STATUSES } from '#app/features/quote-wizard/options.ts'
import { ClosingDatePicker } from '../closing-date-picker.tsx'
import { OptionGrid } from '../option-grid.tsx'
import { StepFrame } from './step-frame.tsx'

/** spec 1 §2 step 4; §4: the calendar shows only while under contract is selected. */
export function OfferStatusStep() {
	const { formData, updateFormData } = useLoanForm()
	return (
		<StepFrame title="What is the status of your offer?">
			<OptionGrid
				name="offerStatus"
				legend="Offer status"
				hideLegend
				columns={1}
				options={OFFER_STATUSES}
				value={formData.offerStatus}
				onChange={(offerStatus) => updateFormData({ offerStatus })}
			/>
			{formData.offerStatus === 'under-contract' ? (
				<ClosingDatePicker value={formData.closingDate} onChange={(closingDate) => updateFormData({ closingDate })} />
			) : null}
		</StepFrame>
	)
}
