import { FieldLabel } from '#app/components/ui/field.tsx'
import { inputClass } from '#app/components/ui/styles.ts'
import { US_STATES } from '#app/features/places/us-address.ts'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { StepFrame } from './step-frame.tsx'

const states = Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b))

/**
 * docs/decisions/0051: a purchase without a property yet still has a state, so the lead can be routed
 * by state: the 50 states and DC (docs/decisions/0032), as the server checks.
 */
export function TargetStateStep() {
	const { formData, updateFormData } = useLoanForm()
	return (
		<StepFrame title="Where are you looking to buy?" description="Choose the state of the property you plan to buy.">
			<div>
				<FieldLabel htmlFor="target-state" label="State" required density="comfortable" />
				<select
					id="target-state"
					name="targetState"
					aria-required="true"
					value={formData.targetState ?? ''}
					onChange={(event) => updateFormData({ targetState: event.target.value })}
					className={`${inputClass} py-2.5`}
				>
					<option value="" disabled>
						Select a state
					</option>
					{states.map(([code, name]) => (
						<option key={code} value={code}>
							{name}
						</option>
					))}
				</select>
			</div>
		</StepFrame>
	)
}
