import { useEffect } from 'react'

/** A step change asked for the title's focus before the step's code had arrived: its frame takes it when it mounts. */
let titleFocusPending = false

/** Moves the focus to the step's title (the step announces itself); a step still loading takes it once shown. */
export function focusStepTitle() {
	// While a step suspends, the one before may still be in the page, hidden: only a title on screen counts.
	const title = Array.from(document.querySelectorAll<HTMLElement>('#step-title')).find((element) => element.getClientRects().length > 0)
	titleFocusPending = !title
	title?.focus({ preventScroll: true })
}

/** Title and description of a step; the title is the page's h1 so each step announces itself. */
export function StepFrame({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
	useEffect(() => {
		if (!titleFocusPending) return
		titleFocusPending = false
		document.getElementById('step-title')?.focus({ preventScroll: true })
	}, [])
	return (
		<section aria-labelledby="step-title" className="space-y-6">
			<div>
				<h1 id="step-title" tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl">
					{title}
				</h1>
				{description ? <p className="mt-2 text-slate-700">{description}</p> : null}
			</div>
			{children}
		</section>
	)
}
