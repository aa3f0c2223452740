/** A content editor's heading, what it changes on the public site, and its body. */
export function EditorPage({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
	return (
		<div className="mx-auto max-w-6xl">
			<h1 className="text-2xl font-bold text-brand-900">{title}</h1>
			<p className="mt-1 text-slate-700">{description}</p>
			<div className="mt-6">{children}</div>
		</div>
	)
}
