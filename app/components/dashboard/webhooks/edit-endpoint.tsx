import { Pencil } from 'lucide-react'
import { Form } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { FormErrors } from '#app/features/webhooks/webhooks-screen.ts'
import { EndpointFields } from './endpoint-fields.tsx'
import type { EndpointView } from './endpoint-view.ts'

/** An endpoint's edit form, folded away until asked for (open while it shows an error). */
export function EditEndpoint({
	endpoint,
	errors,
	allowHttp,
	busy,
	onSubmit,
}: {
	endpoint: EndpointView
	errors: FormErrors
	allowHttp: boolean
	busy: boolean
	onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
}) {
	const failed = Object.keys(errors).length > 0
	return (
		<details open={failed || undefined} className="group">
			<summary className="inline-flex cursor-pointer items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
				<Pencil className="h-4 w-4" aria-hidden="true" /> Edit
			</summary>
			<Form
				method="post"
				className="mt-3 space-y-4 border-t border-slate-200 pt-3"
				onSubmit={onSubmit}
				noValidate
				data-endpoint-form={endpoint.id}
			>
				<input type="hidden" name="intent" value="update" />
				<input type="hidden" name="id" value={endpoint.id} />
				<input type="hidden" name="kind" value={endpoint.kind} />
				{errors.kind ? (
					<p role="alert" className="text-sm text-red-700">
						{errors.kind}
					</p>
				) : null}
				<EndpointFields prefix={`edit-${endpoint.id}`} kind={endpoint.kind} errors={errors} allowHttp={allowHttp} endpoint={endpoint} />
				<button type="submit" className={buttonClass.primary} disabled={busy}>
					Save endpoint
				</button>
			</Form>
		</details>
	)
}
