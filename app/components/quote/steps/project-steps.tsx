import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { LAND_OWNERSHIP, PROJECT_EXIT_STRATEGIES } from '#app/features/quote-wizard/options.ts'
import { projectFieldError } from '#app/features/quote-wizard/project-loan-rules.ts'
import { OptionGrid } from '../option-grid.tsx'
import { DigitsField, MoneyField, TextField } from '../text-field.tsx'
import { StepFrame } from './step-frame.tsx'

type MoneyAnswer = 'purchasePrice' | 'rehabBudget' | 'afterRepairValue' | 'landValue' | 'constructionBudget' | 'afterCompletionValue'

/** A money answer of docs/decisions/0028 with the schema's message once it holds an invalid amount. */
function ProjectMoney({
	field,
	id,
	label,
	placeholder,
	hint,
}: {
	field: MoneyAnswer
	id: string
	label: string
	placeholder: string
	hint?: string
}) {
	const { formData, updateFormData } = useLoanForm()
	return (
		<MoneyField
			id={id}
			label={label}
			required
			placeholder={placeholder}
			hint={hint}
			value={formData[field]}
			error={projectFieldError(field, formData)}
			onChange={(value) => updateFormData({ [field]: value } as Partial<LoanFormData>)}
		/>
	)
}

/** Fix & flip: what the property costs, what the work costs and what it is worth afterwards. */
export function FlipBudgetStep() {
	return (
		<StepFrame title="Tell us about your flip" description="Estimates are fine; a loan officer will confirm the numbers with you.">
			<div className="grid gap-4 sm:grid-cols-2">
				<ProjectMoney field="purchasePrice" id="flip-purchase-price" label="Purchase price" placeholder="$300,000" />
				<ProjectMoney field="rehabBudget" id="rehab-budget" label="Rehab budget" placeholder="$60,000" />
				<ProjectMoney
					field="afterRepairValue"
					id="after-repair-value"
					label="After-repair value (ARV)"
					placeholder="$450,000"
					hint="What the property will be worth once the work is done"
				/>
			</div>
		</StepFrame>
	)
}

/** Construction: owned or bought land, and its value or price. */
export function ConstructionLandStep() {
	const { formData, updateFormData } = useLoanForm()
	return (
		<StepFrame title="Tell us about the land">
			<OptionGrid
				name="landOwnership"
				legend="Do you own the land?"
				options={LAND_OWNERSHIP}
				value={formData.landOwnership}
				onChange={(landOwnership) => updateFormData({ landOwnership })}
			/>
			{formData.landOwnership ? (
				<ProjectMoney
					field="landValue"
					id="land-value"
					label={formData.landOwnership === 'buying' ? 'Land purchase price' : 'Current land value'}
					placeholder="$150,000"
				/>
			) : null}
		</StepFrame>
	)
}

/** Construction: the cost of the build and the finished property's value. */
export function ConstructionBudgetStep() {
	return (
		<StepFrame title="Tell us about the build" description="Estimates are fine; a loan officer will confirm the numbers with you.">
			<div className="grid gap-4 sm:grid-cols-2">
				<ProjectMoney field="constructionBudget" id="construction-budget" label="Construction budget" placeholder="$400,000" />
				<ProjectMoney
					field="afterCompletionValue"
					id="after-completion-value"
					label="After-completion value"
					placeholder="$750,000"
					hint="What the property will be worth once it is built"
				/>
			</div>
		</StepFrame>
	)
}

/** Both programs: the borrower's track record and the project's length. */
export function ProjectExperienceStep() {
	const { formData, updateFormData } = useLoanForm()
	const flip = formData.loanProgram === 'fix-flip'
	return (
		<StepFrame title="Your experience and timeline">
			<div className="grid gap-4 sm:grid-cols-2">
				<DigitsField
					id="project-experience"
					label={flip ? 'Flips completed in the last 3 years' : 'Ground-up builds completed in the last 3 years'}
					required
					placeholder="0, 2, 5"
					value={formData.projectExperience}
					error={projectFieldError('projectExperience', formData)}
					onChange={(projectExperience) => updateFormData({ projectExperience })}
				/>
				<DigitsField
					id="project-months"
					label={flip ? 'Rehab timeline (months)' : 'Build timeline (months)'}
					required
					placeholder="6"
					hint="From 1 to 36 months"
					value={formData.projectMonths}
					error={projectFieldError('projectMonths', formData)}
					onChange={(projectMonths) => updateFormData({ projectMonths })}
				/>
			</div>
		</StepFrame>
	)
}

/**
 * docs/decisions/0074: a bridge asks the experience as fix & flip does (the same answer), so the sheet's experienced
 * rates are reachable online; a bridge has no project timeline to ask.
 */
export function BridgeExperienceStep() {
	const { formData, updateFormData } = useLoanForm()
	return (
		<StepFrame title="Your investment experience" description="Experienced investors get our best bridge rates.">
			<DigitsField
				id="bridge-experience"
				label="Investment projects completed in the last 3 years"
				required
				placeholder="0, 2, 5"
				hint="Properties you bought and renovated, built or sold as an investor; 0 if this is your first"
				value={formData.projectExperience}
				error={projectFieldError('projectExperience', formData)}
				onChange={(projectExperience) => updateFormData({ projectExperience })}
			/>
		</StepFrame>
	)
}

/** Both programs: how the loan is paid off; Other asks for a description. */
export function ProjectExitStep() {
	const { formData, updateFormData } = useLoanForm()
	return (
		<StepFrame title="What is your exit strategy?" description="How you plan to pay off the loan when the project is done.">
			<OptionGrid
				name="projectExitStrategy"
				legend="Exit strategy"
				hideLegend
				columns={1}
				options={PROJECT_EXIT_STRATEGIES}
				value={formData.projectExitStrategy}
				onChange={(projectExitStrategy) => updateFormData({ projectExitStrategy })}
			/>
			{formData.projectExitStrategy === 'other' ? (
				<TextField
					id="project-exit-other"
					label="Please describe"
					required
					value={formData.projectExitStrategyOther}
					onChange={(projectExitStrategyOther) => updateFormData({ projectExitStrategyOther })}
					maxLength={500}
				/>
			) : null}
		</StepFrame>
	)
}
