import { useHydrated } from '#app/components/ui/use-hydrated.ts'

/**
 * A content editor's heading, what it changes on the public site, and its body. `scripted`: every control of the body
 * is a script's (the document is sent as JSON), so until the scripts have loaded the body is disabled as a whole, and a
 * change made before could not snap back at hydration or be lost (docs/decisions/0078). The Pricing screen is a plain
 * form that works without them.
 */
export function EditorPage({
	title,
	description,
	scripted = false,
	children,
}: {
	title: string
	description: string
	scripted?: boolean
	children: React.ReactNode
}) {
	const hydrated = useHydrated()
	return (
		<div className="mx-auto max-w-6xl">
			<h1 className="text-2xl font-bold text-brand-900">{title}</h1>
			<p className="mt-1 text-slate-700">{description}</p>
			{scripted ? (
				<fieldset disabled={!hydrated} aria-busy={!hydrated} className="mt-6 min-w-0">
					{children}
				</fieldset>
			) : (
				<div className="mt-6">{children}</div>
			)}
		</div>
	)
}
