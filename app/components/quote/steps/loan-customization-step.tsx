import { useState } from 'react'
import { pushLeadEvent } from '#app/features/analytics/data-layer.ts'
import { longFormSuccessNotice } from '#app/features/quote-wizard/booking.ts'
import { filled } from '#app/features/quote-wizard/form-data.ts'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { EXIT_STRATEGIES, RESIDENCE_OWNERSHIP, TITLE_PREFERENCES, YES_NO } from '#app/features/quote-wizard/options.ts'
import { isProjectProgram } from '#app/features/quote-wizard/project-loan-rules.ts'
import { isLoanCustomizationComplete } from '#app/features/quote-wizard/steps.ts'
import { postJson, submissionFailureMessage, submissionKey } from '#app/features/quote-wizard/submit.ts'
import { useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import { AddressAutocomplete } from '../address-autocomplete.tsx'
import { OptionGrid } from '../option-grid.tsx'
import { DigitsField, TextAreaField, TextField } from '../text-field.tsx'
import { wizardToast } from '../wizard-toast.tsx'
import { StepFrame } from './step-frame.tsx'

const EXIT_STRATEGY_OTHER_MESSAGE = "You chose 'Other': please describe your exit strategy"

/** spec 1 §2 step 17 and §4 lead lifecycle 3: the long form's last step submits it. */
export function LoanCustomizationStep({ onIncomplete, schedulingUrl }: { onIncomplete: () => void; schedulingUrl: string | null }) {
	const { formData, updateFormData, leadToken, markLongFormSubmitted } = useLoanForm()
	const page = useWizardEnv().data
	const { company } = page
	const [submitting, setSubmitting] = useState(false)
	const [exitStrategyOtherError, setExitStrategyOtherError] = useState<string | undefined>()

	async function submit(event: React.FormEvent) {
		event.preventDefault()
		if (submitting) return
		if (!isLoanCustomizationComplete(formData)) {
			const describeMissing = formData.exitStrategy === 'other' && !filled(formData.exitStrategyOther)
			if (describeMissing) {
				setExitStrategyOtherError(EXIT_STRATEGY_OTHER_MESSAGE)
				setTimeout(() => document.getElementById('exit-strategy-other')?.focus())
			}
			// The description alone is missing: say so; otherwise spec 1 §8's toast for missing answers.
			if (describeMissing && isLoanCustomizationComplete({ ...formData, exitStrategyOther: '-' })) {
				wizardToast.error('Please describe your exit strategy', {
					description: EXIT_STRATEGY_OTHER_MESSAGE,
					fixedWhen: (data) => filled(data.exitStrategyOther),
				})
			} else onIncomplete()
			return
		}
		const leadId = formData.leadId
		const token = leadToken()
		if (!leadId || !token) {
			// spec 1 §8: long form without a stored lead id.
			wizardToast.error('Submission failed', { description: 'No lead id found. Please start the application again.' })
			return
		}
		setSubmitting(true)
		const submission = submissionKey(sessionStorage, 'long-form')
		const { leadId: _leadId, ...answers } = formData
		const result = await postJson(`/api/leads/${leadId}/long-form`, { formData: answers }, { idempotencyKey: submission.key, token })
		setSubmitting(false)
		if (!result.ok) {
			const description = submissionFailureMessage(result, company.phone) || 'Please try again or contact support.'
			wizardToast.error('Submission failed', { description })
			return
		}
		submission.done()
		pushLeadEvent('longFormSubmit', leadId, formData, {
			settings: page.analytics,
			session: sessionStorage,
			local: localStorage,
			target: window,
		})
		const notice = longFormSuccessNotice(schedulingUrl)
		wizardToast.success(notice.title, { description: notice.description })
		markLongFormSubmitted()
	}

	return (
		<StepFrame title="Almost done! Customize Your Loan">
			<form onSubmit={submit} noValidate className="space-y-6">
				<OptionGrid
					name="interestOnlyPreference"
					legend="Would you like an interest-only option?"
					options={YES_NO}
					value={formData.interestOnlyPreference}
					onChange={(interestOnlyPreference) => updateFormData({ interestOnlyPreference })}
				/>
				<OptionGrid
					name="escrowPreference"
					legend="Escrow for taxes and insurance?"
					options={YES_NO}
					value={formData.escrowPreference}
					onChange={(escrowPreference) => updateFormData({ escrowPreference })}
				/>
				<OptionGrid
					name="titlePreference"
					legend="How will you hold title?"
					options={TITLE_PREFERENCES}
					value={formData.titlePreference}
					onChange={(titlePreference) => updateFormData({ titlePreference })}
				/>
				{/* docs/decisions/0028: fix & flip and construction answered their exit before the contact step. */}
				{isProjectProgram(formData) ? null : (
					<OptionGrid
						name="exitStrategy"
						legend="What is your exit strategy?"
						options={EXIT_STRATEGIES}
						value={formData.exitStrategy}
						onChange={(exitStrategy) => updateFormData({ exitStrategy })}
					/>
				)}
				{formData.exitStrategy === 'other' && !isProjectProgram(formData) ? (
					<TextField
						id="exit-strategy-other"
						label="Please describe"
						required
						value={formData.exitStrategyOther}
						error={exitStrategyOtherError}
						onChange={(exitStrategyOther) => {
							setExitStrategyOtherError(undefined)
							updateFormData({ exitStrategyOther })
						}}
						maxLength={500}
					/>
				) : null}
				<OptionGrid
					name="primaryResidenceOwnership"
					legend="Do you own your primary residence?"
					options={RESIDENCE_OWNERSHIP}
					value={formData.primaryResidenceOwnership}
					onChange={(primaryResidenceOwnership) => updateFormData({ primaryResidenceOwnership })}
				/>
				<AddressAutocomplete
					id="primary-residence"
					label="Primary residence address"
					clearable
					value={formData.primaryResidenceFullAddress}
					onTextChange={(primaryResidenceFullAddress) => updateFormData({ primaryResidenceFullAddress })}
					onPlaceSelected={(place) =>
						updateFormData({
							primaryResidenceFullAddress: place.fullAddress,
							primaryResidenceAddress: place.street,
							primaryResidenceCity: place.city,
							primaryResidenceState: place.state,
							primaryResidenceZip: place.zip,
						})
					}
				/>
				<DigitsField
					id="investment-count"
					label="How many other investment properties do you own?"
					required
					placeholder="0, 2, 5"
					value={formData.otherInvestmentCount}
					onChange={(otherInvestmentCount) => updateFormData({ otherInvestmentCount })}
				/>
				<OptionGrid
					name="additionalQuoteProperties"
					legend="Do other properties need a quote?"
					options={YES_NO}
					value={formData.additionalQuoteProperties}
					onChange={(additionalQuoteProperties) => updateFormData({ additionalQuoteProperties })}
				/>
				<TextAreaField
					id="scenario-details"
					label="Additional scenario details (optional)"
					value={formData.additionalScenarioDetails}
					onChange={(additionalScenarioDetails) => updateFormData({ additionalScenarioDetails })}
				/>
				<button
					type="submit"
					disabled={submitting}
					className="w-full rounded-md bg-accent-500 px-6 py-3.5 text-lg font-semibold text-brand-900 hover:bg-accent-600 disabled:opacity-70"
				>
					{submitting ? 'Submitting...' : 'Continue'}
				</button>
			</form>
		</StepFrame>
	)
}
