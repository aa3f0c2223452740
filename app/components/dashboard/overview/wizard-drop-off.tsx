import type { WizardDropOff } from '#app/features/dashboard/wizard-drop-off.server.ts'
import { FUNNEL_WINDOWS, shareOf } from '#app/features/dashboard/lead-funnel.ts'
import { boxClass } from './sales-figures.tsx'

const HEADING = 'The quote wizard, step by step'

/**
 * docs/decisions/0124: the visits that opened the quote wizard in the funnel's period, and for each program how many
 * reached each of its steps (every branch, in the order a visitor meets them) and became a lead: where visitors leave.
 */
export function WizardDropOffPanel({ dropOff }: { dropOff: WizardDropOff }) {
	const period = FUNNEL_WINDOWS.find((option) => option.days === dropOff.days)!
	// The program with most visits first, and open; a program nobody chose is left out.
	const programs = dropOff.programs.filter((program) => program.visits > 0).sort((a, b) => b.visits - a.visits)
	return (
		<section aria-labelledby="wizard-heading" className={boxClass} data-testid="wizard-drop-off">
			<h2 id="wizard-heading" className="font-semibold text-slate-900">
				{HEADING}
			</h2>
			<p className="mt-1 text-sm text-slate-700">
				The visits that opened the quote wizard in the last {period.label} (the funnel’s period), and how far each got. Each step counts
				once per visit, and a visitor who comes back to saved answers is not a new visit. Crawlers, browsers that send Global Privacy
				Control and visitors who declined analytics are not counted; no cookie or personal data is used.
			</p>
			<p className="mt-2 text-sm text-slate-700" data-testid="wizard-summary">
				Visits: <strong>{dropOff.visits}</strong> · chose a program: <strong>{dropOff.choseProgram}</strong> (
				{shareOf(dropOff.choseProgram, dropOff.visits)}) · became a lead: <strong>{dropOff.leads}</strong> (
				{shareOf(dropOff.leads, dropOff.visits)})
			</p>
			{programs.length === 0 ? (
				<p className="mt-2 text-sm text-slate-700">No visit chose a program during the last {period.label}.</p>
			) : (
				<div className="mt-3 space-y-2">
					{programs.map((program, index) => (
						<details
							key={program.program}
							open={index === 0}
							className="rounded-lg border border-slate-200"
							data-testid={`wizard-program-${program.program}`}
						>
							<summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-900">
								{program.label}: {program.visits} {program.visits === 1 ? 'visit' : 'visits'}, {program.leads}{' '}
								{program.leads === 1 ? 'lead' : 'leads'} ({shareOf(program.leads, program.visits)})
							</summary>
							<table className="w-full border-t border-slate-200 text-left text-sm">
								<caption className="sr-only">
									{program.label}: the visits that reached each step, and their share of the visits that chose it
								</caption>
								<thead>
									<tr className="text-slate-600">
										<th scope="col" className="px-3 py-1 font-medium">
											Step
										</th>
										<th scope="col" className="px-3 py-1 text-right font-medium">
											Reached
										</th>
										<th scope="col" className="px-3 py-1 text-right font-medium">
											Share of its visits
										</th>
									</tr>
								</thead>
								<tbody>
									{program.steps.map((step) => {
										const share = program.visits > 0 ? Math.floor((step.visits / program.visits) * 100) : 0
										return (
											<tr key={step.step} className="border-t border-slate-100">
												<th scope="row" className={`px-3 py-1 text-slate-900 ${step.lead ? 'font-semibold' : 'font-normal'}`}>
													{step.label}
													{step.branch ? <span className="block text-xs font-normal text-slate-600">{step.branch}</span> : null}
													<span aria-hidden="true" className="mt-0.5 block h-1 rounded bg-brand-600" style={{ width: `${share}%` }} />
												</th>
												<td className={`px-3 py-1 text-right text-slate-900 ${step.lead ? 'font-semibold' : ''}`}>{step.visits}</td>
												<td className={`px-3 py-1 text-right text-slate-900 ${step.lead ? 'font-semibold' : ''}`}>
													{shareOf(step.visits, program.visits)}
												</td>
											</tr>
										)
									})}
								</tbody>
							</table>
						</details>
					))}
				</div>
			)}
		</section>
	)
}

/** While the visits are counted (they stream in after the rest of the overview), or if counting them failed. */
export function WizardDropOffPending({ failed = false }: { failed?: boolean }) {
	return (
		<section aria-labelledby="wizard-heading" className={boxClass} aria-busy={!failed}>
			<h2 id="wizard-heading" className="font-semibold text-slate-900">
				{HEADING}
			</h2>
			<p className="mt-1 text-sm text-slate-700" role={failed ? 'alert' : undefined}>
				{failed ? 'The wizard’s visits could not be counted just now. Reload the page to try again.' : 'Counting the visits…'}
			</p>
		</section>
	)
}
