import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** Layout of a legal page: Back to Home (spec 2 §2), the title as the page's one h1, then sections. */
export function LegalPage({ title, dateLine, children }: { title: string; dateLine: string; children: ReactNode }) {
	return (
		<article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
			<Link
				to="/"
				className="inline-flex items-center gap-2 rounded-md border-2 border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
			>
				<ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
			</Link>
			<h1 className="mt-8 text-4xl font-extrabold tracking-tight text-brand-900">{title}</h1>
			<p className="mt-3 text-sm text-slate-600">{dateLine}</p>
			<div className="mt-10 space-y-10">{children}</div>
		</article>
	)
}

/** One part of a legal page, labelled by its h2. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	const headingId = `${id}-heading`
	return (
		<section id={id} aria-labelledby={headingId} className="scroll-mt-24">
			<h2 id={headingId} className="text-2xl font-bold text-brand-900">
				{title}
			</h2>
			<div className="mt-4 space-y-4 leading-relaxed text-slate-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-6 [&_ul]:list-disc [&_ul]:space-y-2">
				{children}
			</div>
		</section>
	)
}
