import { DEFAULT_FORM_DATA, type LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { type StepId, buildWizardSteps } from '#app/features/quote-wizard/steps.ts'

/** docs/decisions/0124: how the overview shows the quote wizard's drop-off, step by step. */

/** Short names of the steps for the drop-off table: what each step asks. */
export const WIZARD_STEP_LABELS: Readonly<Record<StepId, string>> = {
	'loan-program': 'Loan program',
	'property-type': 'Property type',
	'transaction-type': 'Purchase or refinance',
	'property-identification': 'Found a property?',
	'offer-status': 'Offer status',
	'property-address': 'Property address',
	'property-details': 'Purchase details',
	'refinance-value-loan': 'Value and loan',
	'cash-out-amount': 'Cash out',
	'property-details-2': 'Property details (long form)',
	'fico-score': 'Credit score (long form)',
	'loan-customization': 'Customize your loan (long form)',
	'quote-preference': 'How to receive the quote',
	'quote-loading': 'Quote being prepared',
	'purchase-timeline': 'Purchase timeline',
	'price-range': 'Price range',
	'target-state': 'State to buy in',
	'down-payment-amount': 'Down payment',
	'pre-approval-fico': 'Pre-approval credit score',
	'pre-approval': 'Pre-approval',
	'contact-info': 'Contact details',
	'short-thank-you': 'Lead sent (short form)',
	'long-thank-you': 'Application sent (long form)',
	'flip-budget': 'The flip’s numbers',
	'construction-land': 'The land',
	'construction-budget': 'The build’s numbers',
	'project-experience': 'Experience and timeline',
	'project-exit': 'Exit strategy',
	'bridge-experience': 'Investment experience',
}

/** The steps that mean a lead exists: the thank-you screens show only once the server committed it. */
export const LEAD_STEPS: ReadonlySet<StepId> = new Set(['short-thank-you', 'long-thank-you'])

/** The ways through a program's questions, named as a branch note reads them. */
const WAYS: ReadonlyArray<{ name: string; answers: Partial<LoanFormData> }> = [
	{ name: 'a purchase with a property found', answers: { transactionType: 'purchase', hasFoundProperty: 'yes' } },
	{ name: 'a purchase still looking', answers: { transactionType: 'purchase', hasFoundProperty: 'no' } },
	{ name: 'a refinance', answers: { transactionType: 'refinance' } },
	{ name: 'a cash-out refinance', answers: { transactionType: 'cash-out-refinance' } },
]

type ProgramPath = { name: string; short: StepId[]; steps: StepId[] }
/** Filled by the programs of the code (LOAN_PROGRAMS), never by input. */
const pathsOfProgram = new Map<string, ProgramPath[]>()

/**
 * Every way through one program: each transaction, a property found or not; each way is the short form's steps, then
 * the long form's own steps that may follow its thank-you screen ("Continue Quote"), as the progress bar reads it.
 */
function programPaths(program: string): ProgramPath[] {
	// The step machine is pure: each program's ways are worked out once, not again for every step and every overview.
	const known = pathsOfProgram.get(program)
	if (known) return known
	const paths = WAYS.map(({ name, answers }) => {
		const path = (formMode: 'short' | 'long') => buildWizardSteps({ ...DEFAULT_FORM_DATA, ...answers, loanProgram: program, formMode })
		const short = path('short')
		return { name, short, steps: [...short, ...path('long').filter((step) => !short.includes(step))] }
	})
	pathsOfProgram.set(program, paths)
	return paths
}

/**
 * The steps of a program in the order a visitor meets them, whichever way they take: the program's paths merged, each
 * step placed after the step that comes before it on the first path that has it. Built from the step machine itself
 * (buildWizardSteps), so a new branch gets its place without a table to keep.
 */
export function programStepOrder(program: string): StepId[] {
	const order: StepId[] = []
	for (const { steps } of programPaths(program)) {
		steps.forEach((step, index) => {
			if (order.includes(step)) return
			const before = index > 0 ? order.indexOf(steps[index - 1]!) : -1
			order.splice(before + 1, 0, step)
		})
	}
	return order
}

/**
 * Whom a step of a program is asked of, when not every visitor: "Only for a refinance or a cash-out refinance", "Long
 * form only"; null for a step on every way. A branch step's share of all the program's visits reads low by design.
 */
export function stepBranch(program: string, step: StepId): string | null {
	const paths = programPaths(program)
	const short = paths.filter((path) => path.short.includes(step)).map((path) => path.name)
	if (short.length === paths.length) return null
	if (short.length === 0) return paths.some((path) => path.steps.includes(step)) ? 'Long form only' : null
	return `Only for ${short.length === 1 ? short[0] : `${short.slice(0, -1).join(', ')} or ${short.at(-1)}`}`
}
