import { useState } from 'react'
import { testimonialSchema, type Testimonial } from '#app/features/content/content-schemas.ts'
import { FieldLabel, FieldMessages, TextAreaField, TextField } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '../../../features/content/editor-result.ts'
import { buttonClass, panelClass, inputClass } from '#app/components/ui/styles.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'

/** spec 3: rating 1-5, 5 for a new testimonial. */
export function newTestimonial(): Testimonial {
	return {
		id: `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
		name: '',
		role: '',
		company: '',
		location: '',
		content: '',
		rating: 5,
		featured: false,
	}
}

type TextKey = 'name' | 'role' | 'company' | 'location'

/** The add/edit form of one testimonial, checked with the same schema the server applies to the list. */
export function TestimonialForm({
	initial,
	isNew,
	onSave,
	onCancel,
	onChange,
}: {
	initial: Testimonial
	isNew: boolean
	onSave: (testimonial: Testimonial) => void
	onCancel: () => void
	onChange: (testimonial: Testimonial) => void
}) {
	const [form, setForm] = useState(initial)
	const [errors, setErrors] = useState<FieldErrors>({})
	const update = (change: Partial<Testimonial>) => {
		const next = { ...form, ...change }
		setForm(next)
		onChange(next)
	}
	const text = (name: TextKey) => ({
		id: `testimonial-${name}`,
		value: form[name],
		error: errors[name],
		onChange: (value: string) => update({ [name]: value }),
	})
	const heading = isNew ? 'Add Testimonial' : 'Edit Testimonial'

	return (
		<form
			aria-labelledby="testimonial-form-heading"
			noValidate
			className={`${panelClass} ring-2 ring-brand-200`}
			onSubmit={(event) => {
				event.preventDefault()
				const formElement = event.currentTarget
				const parsed = testimonialSchema.safeParse(form)
				if (!parsed.success) {
					setErrors(fieldErrors(parsed.error))
					requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
					return
				}
				onSave(parsed.data)
			}}
		>
			<h2 id="testimonial-form-heading" className="text-lg font-semibold text-slate-900">
				{heading}
			</h2>
			<div className="mt-4 grid gap-4 md:grid-cols-2">
				<TextField label="Name" required autoFocus {...text('name')} />
				<TextField label="Role" hint="e.g. Real Estate Investor" {...text('role')} />
				<TextField label="Company" {...text('company')} />
				<TextField label="Location" hint="e.g. Austin, TX" {...text('location')} />
				<div className="md:col-span-2">
					<TextAreaField
						id="testimonial-content"
						label="Testimonial"
						required
						value={form.content}
						error={errors.content}
						onChange={(content) => update({ content })}
					/>
				</div>
				<div>
					<FieldLabel htmlFor="testimonial-rating" label="Rating" />
					<select
						id="testimonial-rating"
						value={form.rating}
						onChange={(event) => update({ rating: Number(event.target.value) })}
						aria-invalid={errors.rating ? true : undefined}
						aria-describedby={errors.rating ? 'testimonial-rating-error' : undefined}
						className={inputClass}
					>
						{[5, 4, 3, 2, 1].map((stars) => (
							<option key={stars} value={stars}>
								{stars} {stars === 1 ? 'star' : 'stars'}
							</option>
						))}
					</select>
					<FieldMessages id="testimonial-rating" error={errors.rating} />
				</div>
				<div className="flex items-center gap-2 self-end pb-2">
					<input
						id="testimonial-featured"
						type="checkbox"
						checked={form.featured}
						onChange={(event) => update({ featured: event.target.checked })}
						aria-describedby="testimonial-featured-hint"
						className="h-4 w-4 accent-brand-700"
					/>
					<label htmlFor="testimonial-featured" className="text-sm font-medium text-slate-800">
						Featured
					</label>
					<span id="testimonial-featured-hint" className="text-sm text-slate-600">
						(the home page shows three, featured ones first)
					</span>
				</div>
			</div>
			<div className="mt-6 flex justify-end gap-3">
				<button type="button" className={buttonClass.secondary} onClick={onCancel}>
					Cancel
				</button>
				<button type="submit" className={buttonClass.primary}>
					Save Testimonial
				</button>
			</div>
		</form>
	)
}
