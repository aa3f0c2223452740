import { parseDollars } from '#app/features/money/money.ts'
import type { LoanFormData } from './form-data.ts'
import { LAND_OWNERSHIP, PROJECT_EXIT_STRATEGIES, optionValues } from './options.ts'

/**
 * docs/decisions/0028: the fix & flip and construction answers, kept apart from the DSCR/bridge
 * fields of lead-schema.ts. The wizard's steps check them with these rules; the lead API's schema
 * (project-loan-schema.ts) is built from the very same rules, so the browser loads no schema library
 * for them (docs/decisions/0064).
 */
export const PROJECT_PROGRAMS = new Set(['fix-flip', 'construction'])
export const isProjectProgram = (data: Pick<LoanFormData, 'loanProgram'>) => PROJECT_PROGRAMS.has(data.loanProgram ?? '')

export const PROJECT_MONEY_MAX = 100_000_000

/** A field's rule: the message for a typed (trimmed, not empty) answer, or undefined when it is fine. */
export type ProjectFieldRule = (text: string) => string | undefined

/** A money answer within bounds. */
const money =
	(atLeast: (amount: number) => boolean, message: string): ProjectFieldRule =>
	(text) => {
		if (text.length > 20) return message
		const amount = parseDollars(text)
		return amount !== null && atLeast(amount) && amount <= PROJECT_MONEY_MAX ? undefined : message
	}
const zeroOrMore = (amount: number) => amount >= 0
const aboveZero = (amount: number) => amount > 0

const wholeNumber =
	(min: number, max: number, message: string): ProjectFieldRule =>
	(text) =>
		text.length <= 4 && /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? undefined : message

const oneOf =
	(values: readonly string[], message: string): ProjectFieldRule =>
	(text) =>
		values.includes(text) ? undefined : message

export const PROJECT_MONTHS = { min: 1, max: 36 } as const
export const PROJECT_EXPERIENCE = { min: 0, max: 100 } as const

/** Every project field's rule; the schema's field of the same name applies it. */
export const PROJECT_FIELD_RULES = {
	rehabBudget: money(zeroOrMore, 'Enter a rehab budget from $0 to $100,000,000'),
	afterRepairValue: money(aboveZero, 'Enter an after-repair value above $0 (at most $100,000,000)'),
	landOwnership: oneOf(optionValues(LAND_OWNERSHIP), 'Choose whether you own the land or are buying it'),
	landValue: money(aboveZero, 'Enter a land value above $0 (at most $100,000,000)'),
	constructionBudget: money(zeroOrMore, 'Enter a construction budget from $0 to $100,000,000'),
	afterCompletionValue: money(aboveZero, 'Enter an after-completion value above $0 (at most $100,000,000)'),
	projectExperience: wholeNumber(PROJECT_EXPERIENCE.min, PROJECT_EXPERIENCE.max, 'Enter a whole number from 0 to 100'),
	projectMonths: wholeNumber(PROJECT_MONTHS.min, PROJECT_MONTHS.max, 'Enter a whole number of months from 1 to 36'),
	projectExitStrategy: oneOf(optionValues(PROJECT_EXIT_STRATEGIES), 'Choose an exit strategy'),
	projectExitStrategyOther: (text) => (text.length > 500 ? 'Must be at most 500 characters' : undefined),
} satisfies Record<string, ProjectFieldRule>
export type ProjectField = keyof typeof PROJECT_FIELD_RULES

/** The fix & flip and construction steps (docs/decisions/0028), and the bridge's experience step (docs/decisions/0074). */
export const PROJECT_STEP_IDS = [
	'flip-budget',
	'construction-land',
	'construction-budget',
	'project-experience',
	'project-exit',
	'bridge-experience',
] as const
export type ProjectStepId = (typeof PROJECT_STEP_IDS)[number]
export const isProjectStep = (step: string): step is ProjectStepId => PROJECT_STEP_IDS.includes(step as ProjectStepId)

type Requirement = { field: keyof LoanFormData; missing: string }
/** The answers each step needs, with the message for a missing one. */
const REQUIRED: Record<ProjectStepId, (data: LoanFormData) => Requirement[]> = {
	'flip-budget': () => [
		{ field: 'purchasePrice', missing: 'Enter the purchase price' },
		{ field: 'rehabBudget', missing: 'Enter your rehab budget ($0 if none)' },
		{ field: 'afterRepairValue', missing: 'Enter the after-repair value (ARV)' },
	],
	'construction-land': (data) => [
		{ field: 'landOwnership', missing: 'Choose whether you own the land or are buying it' },
		{ field: 'landValue', missing: data.landOwnership === 'buying' ? 'Enter the land purchase price' : 'Enter the current land value' },
	],
	'construction-budget': () => [
		{ field: 'constructionBudget', missing: 'Enter your construction budget' },
		{ field: 'afterCompletionValue', missing: 'Enter the after-completion value' },
	],
	'project-experience': () => [
		{ field: 'projectExperience', missing: 'Enter how many projects you completed in the last 3 years (0 if none)' },
		{ field: 'projectMonths', missing: 'Enter the project timeline in months' },
	],
	// docs/decisions/0074: a bridge asks the same experience, stored in the same answer; it has no project timeline.
	'bridge-experience': () => [
		{ field: 'projectExperience', missing: 'Enter how many projects you completed in the last 3 years (0 if none)' },
	],
	'project-exit': (data) => [
		{ field: 'projectExitStrategy', missing: 'Choose an exit strategy' },
		...(data.projectExitStrategy === 'other'
			? [{ field: 'projectExitStrategyOther' as const, missing: 'Please describe your exit strategy' }]
			: []),
	],
}

const PURCHASE_PRICE_MESSAGE = 'Enter a purchase price above $0 (at most $100,000,000)'

/** The message for an answered but invalid field of these steps, or undefined. */
export function projectFieldError(field: keyof LoanFormData, data: LoanFormData): string | undefined {
	const value = data[field]
	if (typeof value !== 'string' || value.trim() === '') return undefined
	if (field === 'purchasePrice') {
		const amount = parseDollars(value)
		return amount !== null && amount > 0 && amount <= PROJECT_MONEY_MAX ? undefined : PURCHASE_PRICE_MESSAGE
	}
	const rule: ProjectFieldRule | undefined = PROJECT_FIELD_RULES[field as ProjectField]
	return rule?.(value.trim())
}

/** Every missing or invalid answer of a fix & flip / construction step; the step is complete when there is none. */
export function projectStepIssues(step: ProjectStepId, data: LoanFormData): Array<{ field: keyof LoanFormData; message: string }> {
	const issues: Array<{ field: keyof LoanFormData; message: string }> = []
	for (const { field, missing } of REQUIRED[step](data)) {
		const value = data[field]
		if (typeof value !== 'string' || value.trim() === '') issues.push({ field, message: missing })
		else {
			const invalid = projectFieldError(field, data)
			if (invalid) issues.push({ field, message: invalid })
		}
	}
	return issues
}
