import { eq } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { outbox, rateLimits, sessions, users, verifications } from '#db/schema.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { formRequest, routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action as loginAction } from '../auth/login.tsx'
import { action as resetAction } from '../auth/reset-password.tsx'
import { action, loader } from './users.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(outbox)
	await handle.db.delete(rateLimits)
})

async function post(fields: Array<[string, string]>, cookie: string | null = admin.cookie) {
	const body = new URLSearchParams(fields)
	const result = await action({
		request: staffRequest('http://localhost:3000/dashboard/users', cookie, {
			method: 'POST',
			body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		}),
		context: routeContext(services),
		params: {},
	} as never)
	const { data, init } = result as unknown as {
		data: { ok: boolean; message: string; errors?: Record<string, string> }
		init: ResponseInit | null
	}
	return { status: init?.status ?? 200, body: data }
}

const list = async (cookie = admin.cookie) =>
	(await loader({
		request: staffRequest('http://localhost:3000/dashboard/users', cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof loader>>

describe('user management', () => {
	test('Add User validates with the spec’s texts', async () => {
		const { status, body } = await post([
			['intent', 'create'],
			['email', 'nope'],
			['fullName', 'J'],
		])
		expect(status).toBe(400)
		expect(body.errors).toEqual({
			email: 'Please enter a valid email address',
			fullName: 'Full name must be at least 2 characters',
			roles: 'Select at least one role',
		})
	})

	test('an invited user gets an e-mail, sets a password from its link and signs in', async () => {
		const { body } = await post([
			['intent', 'create'],
			['email', 'New.Officer@Example.com'],
			['fullName', 'New Officer'],
			['roles', 'admin'],
			['roles', 'moderator'],
		])
		expect(body).toMatchObject({ ok: true, message: 'User created successfully! Welcome email sent.' })
		const listed = (await list()).users.find((user) => user.email === 'new.officer@example.com')!
		expect(listed).toMatchObject({ fullName: 'New Officer', roles: ['admin', 'moderator'], invitationPending: true, disabled: false })
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'staff-invitation'))
		expect(mail!.payload).toMatchObject({
			to: ['new.officer@example.com'],
			subject: 'You are invited to the Example Lending Co. staff dashboard',
		})
		const token = decodeURIComponent(/reset-password\?token=([^&\s]+)&invite=1/.exec((mail!.payload as { text: string }).text)![1]!)
		// The link is valid for 7 days, as its e-mail says.
		expect((mail!.payload as { text: string }).text).toContain('(valid for 7 days)')
		const [account] = await handle.db.select().from(users).where(eq(users.email, 'new.officer@example.com'))
		const [link] = await handle.db.select().from(verifications).where(eq(verifications.value, account!.id))
		expect(Math.abs(link!.expiresAt.getTime() - (Date.now() + 7 * 24 * 3600_000))).toBeLessThan(60_000)
		const password = 'Officer-Passphrase-42'
		const set = await resetAction({
			request: formRequest('http://localhost:3000/reset-password?invite=1', { token, password, confirm: password }),
			context: routeContext(services),
			params: {},
		} as never)
		expect((set as unknown as { data: { done: boolean } }).data.done).toBe(true)
		const signIn = await loginAction({
			request: formRequest('http://localhost:3000/login', { email: 'new.officer@example.com', password }),
			context: routeContext(services),
			params: {},
		} as never)
		expect((signIn as Response).status).toBe(302)
		expect((await list()).users.find((user) => user.email === 'new.officer@example.com')!.invitationPending).toBe(false)
	})

	test('a duplicate e-mail is refused with a clear message', async () => {
		const { body } = await post([
			['intent', 'create'],
			['email', admin.email],
			['fullName', 'Someone'],
			['roles', 'user'],
		])
		expect(body).toMatchObject({ ok: false, message: `An account with the e-mail ${admin.email} already exists` })
	})

	test('two invitations of one new e-mail at once: one account, and the other gets the same clear message', async () => {
		// Both invitations are held after their "does this e-mail exist?" check until the other has made it
		// too, so they always race to create the account, on PGlite as on PostgreSQL.
		let arrived = 0
		let releaseBoth!: () => void
		const bothChecked = new Promise<void>((resolve) => (releaseBoth = resolve))
		const realContext = services.auth.$context
		const gated = {
			...services,
			auth: {
				...services.auth,
				get $context() {
					if (++arrived === 2) releaseBoth()
					return bothChecked.then(() => realContext)
				},
			},
		} as AppServices
		const email = 'twice.invited@example.com'
		const invite = async () => {
			const result = await action({
				request: staffRequest('http://localhost:3000/dashboard/users', admin.cookie, {
					method: 'POST',
					body: new URLSearchParams([
						['intent', 'create'],
						['email', email],
						['fullName', 'Twice Invited'],
						['roles', 'user'],
					]),
					headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				}),
				context: routeContext(gated),
				params: {},
			} as never)
			const { data, init } = result as unknown as { data: { message: string }; init: ResponseInit | null }
			return { status: init?.status ?? 200, message: data.message }
		}
		const answers = await Promise.all([invite(), invite()])
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
		expect(answers.map((answer) => answer.message).sort()).toEqual([
			`An account with the e-mail ${email} already exists`,
			'User created successfully! Welcome email sent.',
		])
		expect((await list()).users.filter((user) => user.email === email)).toHaveLength(1)
	})

	test('counts follow spec 2 §6: regular users hold only the user role', async () => {
		await signedInStaff(services, ['user'])
		await signedInStaff(services, ['user', 'moderator'])
		const { counts, users: all } = await list()
		expect(counts.total).toBe(all.length)
		expect(counts.admin).toBe(all.filter((user) => user.roles.includes('admin')).length)
		expect(counts.regular).toBe(all.filter((user) => user.roles.length === 1 && user.roles[0] === 'user').length)
	})

	test('a role change takes effect on the next request', async () => {
		const colleague = await signedInStaff(services, ['admin'])
		const request = () => staffRequest('http://localhost:3000/dashboard', colleague.cookie)
		await expect(requireAdmin(request(), routeContext(services))).resolves.toMatchObject({ email: colleague.email })
		expect(
			(
				await post([
					['intent', 'roles'],
					['userId', colleague.user.id],
					['roles', 'user'],
				])
			).body.ok,
		).toBe(true)
		await expect(requireAdmin(request(), routeContext(services))).rejects.toMatchObject({ status: 403 })
	})

	test('disabling ends the user’s sessions at once; they cannot sign in until enabled again', async () => {
		const colleague = await signedInStaff(services, ['admin'])
		expect(
			(
				await post([
					['intent', 'disable'],
					['userId', colleague.user.id],
				])
			).body.ok,
		).toBe(true)
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, colleague.user.id))).toHaveLength(0)
		await expect(
			requireAdmin(staffRequest('http://localhost:3000/dashboard', colleague.cookie), routeContext(services)),
		).rejects.toMatchObject({ status: 302 })
		const refused = await loginAction({
			request: formRequest('http://localhost:3000/login', { email: colleague.email, password: colleague.password }),
			context: routeContext(services, { clientIp: '198.51.100.5' }),
			params: {},
		} as never)
		expect((refused as unknown as { init: ResponseInit }).init.status).toBe(401)
		await post([
			['intent', 'enable'],
			['userId', colleague.user.id],
		])
		const allowed = await loginAction({
			request: formRequest('http://localhost:3000/login', { email: colleague.email, password: colleague.password }),
			context: routeContext(services, { clientIp: '198.51.100.6' }),
			params: {},
		} as never)
		expect((allowed as Response).status).toBe(302)
	})

	test('admins cannot remove their own admin role or disable themselves', async () => {
		expect(
			(
				await post([
					['intent', 'roles'],
					['userId', admin.user.id],
					['roles', 'user'],
				])
			).body.message,
		).toBe('You cannot remove your own admin role')
		expect(
			(
				await post([
					['intent', 'disable'],
					['userId', admin.user.id],
				])
			).body.message,
		).toBe('You cannot disable your own account')
		const [row] = await handle.db.select().from(users).where(eq(users.id, admin.user.id))
		expect(row).toMatchObject({ role: 'admin', banned: false })
	})

	test('only admins may list or manage users', async () => {
		const user = await signedInStaff(services, ['moderator'])
		await expect(list(user.cookie)).rejects.toMatchObject({ status: 403 })
		await expect(
			post(
				[
					['intent', 'disable'],
					['userId', admin.user.id],
				],
				user.cookie,
			),
		).rejects.toMatchObject({ status: 403 })
		await expect(
			post(
				[
					['intent', 'create'],
					['email', 'x@example.com'],
					['fullName', 'Xx'],
					['roles', 'admin'],
				],
				null,
			),
		).rejects.toMatchObject({ status: 302 })
	})
})
