import { Form, useNavigation } from 'react-router'
import { Modal, ModalClose } from '#app/components/ui/dialog.tsx'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { ROLES, ROLE_LABELS, type Role } from '#app/features/auth/roles.ts'

/** The Users screen's dialogs: inviting a colleague, and changing an account's roles (both post to the screen's action). */
export function AddUserDialog({
	open,
	onOpenChange,
	result,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	result: { errors?: Record<string, string> } | undefined
}) {
	const saving = useNavigation().state === 'submitting'
	const errors = result?.errors ?? {}
	return (
		<Modal
			open={open}
			onOpenChange={onOpenChange}
			size="max-w-md"
			title="Add User"
			description="A password reset e-mail is sent automatically so the new user can choose a password."
		>
			<Form method="post" className="space-y-4" noValidate>
				<input type="hidden" name="intent" value="create" />
				<div>
					<label htmlFor="new-user-email" className="mb-1 block font-medium text-slate-800">
						Email
					</label>
					<input
						id="new-user-email"
						name="email"
						type="email"
						required
						className={inputClass}
						aria-invalid={errors.email ? true : undefined}
						aria-describedby={errors.email ? 'new-user-email-error' : undefined}
					/>
					{errors.email ? (
						<p id="new-user-email-error" className="mt-1 text-sm text-red-700">
							{errors.email}
						</p>
					) : null}
				</div>
				<div>
					<label htmlFor="new-user-name" className="mb-1 block font-medium text-slate-800">
						Full name
					</label>
					<input
						id="new-user-name"
						name="fullName"
						required
						className={inputClass}
						aria-invalid={errors.fullName ? true : undefined}
						aria-describedby={errors.fullName ? 'new-user-name-error' : undefined}
					/>
					{errors.fullName ? (
						<p id="new-user-name-error" className="mt-1 text-sm text-red-700">
							{errors.fullName}
						</p>
					) : null}
				</div>
				{/* No role is ticked beforehand: the admin chooses each one (a ticked default once made a manager a loan officer too). */}
				<RoleCheckboxes idPrefix="new-user" selected={[]} error={errors.roles} />
				<div className="flex justify-end gap-2">
					<ModalClose className={buttonClass.secondary}>Cancel</ModalClose>
					<button type="submit" disabled={saving} className={buttonClass.primary}>
						{saving ? 'Creating...' : 'Create User'}
					</button>
				</div>
			</Form>
		</Modal>
	)
}

export function RolesDialog({
	user,
	isSelf,
	onClose,
}: {
	user: { id: string; email: string; roles: Role[] }
	isSelf: boolean
	onClose: () => void
}) {
	return (
		<Modal
			open
			onOpenChange={(open) => (open ? null : onClose())}
			size="max-w-md"
			title={`Roles of ${user.email}`}
			description={isSelf ? 'You cannot remove your own admin role.' : 'Changes apply on the next request.'}
		>
			<Form method="post" className="space-y-4">
				<input type="hidden" name="intent" value="roles" />
				<input type="hidden" name="userId" value={user.id} />
				<RoleCheckboxes idPrefix="edit-user" selected={user.roles} lockAdmin={isSelf} />
				<div className="flex justify-end gap-2">
					<ModalClose className={buttonClass.secondary}>Cancel</ModalClose>
					<button type="submit" className={buttonClass.primary}>
						Save Roles
					</button>
				</div>
			</Form>
		</Modal>
	)
}

function RoleCheckboxes({
	idPrefix,
	selected,
	error,
	lockAdmin = false,
}: {
	idPrefix: string
	selected: Role[]
	error?: string
	lockAdmin?: boolean
}) {
	return (
		<fieldset aria-describedby={error ? `${idPrefix}-roles-error` : undefined}>
			<legend className="mb-1 font-medium text-slate-800">Roles</legend>
			<div className="flex gap-4">
				{ROLES.map((role) => (
					<label key={role} className="flex items-center gap-2 text-slate-800">
						<input
							type="checkbox"
							name="roles"
							value={role}
							defaultChecked={selected.includes(role)}
							disabled={lockAdmin && role === 'admin'}
							className="h-4 w-4 accent-brand-700"
						/>
						{ROLE_LABELS[role]}
						{lockAdmin && role === 'admin' ? <input type="hidden" name="roles" value="admin" /> : null}
					</label>
				))}
			</div>
			{error ? (
				<p id={`${idPrefix}-roles-error`} className="mt-1 text-sm text-red-700">
					{error}
				</p>
			) : null}
		</fieldset>
	)
}
