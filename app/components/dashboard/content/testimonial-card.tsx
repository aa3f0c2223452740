import { Eye, EyeOff, Pencil, Star, Trash2 } from 'lucide-react'
import { Stars } from '#app/components/site/stars.tsx'
import type { Testimonial } from '#app/features/content/content-schemas.ts'
import { PLACEMENT_TEXT, type Placement } from '#app/features/content/testimonial-placement.ts'
import { buttonClass, panelClass } from '#app/components/ui/styles.ts'

type TestimonialCardProps = {
	testimonial: Testimonial
	/** Where it appears on the site if the list is published as it is now. */
	placement: Placement
	/** Messages of the last failed save for this testimonial, by field. */
	errors: string[]
	disabled: boolean
	onToggleFeatured: () => void
	onEdit: () => void
	onDelete: () => void
}

/** spec 2 §2: a testimonial in the list with its Featured badge, stars and actions. */
export function TestimonialCard({ testimonial, placement, errors, disabled, onToggleFeatured, onEdit, onDelete }: TestimonialCardProps) {
	const headingId = `testimonial-${testimonial.id}-name`
	const details = [testimonial.role, testimonial.company, testimonial.location].filter(Boolean).join(' · ')
	return (
		<article aria-labelledby={headingId} className={`${panelClass} flex h-full flex-col`} data-testid="testimonial-card">
			<div className="flex flex-wrap items-center gap-2">
				<h3 id={headingId} className="font-semibold text-slate-900">
					{testimonial.name}
				</h3>
				{testimonial.featured ? (
					<span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span>
				) : null}
			</div>
			{details ? <p className="text-sm text-slate-600">{details}</p> : null}
			<p
				className={`mt-2 flex items-start gap-1.5 text-sm font-medium ${placement === 'featured' || placement === 'fills-a-place' ? 'text-emerald-800' : 'text-slate-700'}`}
				data-testid="testimonial-placement"
			>
				{placement === 'featured' || placement === 'fills-a-place' ? (
					<Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
				) : (
					<EyeOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
				)}
				{PLACEMENT_TEXT[placement]}
			</p>
			<div className="mt-2">
				<Stars rating={testimonial.rating} />
			</div>
			<blockquote className="mt-3 flex-1 text-slate-700">“{testimonial.content}”</blockquote>
			{errors.length > 0 ? (
				<ul className="mt-3 list-disc pl-5 text-sm font-medium text-red-700">
					{errors.map((message) => (
						<li key={message}>{message}</li>
					))}
				</ul>
			) : null}
			<div className="mt-4 flex flex-wrap gap-2">
				<button type="button" className={buttonClass.secondary} disabled={disabled} onClick={onToggleFeatured}>
					<Star className="h-4 w-4" aria-hidden="true" />
					{testimonial.featured ? 'Unfeature' : 'Feature'}
					<span className="sr-only"> {testimonial.name}</span>
				</button>
				<button
					type="button"
					id={`testimonial-${testimonial.id}-edit`}
					className={buttonClass.secondary}
					disabled={disabled}
					onClick={onEdit}
				>
					<Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {testimonial.name}</span>
				</button>
				<button type="button" className={buttonClass.dangerOutline} disabled={disabled} onClick={onDelete}>
					<Trash2 className="h-4 w-4" aria-hidden="true" /> Delete<span className="sr-only"> {testimonial.name}</span>
				</button>
			</div>
		</article>
	)
}
