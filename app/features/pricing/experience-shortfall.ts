import type { PricingResponse } from './pricing-request.ts'
import { type RateSheet, SHORT_TERM_PROGRAMS, type ShortTermProgram } from './rate-sheet.ts'

/**
 * docs/decisions/0074: a borrower with fewer completed projects than a program's lowest experience tier (the seeded
 * construction grid starts at 1 build) is refused by every credit band alike. The terms say so once, with the next
 * step, instead of one refusal per band or per cell.
 */

/** The fewest completed projects each short-term program's grid prices (its lowest experience tier). */
export function minimumExperience(sheet: RateSheet): Record<ShortTermProgram, number> {
	return Object.fromEntries(
		SHORT_TERM_PROGRAMS.map((program) => [program, sheet.shortTerm[program].experienceTiers[0]?.from ?? 0]),
	) as Record<ShortTermProgram, number>
}

/** Every quote of the answer is refused for the borrower's experience: no credit band changes that. */
export function isExperienceShortfall(response: Pick<PricingResponse, 'quotes'>) {
	return response.quotes.length > 0 && response.quotes.every(({ quote }) => quote.failures.some((failure) => failure.rule === 'experience'))
}

const count = (n: number, one: string, many: string) => (n === 1 ? `one ${one}` : `${n} ${many}`)

/** The one message, with the next step, that replaces those refusals. */
export function experienceShortfallMessage(program: ShortTermProgram, minimum: number, company: { phone: string }) {
	const nextStep = `A loan officer will call you to go through it; or call us at ${company.phone}.`
	if (program === 'construction')
		return (
			`Ground-up construction loans need at least ${count(minimum, 'completed build', 'completed builds')} in the last 3 years, ` +
			`or a licensed general contractor on the project. ${nextStep}`
		)
	const loans = program === 'fix-flip' ? 'Fix & flip loans' : 'Bridge loans'
	return `${loans} need at least ${count(minimum, 'completed project', 'completed projects')} in the last 3 years. ${nextStep}`
}
