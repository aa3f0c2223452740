/** Title and description of a step; the title is the page's h1 so each step announces itself. */
export function StepFrame({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
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
