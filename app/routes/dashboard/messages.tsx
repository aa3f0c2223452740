import { format } from 'date-fns'
import { Mail, MailOpen, Phone } from 'lucide-react'
import { Form, Link, data } from 'react-router'
import { z } from 'zod'
import { telHref } from '#app/components/site/brand.ts'
import { servicesContext } from '#app/context.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { INBOX_PAGE_SIZE } from '#app/features/contact/contact-inbox.ts'
import { listContactMessages, setContactMessageRead } from '#app/features/contact/contact-inbox.server.ts'
import type { Route } from './+types/messages'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import { can } from '#app/features/auth/roles.ts'
import { MessageLead } from '#app/components/dashboard/leads/message-lead.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	const actor = await requireStaff(request, context, 'messages')
	const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
	// docs/decisions/0109: "Create lead" is for whoever may both read messages and add leads.
	return { ...(await listContactMessages(context.get(servicesContext).db, page)), page, canAddLeads: can(actor.roles, 'leads') }
}

const readSchema = z.object({ id: z.uuid(), read: z.enum(['true', 'false']) })

export async function action({ request, context }: Route.ActionArgs) {
	await requireStaff(request, context, 'messages')
	const parsed = readSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) return data({ error: 'Unknown message' }, { status: 400 })
	const found = await setContactMessageRead(context.get(servicesContext).db, parsed.data.id, parsed.data.read === 'true')
	return found ? data({ error: null }) : data({ error: 'This message no longer exists' }, { status: 404 })
}

export default function Messages({ loaderData }: Route.ComponentProps) {
	const { messages, total, unread, page, canAddLeads } = loaderData
	const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE))
	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-brand-900">Contact Messages</h1>
				<p className="mt-1 text-slate-700">
					{total} message{total === 1 ? '' : 's'}, {unread} unread
				</p>
			</div>
			{messages.length === 0 ? (
				<p className="rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
					No messages yet. Messages sent from the contact page appear here.
				</p>
			) : (
				<ul className="space-y-3">
					{messages.map((message) => (
						<li
							key={message.id}
							className={`rounded-xl bg-white p-5 shadow-sm ring-1 ${message.read ? 'ring-slate-200' : 'ring-brand-600'}`}
							data-testid="contact-message"
						>
							<div className="flex flex-wrap items-start justify-between gap-3">
								<div>
									<p className={`text-slate-900 ${message.read ? 'font-medium' : 'font-bold'}`}>
										{message.read ? null : (
											<span className="mr-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Unread</span>
										)}
										{message.name}
									</p>
									<p className="text-sm text-slate-600">{format(new Date(message.createdAt), "MMMM dd, yyyy 'at' h:mm a")}</p>
								</div>
								<div className="flex flex-wrap items-center gap-2">
									<MessageLead message={message} canAddLeads={canAddLeads} />
									<Form method="post">
										<input type="hidden" name="id" value={message.id} />
										<input type="hidden" name="read" value={message.read ? 'false' : 'true'} />
										<button
											type="submit"
											className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
										>
											{message.read ? <Mail className="h-4 w-4" aria-hidden="true" /> : <MailOpen className="h-4 w-4" aria-hidden="true" />}
											{message.read ? 'Mark unread' : 'Mark read'}
										</button>
									</Form>
								</div>
							</div>
							<p className="mt-3 whitespace-pre-wrap text-slate-800">{message.message}</p>
							<p className="mt-3 flex flex-wrap gap-4 text-sm">
								<a href={`mailto:${message.email}`} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
									<Mail className="h-4 w-4" aria-hidden="true" /> {message.email}
								</a>
								<a href={telHref(message.phone)} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
									<Phone className="h-4 w-4" aria-hidden="true" /> {formatPhone(message.phone)}
								</a>
							</p>
						</li>
					))}
				</ul>
			)}
			{pages > 1 ? (
				<nav aria-label="Pages" className="flex items-center gap-3">
					{page > 1 ? (
						<Link to={`?page=${page - 1}`} className="font-medium text-brand-700">
							Previous
						</Link>
					) : null}
					<span className="text-sm text-slate-700">
						Page {page} of {pages}
					</span>
					{page < pages ? (
						<Link to={`?page=${page + 1}`} className="font-medium text-brand-700">
							Next
						</Link>
					) : null}
				</nav>
			) : null}
		</div>
	)
}
