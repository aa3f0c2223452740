import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import {
	DOWN_PAYMENT_AMOUNTS,
	ENABLED_LOAN_PROGRAMS,
	FICO_SCORES_DETAILED,
	LOAN_PROGRAMS,
	type Option,
	PRICE_RANGES,
	PROPERTY_TYPES,
	PURCHASE_TIMELINES,
	QUOTE_PREFERENCES,
	TRANSACTION_TYPES,
	YES_NO,
} from '#app/features/quote-wizard/options.ts'
import { PROGRAM_PARAM } from '#app/features/quote-wizard/program-link.ts'
import { OptionGrid } from '../option-grid.tsx'
import { StepFrame } from './step-frame.tsx'

type ChoiceStepProps = {
	field: keyof LoanFormData
	title: string
	description?: string
	legend: string
	options: ReadonlyArray<Option>
	columns?: 1 | 2 | 3
	/** The radios' name, when it is not the field's (the first step's is the page's `?program=`). */
	name?: string
}

function ChoiceStep({ field, title, description, legend, options, columns, name = field }: ChoiceStepProps) {
	const { formData, updateFormData } = useLoanForm()
	return (
		<StepFrame title={title} description={description}>
			<OptionGrid
				name={name}
				legend={legend}
				hideLegend
				options={options}
				columns={columns}
				value={formData[field] as string | undefined}
				onChange={(value) => updateFormData({ [field]: value })}
			/>
		</StepFrame>
	)
}

// spec 1 §2 step 1: fix-flip and construction are switched off by flags.
const offeredPrograms = LOAN_PROGRAMS.filter((option) => ENABLED_LOAN_PROGRAMS.has(option.value))

export function LoanProgramStep() {
	// The descriptions' figures (a bridge loan's terms) come from the loan-products record, via the page's loader.
	const descriptions = useWizardEnv().data.programDescriptions
	const options = offeredPrograms.map((option) => ({ ...option, description: descriptions?.[option.value] ?? option.description }))
	return (
		<ChoiceStep
			field="loanProgram"
			// Before the wizard's script runs, Continue sends this choice as `?program=` (docs/decisions/0064).
			name={PROGRAM_PARAM}
			title="Which loan program fits your investment?"
			description="Choose a program to start your quote."
			legend="Loan program"
			options={options}
		/>
	)
}
export const PropertyTypeStep = () => (
	<ChoiceStep field="propertyType" title="What type of property is it?" legend="Property type" options={PROPERTY_TYPES} />
)
export const TransactionTypeStep = () => (
	<ChoiceStep
		field="transactionType"
		title="What type of transaction is this?"
		legend="Transaction type"
		options={TRANSACTION_TYPES}
		columns={3}
	/>
)
export const PropertyIdentificationStep = () => (
	<ChoiceStep field="hasFoundProperty" title="Have you found a property?" legend="Have you found a property?" options={YES_NO} />
)
export const PurchaseTimelineStep = () => (
	<ChoiceStep field="purchaseTimeline" title="When do you plan to purchase?" legend="Purchase timeline" options={PURCHASE_TIMELINES} />
)
export const PriceRangeStep = () => (
	<ChoiceStep field="priceRange" title="What price range are you shopping in?" legend="Price range" options={PRICE_RANGES} />
)
export const DownPaymentAmountStep = () => (
	<ChoiceStep field="downPaymentAmount" title="How much do you plan to put down?" legend="Down payment" options={DOWN_PAYMENT_AMOUNTS} />
)
export const FicoScoreStep = () => (
	<ChoiceStep
		field="ficoScoreDetailed"
		title="What is your estimated credit score?"
		description="An estimate is fine; this does not affect your credit."
		legend="Credit score"
		options={FICO_SCORES_DETAILED}
		columns={3}
	/>
)

/** spec 1 §9: choosing a preference moves on by itself after 0.5 s. */
export const QUOTE_PREFERENCE_ADVANCE_MS = 500

export function QuotePreferenceStep() {
	const { formData, updateFormData, advanceAfter } = useLoanForm()
	return (
		<StepFrame title="How do you want to receive your quote?">
			<OptionGrid
				name="quotePreference"
				legend="Quote preference"
				hideLegend
				options={QUOTE_PREFERENCES}
				value={formData.quotePreference}
				onChange={(value) => {
					updateFormData({ quotePreference: value })
					advanceAfter(QUOTE_PREFERENCE_ADVANCE_MS)
				}}
			/>
		</StepFrame>
	)
}
