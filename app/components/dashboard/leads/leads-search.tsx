import { Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { inputClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/lead-admin-schema.ts'
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
			<Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
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
