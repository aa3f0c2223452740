import { stateOfZip, usStateCode } from '#app/features/places/us-address.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { addressStateOf } from '#app/features/quote-wizard/steps.ts'

/**
 * The two-letter state of the property, as the wizard stored it (property address or general location), else the
 * state a visitor without a property means to buy in (docs/decisions/0051); null when none. Routing rules and the
 * staff e-mail read it (docs/decisions/0089).
 */
export function propertyStateOf(formData: Partial<LoanFormData>) {
	// docs/decisions/0077: the address's state is read the one way the wizard and the schema read it.
	const code = (value: string | undefined) => usStateCode(value ?? '')
	return (
		addressStateOf(formData) ??
		code(formData.propertyState) ??
		code(formData.manualState) ??
		stateOfZip(formData.manualZip) ??
		code(formData.targetState)
	)
}
