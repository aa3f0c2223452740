import { useState } from 'react'
import { companySections, socialNetworks } from '#app/components/dashboard/content/company-fields.ts'
import { contentEditorAction, EDITOR_FORM_MAX_BYTES, loadContentEditor } from '#app/features/content/content-editor.server.ts'
import { TextAreaField, TextField } from '#app/components/ui/field.tsx'
import { EditorPage } from '#app/components/dashboard/content/editor-page.tsx'
import { sameDocument } from '#app/features/content/editor-result.ts'
import { panelClass } from '#app/components/ui/styles.ts'
import { SaveBar } from '#app/components/dashboard/content/save-bar.tsx'
import { UnsavedChangesGuard } from '#app/components/dashboard/content/unsaved-changes-guard.tsx'
import { useContentEditor } from '#app/components/dashboard/content/use-content-editor.ts'
import { VersionHistory } from '#app/components/dashboard/content/version-history.tsx'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Company } from '#app/features/content/content-schemas.ts'
import { logoInitials } from '#app/features/content/company-identity.ts'
import { readFormDataWithin } from '#app/features/uploads/image-upload.server.ts'
import type { Route } from './+types/company'

export const meta: Route.MetaFunction = () => [
	{ title: 'Company Information | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return loadContentEditor(context.get(servicesContext), 'company')
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireAdmin(request, context)
	return contentEditorAction(context.get(servicesContext), 'company', user, await readFormDataWithin(request, EDITOR_FORM_MAX_BYTES))
}

export default function CompanyEditor({ loaderData }: Route.ComponentProps) {
	const { content, versions } = loaderData
	const [draft, setDraft] = useState<Company>(content)
	const editor = useContentEditor<Company>({
		success: 'Company information updated successfully!',
		failure: 'Failed to update company information',
		onStored: setDraft,
	})
	const dirty = !sameDocument(draft, content)
	const { errors } = editor

	return (
		<EditorPage
			scripted
			title="Company Information"
			description="The name, contact details and licences shown in the header, footer, contact page, quote wizard and e-mails."
		>
			<form
				noValidate
				onSubmit={(event) => {
					event.preventDefault()
					editor.save(draft)
				}}
			>
				<div className="grid gap-6 lg:grid-cols-2">
					{companySections.map((section) => (
						<fieldset key={section.title} className={panelClass}>
							<legend className="float-left w-full text-lg font-semibold text-slate-900">{section.title}</legend>
							<div className="clear-both space-y-4 pt-4">
								{section.fields.map((spec) => {
									const props = {
										id: `company-${spec.name}`,
										label: spec.label,
										// The logo's letters as they will show, so a rename's effect is seen before it is saved.
										hint: spec.name === 'initials' ? `${spec.hint} The logo shows: ${logoInitials(draft)}` : spec.hint,
										required: spec.required,
										value: draft[spec.name],
										error: errors[spec.name],
										onChange: (value: string) => setDraft((current) => ({ ...current, [spec.name]: value })),
									}
									return spec.multiline ? (
										<TextAreaField key={spec.name} {...props} />
									) : (
										<TextField key={spec.name} type={spec.type} {...props} />
									)
								})}
							</div>
						</fieldset>
					))}
					<fieldset className={panelClass}>
						<legend className="float-left w-full text-lg font-semibold text-slate-900">Social media</legend>
						<div className="clear-both space-y-4 pt-4">
							{socialNetworks.map(({ name, label }) => (
								<TextField
									key={name}
									id={`company-social-${name}`}
									label={label}
									type="url"
									hint={name === 'linkedin' ? 'Full profile addresses starting with https://; leave empty to hide.' : undefined}
									value={draft.social[name]}
									error={errors[`social.${name}`]}
									onChange={(value) => setDraft((current) => ({ ...current, social: { ...current.social, [name]: value } }))}
								/>
							))}
						</div>
					</fieldset>
				</div>
				<SaveBar label="Save Changes" saving={editor.saving} dirty={dirty} error={errors.form} />
			</form>
			<VersionHistory versions={versions} onRestore={editor.restore} busy={editor.saving || editor.restoring} hasUnsavedChanges={dirty} />
			<UnsavedChangesGuard dirty={dirty} />
		</EditorPage>
	)
}
