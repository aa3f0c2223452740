import { format } from 'date-fns'
import { MoreHorizontal, UserPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { data } from 'react-router'
import { DropdownMenu } from 'radix-ui'
import { toast } from 'sonner'
import { servicesContext } from '#app/context.ts'
import { ROLE_LABELS, type Role } from '#app/features/auth/roles.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { actingStaff } from '#app/features/activity/activity-log.server.ts'
import { addUserSchema, resetSecondFactorSchema, setRolesSchema } from '#app/features/users/user-schemas.ts'
import {
	UserAdminError,
	inviteStaff,
	listStaff,
	resendInvitation,
	resetSecondFactor,
	setStaffDisabled,
	setStaffRoles,
} from '#app/features/users/users.server.ts'
import { AddUserDialog, RolesDialog } from '#app/components/dashboard/users/user-dialogs.tsx'
import { ResetSecondFactorDialog } from '#app/components/dashboard/users/reset-second-factor-dialog.tsx'
import type { Route } from './+types/users'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const actor = await requireAdmin(request, context)
	return { ...(await listStaff(context.get(servicesContext))), actorId: actor.id }
}

type ActionResult = { ok: boolean; intent: string; message: string; errors?: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
	const actor = actingStaff(await requireAdmin(request, context), context)
	const services = context.get(servicesContext)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const userId = String(form.get('userId') ?? '')
	// docs/decisions/0088: a role change needs the password and second factor from the last 5 minutes.
	if (intent === 'roles') await requireRecentAuth(request, context, actor)
	const fail = (message: string, errors?: Record<string, string>) =>
		data<ActionResult>({ ok: false, intent, message, errors }, { status: 400 })
	try {
		switch (intent) {
			case 'create': {
				const parsed = addUserSchema.safeParse({ email: form.get('email'), fullName: form.get('fullName'), roles: form.getAll('roles') })
				if (!parsed.success) {
					const errors = fieldErrors(parsed.error, { topLevel: true })
					return fail(Object.values(errors)[0]!, errors)
				}
				await inviteStaff(services, actor, parsed.data)
				// spec 2 §8: the success text.
				return data<ActionResult>({ ok: true, intent, message: 'User created successfully! Welcome email sent.' })
			}
			case 'roles': {
				const parsed = setRolesSchema.safeParse({ userId, roles: form.getAll('roles') })
				if (!parsed.success) return fail(parsed.error.issues[0]!.message)
				await setStaffRoles(services, actor, parsed.data.userId, parsed.data.roles)
				return data<ActionResult>({ ok: true, intent, message: 'Roles updated' })
			}
			case 'disable':
			case 'enable':
				await setStaffDisabled(services, actor, userId, intent === 'disable')
				return data<ActionResult>({
					ok: true,
					intent,
					message: intent === 'disable' ? 'User disabled; their sessions have ended' : 'User enabled',
				})
			case 'reset-factor': {
				const parsed = resetSecondFactorSchema.safeParse({ userId, reason: form.get('reason') ?? '' })
				if (!parsed.success) {
					const errors = fieldErrors(parsed.error, { fallback: 'reason' })
					return fail(Object.values(errors)[0]!, errors)
				}
				await resetSecondFactor(services, actor, parsed.data.userId, parsed.data.reason)
				return data<ActionResult>({
					ok: true,
					intent,
					message: 'Second factor reset; their sessions have ended. They set up a new one at their next sign-in.',
				})
			}
			case 'resend':
				await resendInvitation(services, actor, userId)
				return data<ActionResult>({ ok: true, intent, message: 'Invitation sent again' })
			default:
				return fail('Unknown action')
		}
	} catch (error) {
		if (error instanceof UserAdminError) return fail(error.message)
		throw error
	}
}

const roleBadge: Record<Role, string> = {
	// spec 2 §4: admin destructive, moderator secondary, user outline.
	admin: 'bg-red-700 text-white',
	moderator: 'bg-slate-200 text-slate-900',
	user: 'border border-slate-400 text-slate-800',
}

export default function UsersScreen({ loaderData, actionData }: Route.ComponentProps) {
	const hydrated = useHydrated()
	const { users, counts, actorId } = loaderData
	const [adding, setAdding] = useState(false)
	const [editing, setEditing] = useState<(typeof users)[number] | null>(null)
	const [resetting, setResetting] = useState<(typeof users)[number] | null>(null)

	useEffect(() => {
		if (!actionData) return
		if (actionData.ok) {
			toast.success(actionData.message)
			setAdding(false)
			setEditing(null)
			setResetting(null)
		} else if (!actionData.errors) {
			toast.error(actionData.intent === 'create' ? actionData.message || 'Failed to create user' : actionData.message)
		}
	}, [actionData])

	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-brand-900">User Management</h1>
				<button
					type="button"
					disabled={!hydrated}
					onClick={() => setAdding(true)}
					className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
				>
					<UserPlus className="h-4 w-4" aria-hidden="true" /> Add User
				</button>
			</div>
			<ul className="grid gap-4 sm:grid-cols-3">
				{[
					['Total Users', counts.total],
					['Admin Users', counts.admin],
					['Regular Users', counts.regular],
				].map(([label, value]) => (
					<li key={label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
						<p className="text-sm text-slate-600">{label}</p>
						<p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
					</li>
				))}
			</ul>
			<section aria-labelledby="all-users" className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
				<h2 id="all-users" className="p-5 text-lg font-semibold text-slate-900">
					All Users
				</h2>
				<table className="w-full text-left text-sm">
					<thead className="border-y border-slate-200 bg-slate-50 text-slate-700">
						<tr>
							<th scope="col" className="px-4 py-2">
								Email
							</th>
							<th scope="col" className="px-4 py-2">
								Full Name
							</th>
							<th scope="col" className="px-4 py-2">
								Roles
							</th>
							<th scope="col" className="px-4 py-2">
								Created
							</th>
							<th scope="col" className="px-4 py-2">
								Status
							</th>
							<th scope="col" className="px-4 py-2">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{users.map((user) => (
							<tr key={user.id} className="border-b border-slate-100">
								<td className="px-4 py-2">{user.email}</td>
								<td className="px-4 py-2">{user.fullName}</td>
								<td className="px-4 py-2">
									<span className="flex flex-wrap gap-1">
										{user.roles.map((role) => (
											<span key={role} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadge[role]}`}>
												{ROLE_LABELS[role]}
											</span>
										))}
									</span>
								</td>
								<td className="px-4 py-2">{format(new Date(user.createdAt), 'MMM dd, yyyy')}</td>
								<td className="px-4 py-2">{user.disabled ? 'Disabled' : user.invitationPending ? 'Invitation sent' : 'Active'}</td>
								<td className="px-4 py-2 text-right">
									<UserActions
										user={user}
										isSelf={user.id === actorId}
										onEditRoles={() => setEditing(user)}
										onResetFactor={() => setResetting(user)}
									/>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</section>
			<AddUserDialog open={adding} onOpenChange={setAdding} result={actionData?.intent === 'create' ? actionData : undefined} />
			{resetting ? (
				<ResetSecondFactorDialog
					user={resetting}
					result={actionData?.intent === 'reset-factor' ? actionData : undefined}
					onClose={() => setResetting(null)}
				/>
			) : null}
			{editing ? <RolesDialog user={editing} isSelf={editing.id === actorId} onClose={() => setEditing(null)} /> : null}
		</div>
	)
}

function UserActions({
	user,
	isSelf,
	onEditRoles,
	onResetFactor,
}: {
	user: { id: string; email: string; disabled: boolean; invitationPending: boolean }
	isSelf: boolean
	onEditRoles: () => void
	onResetFactor: () => void
}) {
	const hydrated = useHydrated()
	const submit = (intent: string) => {
		const form = document.createElement('form')
		form.method = 'post'
		form.hidden = true
		for (const [name, value] of [
			['intent', intent],
			['userId', user.id],
		]) {
			const input = document.createElement('input')
			input.name = name!
			input.value = value!
			form.append(input)
		}
		document.body.append(form)
		form.requestSubmit()
		form.remove()
	}
	return (
		<DropdownMenu.Root>
			<DropdownMenu.Trigger
				className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100"
				aria-label={`Actions for ${user.email}`}
				disabled={!hydrated}
			>
				<MoreHorizontal className="h-5 w-5" aria-hidden="true" />
			</DropdownMenu.Trigger>
			<DropdownMenu.Portal>
				<DropdownMenu.Content align="end" className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
					<DropdownMenu.Item
						onSelect={onEditRoles}
						className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
					>
						Edit roles
					</DropdownMenu.Item>
					{user.invitationPending ? (
						<DropdownMenu.Item
							onSelect={() => submit('resend')}
							className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
						>
							Resend invitation
						</DropdownMenu.Item>
					) : null}
					{isSelf || user.invitationPending ? null : (
						<DropdownMenu.Item
							onSelect={onResetFactor}
							className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
						>
							Reset second factor
						</DropdownMenu.Item>
					)}
					{isSelf ? null : user.disabled ? (
						<DropdownMenu.Item
							onSelect={() => submit('enable')}
							className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
						>
							Enable
						</DropdownMenu.Item>
					) : (
						<DropdownMenu.Item
							onSelect={() => submit('disable')}
							className="cursor-pointer rounded px-3 py-2 text-sm text-red-800 outline-none data-[highlighted]:bg-red-50"
						>
							Disable
						</DropdownMenu.Item>
					)}
				</DropdownMenu.Content>
			</DropdownMenu.Portal>
		</DropdownMenu.Root>
	)
}
