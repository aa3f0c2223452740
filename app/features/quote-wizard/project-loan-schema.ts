import { z } from 'zod'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import { LAND_OWNERSHIP, PROJECT_EXIT_STRATEGIES, optionValues } from './options.ts'
import { PROJECT_FIELD_RULES, type ProjectField } from './project-loan-rules.ts'

export * from './project-loan-rules.ts'

/** An optional text answer checked by its rule (empty text is "not answered": the step rules require it where shown). */
const ruled = (field: ProjectField) =>
	singleLineText()
		.trim()
		.check((context) => {
			const message = context.value === '' ? undefined : PROJECT_FIELD_RULES[field](context.value)
			if (message) context.issues.push({ code: 'custom', message, input: context.value })
		})
		.optional()

/** docs/decisions/0028: the lead API's schema of the fix & flip and construction answers, built from the wizard's rules. */
export const projectLoanFieldsSchema = z.object({
	rehabBudget: ruled('rehabBudget'),
	afterRepairValue: ruled('afterRepairValue'),
	landOwnership: z.enum(optionValues(LAND_OWNERSHIP), { message: 'Choose whether you own the land or are buying it' }).optional(),
	landValue: ruled('landValue'),
	constructionBudget: ruled('constructionBudget'),
	afterCompletionValue: ruled('afterCompletionValue'),
	projectExperience: ruled('projectExperience'),
	projectMonths: ruled('projectMonths'),
	projectExitStrategy: z.enum(optionValues(PROJECT_EXIT_STRATEGIES), { message: 'Choose an exit strategy' }).optional(),
	projectExitStrategyOther: ruled('projectExitStrategyOther'),
})
