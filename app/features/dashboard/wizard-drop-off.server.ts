import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { wizardVisits } from '#db/schema.ts'
import { LOAN_PROGRAMS } from '#app/features/quote-wizard/options.ts'
import { STEP_IDS, type StepId } from '#app/features/quote-wizard/steps.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import type { FunnelDays } from './lead-funnel.ts'
import { LEAD_STEPS, WIZARD_STEP_LABELS, programStepOrder } from './wizard-drop-off.ts'

/** docs/decisions/0124: what the wizard reports of a step reached, checked as it arrives. */
export const wizardStepSchema = z.object({
	visit: z.uuid('Unknown visit'),
	step: z.enum(STEP_IDS, { message: 'Unknown step' }),
	program: z.enum(LOAN_PROGRAMS.map((option) => option.value) as [string, ...string[]], { message: 'Unknown program' }).nullable(),
	source: singleLineText().trim().max(100, 'Keep the source under 100 characters'),
	campaign: singleLineText().trim().max(100, 'Keep the campaign under 100 characters'),
})
export type WizardStepInput = z.output<typeof wizardStepSchema>

/**
 * New visits one address may open in an hour: far more than a person (or an office) opens, few enough that a script
 * cannot fill the table. Reports beyond it are dropped; the steps of a visit already counted always count.
 */
export const WIZARD_VISIT_LIMIT = { perIp: 600, windowSeconds: 3600 } as const
/** A visit takes steps for a day; a tab left open longer starts no new count under an old id. */
const VISIT_HOURS = 24

/**
 * docs/decisions/0124: counts a step reached by a visit, once. A visit already counted gets the step (and the program,
 * when one is chosen); an unknown id opens a visit, within the address's hourly limit. 'dropped': over the limit, or
 * an id older than a day.
 */
export async function recordWizardStep(db: Database, report: WizardStepInput, clientIp: string): Promise<'counted' | 'dropped'> {
	const updated = await db
		.update(wizardVisits)
		.set({
			steps: sql`case when ${report.step} = any(${wizardVisits.steps}) then ${wizardVisits.steps} else array_append(${wizardVisits.steps}, ${report.step}) end`,
			program: sql`coalesce(${report.program}, ${wizardVisits.program})`,
			lastAt: sql`now()`,
		})
		.where(sql`${wizardVisits.id} = ${report.visit} and ${wizardVisits.startedAt} > now() - make_interval(hours => ${VISIT_HOURS})`)
		.returning({ id: wizardVisits.id })
	if (updated.length > 0) return 'counted'
	const limit = await hitRateLimit(db, rateLimitKey('wizard-visit', clientIp), WIZARD_VISIT_LIMIT.perIp, WIZARD_VISIT_LIMIT.windowSeconds)
	if (!limit.allowed) return 'dropped'
	const inserted = await db
		.insert(wizardVisits)
		.values({
			id: report.visit,
			program: report.program,
			source: report.source || 'Direct',
			campaign: report.campaign,
			steps: [report.step],
		})
		.onConflictDoNothing()
		.returning({ id: wizardVisits.id })
	return inserted.length > 0 ? 'counted' : 'dropped'
}

export type WizardStepCount = { step: StepId; label: string; visits: number; lead: boolean }
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
				where started_at >= now() - make_interval(days => ${days})
				group by program, reached.step`)
			.then((result) => (result as unknown as { rows: Array<{ program: string | null; step: string; visits: number }> }).rows),
	])
	const reached = (program: string, step: string) => perStep.find((row) => row.program === program && row.step === step)?.visits ?? 0
	const programs = LOAN_PROGRAMS.map(({ value, label }): WizardProgramDropOff => {
		// The program was chosen on the first step: its own steps start after it.
		const steps = programStepOrder(value)
			.filter((step) => step !== 'loan-program')
			.map((step) => ({ step, label: WIZARD_STEP_LABELS[step], visits: reached(value, step), lead: LEAD_STEPS.has(step) }))
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
