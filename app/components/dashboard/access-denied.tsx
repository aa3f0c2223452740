/** A signed-in account refused a page: why, and a way out. */
export function AccessDenied({ message }: { message?: string }) {
	return (
		<main id="main" className="mx-auto max-w-lg px-6 py-24 text-center">
			<h1 className="text-2xl font-bold text-brand-900">Access denied</h1>
			<p className="mt-3 text-slate-700">
				{message ?? 'Your account does not have access to the dashboard.'} Ask an administrator if you need it.
			</p>
			{message && message !== 'Your account does not have access to the dashboard.' ? (
				<a href="/dashboard/leads" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
					Go to your leads
				</a>
			) : null}
			{/* A plain form: this also renders from the root error boundary, which should stay light. */}
			<form method="post" action="/logout" className="mt-6">
				<button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
					Sign Out
				</button>
			</form>
		</main>
	)
}
