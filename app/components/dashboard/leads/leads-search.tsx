import { Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { inputClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { useLeadsUrl } from './use-leads-url.ts'

const TYPING_PAUSE_MS = 300

/** spec 2 §2: the search box; the list follows as one types (after a short pause) and on Enter. */
export function LeadsSearch({ query }: { query: LeadListQuery }) {
	const navigate = useNavigate()
	const urls = useLeadsUrl(query)
	const [term, setTerm] = useState(query.search)
	const input = useRef<HTMLInputElement>(null)
	const apply = (value: string) => {
		if (value.trim() !== query.search)
			void navigate(urls.list({ search: value.trim(), page: 1 }), { replace: true, preventScrollReset: true })
	}

	// Back/forward changes the search in the URL: show it, unless the box is being typed in.
	useEffect(() => {
		if (document.activeElement !== input.current) setTerm(query.search)
	}, [query.search])

	// Only typing restarts the pause; a new URL alone does not search again.
	// biome-ignore lint/correctness/useExhaustiveDependencies: only typing restarts the pause; a new URL alone does not search again
	useEffect(() => {
		const timer = setTimeout(() => apply(term), TYPING_PAUSE_MS)
		return () => clearTimeout(timer)
	}, [term])

	return (
		<form
			role="search"
			className="relative w-full sm:w-80"
			onSubmit={(event) => {
				event.preventDefault()
				apply(term)
			}}
		>
			<label htmlFor="lead-search" className="sr-only">
				Search leads by name, email or phone
			</label>
			{/* The magnifier is the form's submit button (a form needs one, WCAG 3.2.2 as pa11y checks it); Enter works too. */}
			<button
				type="submit"
				className="absolute left-1 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
			>
				<Search className="h-4 w-4" aria-hidden="true" />
				<span className="sr-only">Search</span>
			</button>
			<input
				ref={input}
				id="lead-search"
				type="search"
				name="search"
				value={term}
				maxLength={200}
				onChange={(event) => setTerm(event.target.value)}
				placeholder="Search by name, email or phone..."
				className={`${inputClass} pl-9`}
			/>
		</form>
	)
}
