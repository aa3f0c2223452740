import { type LoanFormData, filled } from './form-data.ts'
import * as optionLists from './options.ts'
import { type StepId, buildWizardSteps } from './steps.ts'

/**
 * docs/decisions/0025: the progress bar, derived from the step machine alone (buildWizardSteps), so
 * every branch, present or future, gets it right without a table to maintain.
 */

/** Every answer the wizard offers (options.ts): the values tried for a question not answered yet. */
const ANSWER_VALUES: readonly string[] = [
	...new Set(
		Object.values(optionLists)
			.flatMap((list) => (Array.isArray(list) ? list.map((option: { value?: unknown }) => option?.value) : []))
			.filter((value): value is string => typeof value === 'string'),
	),
]

/** Guards the look-ahead against a machine that would keep growing. */
const MAX_LOOKAHEAD_ANSWERS = 8

/**
 * The visitor's whole way through: the short form's steps, then the long form's own steps that may
 * follow its thank-you page ("Continue Quote"). Both modes count, so the bar never restarts.
 */
export function wizardJourney(data: LoanFormData): StepId[] {
	return traceJourney(data).journey
}

function traceJourney(data: LoanFormData) {
	const read = new Set<string>()
	const traced = (formMode: LoanFormData['formMode']) =>
		buildWizardSteps(
			new Proxy(
				{ ...data, formMode },
				{
					get(target, key, receiver) {
						if (typeof key === 'string') read.add(key)
						return Reflect.get(target, key, receiver)
					},
				},
			),
		)
	const short = traced('short')
	const long = traced('long')
	const journey = [...short, ...long.filter((step) => !short.includes(step))]
	// The answers the machine looked at and found missing decide how the path goes on.
	const open = [...read].filter((key) => key !== 'formMode' && !filled(data[key as keyof LoanFormData] as string | undefined))
	return { journey, open: open as Array<keyof LoanFormData> }
}

/** The longest journey the answers given so far still allow: every open question tried with every answer. */
export function longestJourneyLength(data: LoanFormData, depth = 0): number {
	const { journey, open } = traceJourney(data)
	let longest = journey.length
	if (depth >= MAX_LOOKAHEAD_ANSWERS) return longest
	const path = journey.join()
	for (const field of open) {
		for (const value of ANSWER_VALUES) {
			const next = { ...data, [field]: value }
			if (wizardJourney(next).join() === path) continue
			longest = Math.max(longest, longestJourneyLength(next, depth + 1))
		}
	}
	return longest
}

/**
 * spec 1 §2, as amended by docs/decisions/0025: (position of the step + 1) / length of the longest
 * journey still possible. Each answer can only shorten what is left and each step forward adds one,
 * so the value grows along any walk forward and reaches 1 on the last step.
 */
export function progressFraction(step: StepId, data: LoanFormData) {
	const journey = wizardJourney(data)
	const position = Math.max(0, journey.indexOf(step)) + 1
	return Math.min(1, position / Math.max(longestJourneyLength(data), journey.length))
}

/** Steps that ask about the same subject in parts, each counted "Step n of m" among the parts the visitor's journey has. */
const STEP_GROUPS: ReadonlyArray<ReadonlyArray<StepId>> = [['property-details', 'property-details-2']]

/**
 * "Step 2 of 2" only where the journey really has two such steps: a refinance, a purchase without a
 * property yet, and fix & flip or construction meet one of the two or none, and see no counter.
 * A counter never promises a part the form being filled does not have (docs/decisions/0080): the short
 * form's purchase details are not "Step 1 of 2" when part 2 comes only if the visitor goes on to the long
 * form; the long form's part 2 still says "Step 2 of 2" (spec 1 §2, "Property details 2 of 2").
 */
export function stepCounter(step: StepId, data: LoanFormData): string | undefined {
	const group = STEP_GROUPS.find((steps) => steps.includes(step))
	if (!group) return undefined
	const parts = wizardJourney(data).filter((journeyStep) => group.includes(journeyStep))
	const position = parts.indexOf(step)
	if (parts.length < 2 || position === -1) return undefined
	const thisForm = buildWizardSteps(data)
	if (parts.slice(position + 1).some((part) => !thisForm.includes(part))) return undefined
	return `Step ${position + 1} of ${parts.length}`
}
