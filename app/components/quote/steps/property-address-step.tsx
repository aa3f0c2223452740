import { useState } from 'react'
import { stateError, zipError } from '#app/features/places/us-address.ts'
import { stepFieldErrors } from '#app/features/quote-wizard/steps.ts'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { AddressAutocomplete } from '../address-autocomplete.tsx'
import { OptionGrid } from '../option-grid.tsx'
import { TextField } from '../text-field.tsx'
import { StepFrame } from './step-frame.tsx'

const METHODS = [
	{ value: 'full-address', label: 'I have the full address' },
	{ value: 'general-location', label: 'General location (city, state, ZIP)' },
] as const

/**
 * spec 1 §2 step 5: full address or general location; refinances always need the full address. docs/decisions/0077: an
 * address whose state cannot be read (typed without a state, or a ZIP of no state) asks for it after Continue.
 */
export function PropertyAddressStep({ showErrors = false }: { showErrors?: boolean }) {
	const { formData, updateFormData } = useLoanForm()
	const refinance = formData.transactionType === 'refinance' || formData.transactionType === 'cash-out-refinance'
	const method = refinance ? 'full-address' : (formData.addressInputMethod ?? 'full-address')
	// A field's message shows once the visitor leaves it, or at once for a value kept from an earlier visit.
	const [left, setLeft] = useState(() => ({ state: Boolean(formData.manualState), zip: Boolean(formData.manualZip) }))
	const missingState = showErrors ? stepFieldErrors('property-address', formData) : {}
	const errors = {
		state: left.state ? stateError(formData.manualState) : undefined,
		zip: (left.zip ? zipError(formData.manualZip) : undefined) ?? missingState.manualZip,
	}
	return (
		<StepFrame
			title="Where is the property located?"
			description={refinance ? 'Enter the address of the property you are refinancing.' : undefined}
		>
			{refinance ? null : (
				<OptionGrid
					name="addressInputMethod"
					legend="How would you like to enter the location?"
					options={METHODS}
					value={method}
					onChange={(value) => updateFormData({ addressInputMethod: value as 'full-address' | 'general-location' })}
				/>
			)}
			{method === 'full-address' ? (
				<AddressAutocomplete
					id="property-address"
					label="Property address"
					value={formData.propertyFullAddress}
					error={missingState.propertyFullAddress}
					// Typing makes the text the address: the parts of an earlier pick no longer describe it (docs/decisions/0077).
					onTextChange={(propertyFullAddress) =>
						updateFormData({
							propertyFullAddress,
							addressInputMethod: 'full-address',
							propertyAddress: undefined,
							propertyCity: undefined,
							propertyState: undefined,
							propertyZip: undefined,
						})
					}
					onPlaceSelected={(place) =>
						updateFormData({
							propertyFullAddress: place.fullAddress,
							propertyAddress: place.street,
							propertyCity: place.city,
							propertyState: place.state,
							propertyZip: place.zip,
						})
					}
				/>
			) : (
				<div className="grid gap-4 sm:grid-cols-3">
					<TextField
						id="manual-city"
						label="City"
						value={formData.manualCity}
						onChange={(manualCity) => updateFormData({ manualCity })}
						autoComplete="address-level2"
					/>
					{/* biome-ignore lint/a11y/noStaticElementInteractions: focusout of the field inside, which is the interactive element */}
					<div onBlur={() => setLeft((now) => ({ ...now, state: true }))}>
						<TextField
							id="manual-state"
							label="State"
							value={formData.manualState}
							onChange={(manualState) => updateFormData({ manualState })}
							autoComplete="address-level1"
							maxLength={100}
							error={errors.state}
						/>
					</div>
					{/* biome-ignore lint/a11y/noStaticElementInteractions: focusout of the field inside, which is the interactive element */}
					<div onBlur={() => setLeft((now) => ({ ...now, zip: true }))}>
						<TextField
							id="manual-zip"
							label="ZIP code"
							value={formData.manualZip}
							onChange={(manualZip) => updateFormData({ manualZip: manualZip.replace(/[^\d-]/g, '') })}
							inputMode="numeric"
							autoComplete="postal-code"
							maxLength={10}
							error={errors.zip}
						/>
					</div>
					<p className="text-sm text-slate-600 sm:col-span-3">Enter a city and state, or a ZIP code.</p>
				</div>
			)}
		</StepFrame>
	)
}
