import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { wizardVisits } from '#db/schema.ts'
import { LOAN_PROGRAMS } from '#app/features/quote-wizard/options.ts'
import { STEP_IDS, type StepId } from '#app/features/quote-wizard/steps.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { withoutUnsafeText } from '#app/features/validation/safe-text.ts'
import type { FunnelDays } from './lead-funnel.ts'
import { LEAD_STEPS, WIZARD_STEP_LABELS, programStepOrder, stepBranch } from './wizard-drop-off.ts'

/** docs/decisions/0124: what the wizard reports of a step reached, checked as it arrives. */
export const wizardStepSchema = z.object({
	visit: z.uuid('Unknown visit'),
	step: z.enum(STEP_IDS, { message: 'Unknown step' }),
	program: z.enum(LOAN_PROGRAMS.map((option) => option.value) as [string, ...string[]], { message: 'Unknown program' }).nullable(),
	// A campaign's tag is whatever its link carried: cleaned of control and invisible characters rather than refused, so
	// one odd tag does not lose every count of its visitors.
	source: z
		.string()
		.max(300, 'Keep the source under 300 characters')
		.transform((value) => withoutUnsafeText(value).trim().slice(0, 100)),
	campaign: z
		.string()
		.max(300, 'Keep the campaign under 300 characters')
		.transform((value) => withoutUnsafeText(value).trim().slice(0, 100)),
})
export type WizardStepInput = z.output<typeof wizardStepSchema>

/**
 * New visits one address may open in an hour (far more than a person or an office opens) and the whole site may open
 * (a busy lender's ads bring a few thousand): enough for real traffic, few enough that a script cannot fill the table.
 * Visits beyond them are not counted; the steps of a visit already counted always count, each once.
 */
export const WIZARD_VISIT_LIMIT = { perIp: 600, perSite: 20_000, windowSeconds: 3600 } as const
/** A visit takes steps for a day; a tab left open longer starts no new count under an old id. */
const VISIT_HOURS = 24

/** A step added to a visit once (its program taken when one is given), while the visit is under a day old. */
const stepAdded = (step: string, program: string | null) => ({
	steps: sql`array_append(${wizardVisits.steps}, ${step}::text)`,
	program: sql`coalesce(${program}::text, ${wizardVisits.program})`,
	lastAt: sql`now()`,
})
const takesStep = (step: string) =>
	sql`not (${step}::text = any(${wizardVisits.steps})) and ${wizardVisits.startedAt} > now() - make_interval(hours => ${VISIT_HOURS})`

/**
 * docs/decisions/0124: counts a step reached by a visit, once. A visit already counted gets a step it did not have (and
 * the program, when one is chosen): at most one write per step of the wizard, whatever a script repeats. An unknown id
 * opens a visit, within the address's and the site's hourly limits. 'dropped': over a limit, a step already counted,
 * or an id older than a day.
 */
export async function recordWizardStep(db: Database, report: WizardStepInput, clientIp: string): Promise<'counted' | 'dropped'> {
	const addStep = async () =>
		(
			await db
				.update(wizardVisits)
				.set(stepAdded(report.step, report.program))
				.where(sql`${wizardVisits.id} = ${report.visit} and ${takesStep(report.step)}`)
				.returning({ id: wizardVisits.id })
		).length > 0
	if (await addStep()) return 'counted'
	const [known] = await db.select({ id: wizardVisits.id }).from(wizardVisits).where(sql`${wizardVisits.id} = ${report.visit}`)
	// The visit's first report may have opened it between this report's update and the look: the step is added now.
	// A step the visit already has is not taken again, so a repeat still writes nothing.
	if (known) return (await addStep()) ? 'counted' : 'dropped'
	const { perIp, perSite, windowSeconds } = WIZARD_VISIT_LIMIT
	if (!(await hitRateLimit(db, rateLimitKey('wizard-visit', clientIp), perIp, windowSeconds)).allowed) return 'dropped'
	if (!(await hitRateLimit(db, 'wizard-visit:site', perSite, windowSeconds)).allowed) return 'dropped'
	// Two first reports of one visit may cross (its first step, then its second at once): the later one adds its step.
	const opened = await db
		.insert(wizardVisits)
		.values({
			id: report.visit,
			program: report.program,
			source: report.source || 'Direct',
			campaign: report.campaign,
			steps: [report.step],
		})
		.onConflictDoUpdate({ target: wizardVisits.id, set: stepAdded(report.step, report.program), setWhere: takesStep(report.step) })
		.returning({ id: wizardVisits.id })
	return opened.length > 0 ? 'counted' : 'dropped'
}

/** `branch`: whom the step is asked of, when not every visitor of the program (stepBranch). */
export type WizardStepCount = { step: StepId; label: string; branch: string | null; visits: number; lead: boolean }
export type WizardProgramDropOff = { program: string; label: string; visits: number; leads: number; steps: WizardStepCount[] }
export type WizardDropOff = {
	days: FunnelDays
	/** Every visit of the period, those that chose a program, those that became a lead. */
	visits: number
	choseProgram: number
	leads: number
	programs: WizardProgramDropOff[]
}

/**
 * docs/decisions/0124: the visits that opened the wizard in the last `days` days and, for each program, how many
 * reached each of its steps (in the order a visitor meets them, every branch) and how many became a lead.
 */
export async function wizardDropOff(db: Database, days: FunnelDays): Promise<WizardDropOff> {
	const since = sql`${wizardVisits.startedAt} >= now() - make_interval(days => ${days})`
	const [perProgram, perStep] = await Promise.all([
		db
			.select({
				program: wizardVisits.program,
				visits: sql<number>`count(*)`.mapWith(Number),
				// A visit that sent the short form and then the long form is one lead.
				leads: sql<number>`count(*) filter (where ${wizardVisits.steps} && ${`{${[...LEAD_STEPS].join(',')}}`}::text[])`.mapWith(Number),
			})
			.from(wizardVisits)
			.where(since)
			.groupBy(wizardVisits.program),
		db
			.execute(sql`select program, reached.step, count(*)::int as visits
				from wizard_visits cross join lateral unnest(steps) as reached(step)
				where ${since}
				group by program, reached.step`)
			.then((result) => (result as unknown as { rows: Array<{ program: string | null; step: string; visits: number }> }).rows),
	])
	const reached = (program: string, step: string) => perStep.find((row) => row.program === program && row.step === step)?.visits ?? 0
	const programs = LOAN_PROGRAMS.map(({ value, label }): WizardProgramDropOff => {
		// The program was chosen on the first step: its own steps start after it.
		const steps = programStepOrder(value)
			.filter((step) => step !== 'loan-program')
			.map((step) => ({
				step,
				label: WIZARD_STEP_LABELS[step],
				branch: stepBranch(value, step),
				visits: reached(value, step),
				lead: LEAD_STEPS.has(step),
			}))
		const counted = perProgram.find((row) => row.program === value)
		return { program: value, label, visits: counted?.visits ?? 0, leads: counted?.leads ?? 0, steps }
	})
	const visits = perProgram.reduce((sum, row) => sum + row.visits, 0)
	return {
		days,
		visits,
		choseProgram: perProgram.filter((row) => row.program !== null).reduce((sum, row) => sum + row.visits, 0),
		leads: programs.reduce((sum, program) => sum + program.leads, 0),
		programs,
	}
}
