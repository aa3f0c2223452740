import { Loader2, MapPin, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_MIN_CHARS, type PlaceDetails, type PlaceSuggestion } from '#app/features/places/places.ts'
import { FieldLabel, FieldMessages, fieldDescribedBy } from '#app/components/ui/field.tsx'

/**
 * spec 1 §7 calls 1-2: typed text is the address; after 3 characters and a 300 ms pause, suggestions
 * appear, and choosing one fills the address parts. Failures are logged and clear the suggestions.
 */
export function AddressAutocomplete({
	id,
	label,
	value,
	onTextChange,
	onPlaceSelected,
	placeholder = 'Start typing an address',
	required = true,
	clearable = false,
	error,
}: {
	id: string
	label: string
	value: string | undefined
	onTextChange: (text: string) => void
	onPlaceSelected: (place: PlaceDetails) => void
	placeholder?: string
	required?: boolean
	clearable?: boolean
	/** A message under the field, tied to it by aria-describedby. */
	error?: string
}) {
	const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([])
	const [active, setActive] = useState(-1)
	const [loading, setLoading] = useState(false)
	const [query, setQuery] = useState<string | null>(null)
	const listId = useId()
	const request = useRef<AbortController | null>(null)

	useEffect(() => {
		if (query === null) return
		if (query.trim().length < AUTOCOMPLETE_MIN_CHARS) {
			setSuggestions([])
			return
		}
		const timer = setTimeout(async () => {
			request.current?.abort()
			const controller = new AbortController()
			request.current = controller
			setLoading(true)
			try {
				const response = await fetch(`/api/places/autocomplete?input=${encodeURIComponent(query)}`, { signal: controller.signal })
				if (!response.ok) throw new Error(`autocomplete answered ${response.status}`)
				const body = (await response.json()) as { predictions: PlaceSuggestion[] }
				setSuggestions(body.predictions)
				setActive(-1)
			} catch (error) {
				if (controller.signal.aborted) return
				console.warn('Address search failed', error)
				setSuggestions([])
			} finally {
				if (request.current === controller) setLoading(false)
			}
		}, AUTOCOMPLETE_DEBOUNCE_MS)
		return () => clearTimeout(timer)
	}, [query])

	async function choose(suggestion: PlaceSuggestion) {
		setSuggestions([])
		setQuery(null)
		onTextChange(suggestion.description)
		setLoading(true)
		try {
			const response = await fetch(`/api/places/details?placeId=${encodeURIComponent(suggestion.placeId)}`)
			if (!response.ok) throw new Error(`details answered ${response.status}`)
			const body = (await response.json()) as { place: PlaceDetails }
			onPlaceSelected(body.place)
		} catch (error) {
			console.warn('Address details failed', error)
		} finally {
			setLoading(false)
		}
	}

	const open = suggestions.length > 0
	return (
		<div className="relative">
			<FieldLabel htmlFor={id} label={label} required={required} density="comfortable" />
			<div className="relative">
				<MapPin className="pointer-events-none absolute left-3 top-3 h-5 w-5 text-slate-500" aria-hidden="true" />
				<input
					id={id}
					type="text"
					role="combobox"
					aria-expanded={open}
					aria-controls={listId}
					aria-autocomplete="list"
					aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
					aria-invalid={error ? true : undefined}
					aria-describedby={fieldDescribedBy(id, undefined, error)}
					autoComplete="off"
					value={value ?? ''}
					placeholder={placeholder}
					maxLength={300}
					onChange={(event) => {
						onTextChange(event.target.value)
						setQuery(event.target.value)
					}}
					onKeyDown={(event) => {
						if (!open) return
						if (event.key === 'ArrowDown') {
							event.preventDefault()
							setActive((index) => Math.min(index + 1, suggestions.length - 1))
						} else if (event.key === 'ArrowUp') {
							event.preventDefault()
							setActive((index) => Math.max(index - 1, 0))
						} else if (event.key === 'Enter' && active >= 0) {
							event.preventDefault()
							void choose(suggestions[active]!)
						} else if (event.key === 'Escape') {
							setSuggestions([])
						}
					}}
					onBlur={() => setTimeout(() => setSuggestions([]), 150)}
					className="block w-full rounded-md border border-slate-300 bg-white py-2.5 pl-10 pr-16 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
				/>
				<div className="absolute right-2 top-2 flex items-center gap-1">
					{loading ? <Loader2 className="h-5 w-5 animate-spin text-brand-700" aria-label="Searching addresses" /> : null}
					{clearable && value ? (
						<button
							type="button"
							onClick={() => {
								onTextChange('')
								setQuery(null)
								setSuggestions([])
							}}
							className="rounded p-1 text-slate-600 hover:bg-slate-100"
							aria-label="Clear address"
						>
							<X className="h-4 w-4" aria-hidden="true" />
						</button>
					) : null}
				</div>
			</div>
			<ul
				id={listId}
				role="listbox"
				aria-label="Address suggestions"
				className={open ? 'absolute z-20 mt-1 w-full overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg' : 'hidden'}
			>
				{suggestions.map((suggestion, index) => (
					<li
						key={suggestion.placeId}
						id={`${listId}-${index}`}
						role="option"
						aria-selected={index === active}
						onMouseDown={(event) => {
							event.preventDefault()
							void choose(suggestion)
						}}
						className={`cursor-pointer px-3 py-2 text-slate-800 ${index === active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
					>
						{suggestion.description}
					</li>
				))}
			</ul>
			<FieldMessages id={id} error={error} />
		</div>
	)
}
