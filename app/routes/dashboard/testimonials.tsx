import { Plus } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { contentEditorAction, EDITOR_FORM_MAX_BYTES, loadContentEditor } from '#app/features/content/content-editor.server.ts'
import { EditorPage } from '#app/components/dashboard/content/editor-page.tsx'
import { sameDocument } from '#app/features/content/editor-result.ts'
import { buttonClass } from '#app/components/ui/styles.ts'
import { SaveBar } from '#app/components/dashboard/content/save-bar.tsx'
import { TestimonialCard } from '#app/components/dashboard/content/testimonial-card.tsx'
import { newTestimonial, TestimonialForm } from '#app/components/dashboard/content/testimonial-form.tsx'
import { UnsavedChangesGuard } from '#app/components/dashboard/content/unsaved-changes-guard.tsx'
import { useContentEditor } from '#app/components/dashboard/content/use-content-editor.ts'
import { VersionHistory } from '#app/components/dashboard/content/version-history.tsx'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Testimonial } from '#app/features/content/content-schemas.ts'
import { PLACEMENT_TEXT, placementSummary, testimonialPlacements } from '#app/features/content/testimonial-placement.ts'
import { readFormDataWithin } from '#app/features/uploads/image-upload.server.ts'
import type { Route } from './+types/testimonials'

export const meta: Route.MetaFunction = () => [
	{ title: 'Testimonials | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return loadContentEditor(context.get(servicesContext), 'testimonials')
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireAdmin(request, context)
	return contentEditorAction(context.get(servicesContext), 'testimonials', user, await readFormDataWithin(request, EDITOR_FORM_MAX_BYTES))
}

/** spec 3: at most 50 testimonials (testimonialsSchema). */
const MAX_TESTIMONIALS = 50
const PUBLISH_HINT = 'Nothing changes on the site until Save All Changes.'

/** spec 2 §4: none selected → editing a new or an existing testimonial → saved into the list or cancelled. */
type Editing = { initial: Testimonial; current: Testimonial; isNew: boolean } | null

export default function TestimonialsEditor({ loaderData }: Route.ComponentProps) {
	const { content, versions } = loaderData
	const [items, setItems] = useState<Testimonial[]>(content)
	const [editing, setEditing] = useState<Editing>(null)
	const addButton = useRef<HTMLButtonElement>(null)
	const editor = useContentEditor<Testimonial[]>({
		success: 'Testimonials updated successfully!',
		// docs/decisions/0080: the message says what the site now shows, so a testimonial left out is never a surprise.
		savedDescription: placementSummary,
		failure: 'Failed to update testimonials',
		onStored: (stored) => {
			setItems(stored)
			setEditing(null)
		},
	})
	const listChanged = !sameDocument(items, content)
	const placements = testimonialPlacements(items)
	const dirty = listChanged || (editing !== null && !sameDocument(editing.current, editing.initial))

	function startEditing(testimonial: Testimonial, isNew: boolean) {
		setEditing({ initial: testimonial, current: testimonial, isNew })
	}

	/** Back to "none selected", with focus where the person started. */
	function stopEditing(id: string | null) {
		setEditing(null)
		requestAnimationFrame(() => (id ? document.getElementById(`testimonial-${id}-edit`) : addButton.current)?.focus())
	}

	function saveTestimonial(saved: Testimonial) {
		const next = items.some((item) => item.id === saved.id) ? items.map((item) => (item.id === saved.id ? saved : item)) : [...items, saved]
		setItems(next)
		stopEditing(saved.id)
		// Where it will appear once published (docs/decisions/0080).
		const placement = testimonialPlacements(next).get(saved.id)!
		toast.success('Testimonial saved!', { description: `${PLACEMENT_TEXT[placement]}. ${PUBLISH_HINT}` })
	}

	function deleteTestimonial(index: number) {
		const removed = items[index]!
		setItems((current) => current.filter((item) => item.id !== removed.id))
		requestAnimationFrame(() => addButton.current?.focus())
		toast.success('Testimonial deleted!', {
			description: 'Save All Changes to remove it from the site.',
			action: { label: 'Undo', onClick: () => setItems((current) => [...current.slice(0, index), removed, ...current.slice(index)]) },
		})
	}

	function errorsOf(index: number) {
		return Object.entries(editor.errors)
			.filter(([path]) => path.startsWith(`${index}.`))
			.map(([, message]) => message)
	}

	return (
		<EditorPage
			scripted
			title="Testimonials"
			description="What clients say on the home page, which shows three: featured testimonials first, then the others in list order. Each card says where it appears. Changes here are published with Save All Changes."
		>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 className="text-lg font-semibold text-slate-900">
					{items.length} {items.length === 1 ? 'testimonial' : 'testimonials'}
				</h2>
				<button
					ref={addButton}
					type="button"
					className={buttonClass.primary}
					disabled={editing !== null || items.length >= MAX_TESTIMONIALS}
					onClick={() => startEditing(newTestimonial(), true)}
				>
					<Plus className="h-4 w-4" aria-hidden="true" /> Add Testimonial
				</button>
			</div>
			{editing ? (
				<div className="mt-6">
					<TestimonialForm
						key={editing.initial.id}
						initial={editing.initial}
						isNew={editing.isNew}
						onChange={(current) => setEditing((state) => (state ? { ...state, current } : state))}
						onSave={saveTestimonial}
						onCancel={() => stopEditing(editing.isNew ? null : editing.initial.id)}
					/>
				</div>
			) : null}
			{items.length === 0 ? (
				<p className="mt-6 rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
					No testimonials yet. Add one with Add Testimonial.
				</p>
			) : (
				<ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
					{items.map((testimonial, index) => (
						<li key={testimonial.id}>
							<TestimonialCard
								testimonial={testimonial}
								placement={placements.get(testimonial.id)!}
								errors={errorsOf(index)}
								disabled={editing !== null}
								onToggleFeatured={() =>
									setItems((current) => current.map((item) => (item.id === testimonial.id ? { ...item, featured: !item.featured } : item)))
								}
								onEdit={() => startEditing(testimonial, false)}
								onDelete={() => deleteTestimonial(index)}
							/>
						</li>
					))}
				</ul>
			)}
			<SaveBar
				label="Save All Changes"
				saving={editor.saving}
				dirty={listChanged}
				error={editor.errors.form}
				blockedReason={editing ? 'Save or cancel the testimonial you are editing first.' : undefined}
				onSave={() => editor.save(items)}
			/>
			<VersionHistory
				versions={versions}
				onRestore={editor.restore}
				busy={editor.saving || editor.restoring || editing !== null}
				hasUnsavedChanges={dirty}
			/>
			<UnsavedChangesGuard dirty={dirty} />
		</EditorPage>
	)
}
