import { useState } from 'react'
import { data } from 'react-router'
import { BackgroundImageUpload, type UploadResult } from '#app/components/dashboard/content/background-image-upload.tsx'
import { contentEditorAction, EDITOR_FORM_MAX_BYTES, loadContentEditor } from '#app/features/content/content-editor.server.ts'
import { TextField } from '#app/components/ui/field.tsx'
import { EditorPage } from '#app/components/dashboard/content/editor-page.tsx'
import { sameDocument } from '#app/features/content/editor-result.ts'
import { panelClass } from '#app/components/ui/styles.ts'
import { HeroPreview } from '#app/components/dashboard/content/hero-preview.tsx'
import { SaveBar } from '#app/components/dashboard/content/save-bar.tsx'
import { UnsavedChangesGuard } from '#app/components/dashboard/content/unsaved-changes-guard.tsx'
import { useContentEditor } from '#app/components/dashboard/content/use-content-editor.ts'
import { VersionHistory } from '#app/components/dashboard/content/version-history.tsx'
import { servicesContext } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Hero } from '#app/features/content/content-schemas.ts'
import { uploadStorageFor } from '#app/features/uploads/configured-upload-storage.server.ts'
import { readFormDataWithin, storeImageUpload } from '#app/features/uploads/image-upload.server.ts'
import { IMAGE_UPLOAD_MAX_BYTES, imageUploadMessages } from '#app/features/uploads/image-upload-rules.ts'
import type { Route } from './+types/hero'

export const meta: Route.MetaFunction = () => [
	{ title: 'Hero Content | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return loadContentEditor(context.get(servicesContext), 'hero')
}

// Room for the multipart framing around a 5 MB image.
const UPLOAD_FORM_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES + EDITOR_FORM_MAX_BYTES

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const form = await readFormDataWithin(request, UPLOAD_FORM_MAX_BYTES)
	// Only an image can make the body this large.
	if (!form) return data<UploadResult>({ ok: false, intent: 'upload', errors: { image: imageUploadMessages.size } }, { status: 413 })
	if (form.get('intent') !== 'upload') return contentEditorAction(services, 'hero', user, form)
	try {
		const result = await storeImageUpload(uploadStorageFor(services.config), form.get('image'))
		if (!result.ok) return data<UploadResult>({ ok: false, intent: 'upload', errors: { image: result.message } }, { status: result.status })
		services.log.info({ url: result.url, by: user.id }, 'hero image uploaded')
		return data<UploadResult>({ ok: true, intent: 'upload', url: result.url })
	} catch (error) {
		services.log.error({ err: errorForLog(error) }, 'hero image upload failed')
		return data<UploadResult>({ ok: false, intent: 'upload', errors: { image: imageUploadMessages.failed } }, { status: 502 })
	}
}

export default function HeroEditor({ loaderData }: Route.ComponentProps) {
	const { content, versions } = loaderData
	const [draft, setDraft] = useState<Hero>(content)
	const editor = useContentEditor<Hero>({
		success: 'Hero content updated successfully!',
		failure: 'Failed to update hero content',
		onStored: setDraft,
	})
	const dirty = !sameDocument(draft, content)
	const { errors } = editor
	const field = (name: keyof Hero) => ({
		value: draft[name],
		onChange: (value: string) => setDraft((current) => ({ ...current, [name]: value })),
		error: errors[name],
	})

	return (
		<EditorPage scripted title="Hero Content" description="The headline, subtitle and button at the top of the home page.">
			<div className="grid gap-6 xl:grid-cols-2 xl:items-start">
				<form
					noValidate
					onSubmit={(event) => {
						event.preventDefault()
						editor.save(draft)
					}}
				>
					<div className={`${panelClass} space-y-5`}>
						<TextField id="hero-title" label="Main Title" required {...field('title')} />
						<TextField id="hero-subtitle" label="Subtitle" required {...field('subtitle')} />
						<TextField
							id="hero-cta"
							label="Call-to-Action Button Text"
							required
							hint="The button that starts a quote."
							{...field('ctaText')}
						/>
						<TextField
							id="hero-background"
							label="Background Image URL"
							type="url"
							inputMode="url"
							hint="An https:// address, a path on this site, or upload an image below. Leave empty for the plain blue background."
							{...field('backgroundImage')}
						/>
						<BackgroundImageUpload onUploaded={(url) => setDraft((current) => ({ ...current, backgroundImage: url }))} />
					</div>
					<SaveBar label="Save Changes" saving={editor.saving} dirty={dirty} error={errors.form} />
				</form>
				<HeroPreview hero={draft} />
			</div>
			<VersionHistory versions={versions} onRestore={editor.restore} busy={editor.saving || editor.restoring} hasUnsavedChanges={dirty} />
			<UnsavedChangesGuard dirty={dirty} />
		</EditorPage>
	)
}
