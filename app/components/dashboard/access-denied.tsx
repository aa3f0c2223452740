/** A signed-in account without the admin role: why it is refused, and a way out. */
export function AccessDenied() {
	return (
		<main id="main" className="mx-auto max-w-lg px-6 py-24 text-center">
			<h1 className="text-2xl font-bold text-brand-900">Access denied</h1>
			<p className="mt-3 text-slate-700">Your account does not have access to the dashboard. Ask an administrator for the admin role.</p>
			{/* A plain form: this also renders from the root error boundary, which should stay light. */}
			<form method="post" action="/logout" className="mt-6">
				<button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
					Sign Out
				</button>
			</form>
		</main>
	)
}
