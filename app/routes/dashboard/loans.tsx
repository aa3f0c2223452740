import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { contentEditorAction, EDITOR_FORM_MAX_BYTES, loadContentEditor } from '#app/features/content/content-editor.server.ts'
import { EditorPage } from '#app/components/dashboard/content/editor-page.tsx'
import { errorsUnder, sameDocument } from '#app/features/content/editor-result.ts'
import { panelClass } from '#app/components/ui/styles.ts'
import { LoanProductPanel } from '#app/components/dashboard/content/loan-product-panel.tsx'
import {
	loanProductTabs,
	toLoanProductsForm,
	toLoanProductsPayload,
	type LoanProductsForm,
} from '#app/components/dashboard/content/loan-products-form.ts'
import { SaveBar } from '#app/components/dashboard/content/save-bar.tsx'
import { UnsavedChangesGuard } from '#app/components/dashboard/content/unsaved-changes-guard.tsx'
import { useContentEditor } from '#app/components/dashboard/content/use-content-editor.ts'
import { VersionHistory } from '#app/components/dashboard/content/version-history.tsx'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'
import { readFormDataWithin } from '#app/features/uploads/image-upload.server.ts'
import { sheetFigures } from '#app/features/products/sheet-figures.ts'
import type { Route } from './+types/loans'

export const meta: Route.MetaFunction = () => [
	{ title: 'Loan Products | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const [editor, rateSheet] = await Promise.all([loadContentEditor(services, 'loanProducts'), services.content.get('rateSheet')])
	// docs/decisions/0067: the "from" rates and max LTVs the public pages print come from the sheet, shown read-only here.
	return { ...editor, sheetFigures: sheetFigures(rateSheet) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireAdmin(request, context)
	return contentEditorAction(context.get(servicesContext), 'loanProducts', user, await readFormDataWithin(request, EDITOR_FORM_MAX_BYTES))
}

export default function LoanProductsEditor({ loaderData }: Route.ComponentProps) {
	const { content, versions, sheetFigures: fromSheet } = loaderData
	const [draft, setDraft] = useState<LoanProductsForm>(() => toLoanProductsForm(content))
	const [tab, setTab] = useState<LoanProductKey>('dscr')
	const editor = useContentEditor<LoanProducts>({
		success: 'Loan product information updated successfully!',
		failure: 'Failed to update loan products',
		onStored: (stored) => setDraft(toLoanProductsForm(stored)),
		onInvalid: (errors) => {
			// Show the first product with a problem, so focus can move to its field.
			const first = loanProductTabs.find(({ key }) => Object.keys(errorsUnder(errors, key)).length > 0)
			if (first) setTab(first.key)
		},
	})
	const dirty = !sameDocument(toLoanProductsPayload(draft), content)

	return (
		<EditorPage
			scripted
			title="Loan Products"
			description="Limits, features and terms of each loan program, shown on its product page; the DSCR APR also appears on the home page. The rates and LTVs come from the rate sheet."
		>
			<form
				noValidate
				onSubmit={(event) => {
					event.preventDefault()
					editor.save(toLoanProductsPayload(draft))
				}}
			>
				<Tabs.Root value={tab} onValueChange={(value) => setTab(value as LoanProductKey)} className={panelClass}>
					<Tabs.List aria-label="Loan products" className="flex flex-wrap gap-1 border-b border-slate-200">
						{loanProductTabs.map(({ key, label }) => {
							const hasErrors = Object.keys(errorsUnder(editor.errors, key)).length > 0
							return (
								<Tabs.Trigger
									key={key}
									value={key}
									className="-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2 font-semibold text-slate-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
								>
									{label}
									{hasErrors ? (
										<>
											<span aria-hidden="true" className="h-2 w-2 rounded-full bg-red-600" />
											<span className="sr-only">(has errors)</span>
										</>
									) : null}
								</Tabs.Trigger>
							)
						})}
					</Tabs.List>
					{loanProductTabs.map(({ key }) => (
						<Tabs.Content key={key} value={key} className="pt-6 focus-visible:outline-2 focus-visible:outline-brand-600">
							<LoanProductPanel
								productKey={key}
								product={draft[key]}
								fromSheet={fromSheet[key]}
								errors={errorsUnder(editor.errors, key)}
								onChange={(change) => setDraft((current) => ({ ...current, [key]: { ...current[key], ...change } }))}
							/>
						</Tabs.Content>
					))}
				</Tabs.Root>
				<SaveBar label="Save All Changes" saving={editor.saving} dirty={dirty} error={editor.errors.form} />
			</form>
			<VersionHistory versions={versions} onRestore={editor.restore} busy={editor.saving || editor.restoring} hasUnsavedChanges={dirty} />
			<UnsavedChangesGuard dirty={dirty} />
		</EditorPage>
	)
}
