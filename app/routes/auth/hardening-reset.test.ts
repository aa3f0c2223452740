import crypto from 'node:crypto'
import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { outbox, verifications } from '#db/schema.ts'
import { passwordResetsSettled } from '#app/features/auth/password-reset-request.server.ts'
import { RESET_LINKS_PER_HOUR } from '#app/features/auth/set-password-links.server.ts'
import { ALREADY_HAS_PASSWORD } from '#app/features/users/users.server.ts'
import { formRequest, routeContext } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action as usersAction } from '../dashboard/users.tsx'
import { action as forgotAction } from './forgot-password.tsx'
import { call, dataOf, handle, origin, resetTokenFor, resetWith, services, setUpAuthApp } from '../../../tests/auth-hardening-harness.ts'

/** Password reset links and user management (docs/decisions/0021, 0076). */

setUpAuthApp()

describe('password reset', () => {
	test('a new reset link voids the older ones; after the reset no link of the account is left', async () => {
		const { email, user } = await signedInStaff(services, ['admin'])
		const first = await resetTokenFor(email)
		const second = await resetTokenFor(email)
		const third = await resetTokenFor(email)
		for (const token of [first, second]) {
			expect(await resetWith(token, 'Attacker-Passphrase-22')).toEqual({
				error: 'This link is invalid or has expired. Please ask for a new one.',
				done: false,
			})
		}
		expect(await resetWith(third, 'Third-New-Passphrase-1')).toMatchObject({ done: true })
		expect(await resetWith(third, 'Third-New-Passphrase-2')).toMatchObject({ done: false })
		expect(await handle.db.select().from(verifications).where(eq(verifications.value, user.id))).toEqual([])
	})

	test('one account’s new link and reset void none of another account’s links', async () => {
		const mine = await signedInStaff(services, ['admin'])
		const theirs = await signedInStaff(services, ['admin'])
		const theirToken = await resetTokenFor(theirs.email)
		await resetTokenFor(mine.email)
		expect(await resetWith(await resetTokenFor(mine.email), 'Mine-New-Passphrase-5')).toMatchObject({ done: true })
		expect(await resetWith(theirToken, 'Theirs-New-Passphrase-6')).toMatchObject({ done: true })
	})

	test(`"Forgot your password?" sends one e-mail at most ${RESET_LINKS_PER_HOUR} links an hour, from any address, with the same answer`, async () => {
		// At most 3 e-mails per account per hour (docs/decisions/0076), written out so the loop below uses the decision's figure.
		expect(RESET_LINKS_PER_HOUR).toBe(3)
		const { email } = await signedInStaff(services, ['admin'])
		const answers = []
		for (let index = 0; index < RESET_LINKS_PER_HOUR + 3; index++) {
			const answer = await call(
				forgotAction,
				formRequest(`${origin}/forgot-password`, { email }),
				routeContext(services, { clientIp: `198.51.100.${index + 30}` }),
			)
			answers.push(dataOf(answer))
		}
		await passwordResetsSettled()
		for (const answer of answers)
			expect({ data: answer.data, init: answer.init }).toEqual({ data: { error: null, sent: true }, init: null })
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'password-reset'))
		expect(mails).toHaveLength(RESET_LINKS_PER_HOUR)
		// The newest e-mailed link works.
		const newest = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!
		const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec((newest.payload as { text: string }).text)![1]!)
		expect(await resetWith(token, 'Newest-Link-Passphrase-3')).toMatchObject({ done: true })
	})

	test('a reset link is valid for one hour', async () => {
		const { email, user } = await signedInStaff(services, ['admin'])
		await resetTokenFor(email)
		const [link] = await handle.db.select().from(verifications).where(eq(verifications.value, user.id))
		const minutes = (link!.expiresAt.getTime() - Date.now()) / 60_000
		expect(minutes).toBeGreaterThan(59)
		expect(minutes).toBeLessThanOrEqual(60)
	})

	test('one address may ask for 5 reset links in 15 minutes, whatever the e-mails; the 6th is refused', async () => {
		const ask = async (index: number) =>
			dataOf(
				await call(
					forgotAction,
					formRequest(`${origin}/forgot-password`, { email: `nobody-${index}@example.com` }),
					routeContext(services, { clientIp: '198.51.100.77' }),
				),
			)
		for (let index = 0; index < 5; index++) expect((await ask(index)).data).toEqual({ error: null, sent: true })
		const refused = await ask(5)
		expect({ data: refused.data, status: refused.init?.status }).toEqual({
			data: { error: 'Too many requests. Please try again later.', sent: false },
			status: 429,
		})
		await passwordResetsSettled()
	})

	test("the new password may not contain the account's e-mail or the company's name (docs/decisions/0076)", async () => {
		const { email } = await signedInStaff(services, ['admin'])
		const token = await resetTokenFor(email)
		const localPart = email.split('@')[0]!
		expect(await resetWith(token, `${localPart.toUpperCase()}-Passphrase`)).toEqual({
			error: 'The password must not contain your e-mail address',
			done: false,
		})
		// "Example Lending Co." (the seeded name): its distinctive word is refused too.
		expect(await resetWith(token, 'Example-Tulip-Harbour-42')).toEqual({
			error: "The password must not contain the company's name",
			done: false,
		})
		// The link still works for a good password.
		expect(await resetWith(token, 'Quiet-Tulip-Harbour-42')).toMatchObject({ done: true })
	})

	test('an expired link is only "invalid or expired": it names no owner, so a password with their e-mail gets the same answer', async () => {
		const { email, user } = await signedInStaff(services, ['admin'])
		const token = await resetTokenFor(email)
		await handle.db
			.update(verifications)
			.set({ expiresAt: new Date(Date.now() - 1_000) })
			.where(eq(verifications.value, user.id))
		const invalid = { error: 'This link is invalid or has expired. Please ask for a new one.', done: false }
		expect(await resetWith(token, `${email.split('@')[0]!.toUpperCase()}-Passphrase`)).toEqual(invalid)
		expect(await resetWith(token, 'Quiet-Tulip-Harbour-43')).toEqual(invalid)
	})

	test('the database keeps only hashes of reset and invitation links: what it holds opens nothing', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const token = await resetTokenFor(admin.email)
		const invite = new URLSearchParams([
			['intent', 'create'],
			['email', 'hashed.invitee@example.com'],
			['fullName', 'Hashed Invitee'],
			['roles', 'user'],
		])
		await call(usersAction, staffRequest(`${origin}/dashboard/users`, admin.cookie, { method: 'POST', body: invite }))
		const [invitation] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'staff-invitation'))
		const inviteToken = decodeURIComponent(/token=([^&\s]+)&invite=1/.exec((invitation!.payload as { text: string }).text)![1]!)
		const rows = await handle.db.select().from(verifications)
		const links = rows.filter((row) => row.identifier.startsWith('reset-password'))
		expect(links.length).toBeGreaterThanOrEqual(2)
		for (const row of links) {
			expect(row.identifier).toMatch(/^reset-password-sha256:[0-9a-f]{64}$/)
			for (const secret of [token, inviteToken]) expect(row.identifier).not.toContain(secret)
			// Whatever a copy of the table holds, sent back as a token, is refused.
			for (const stolen of [row.identifier, row.identifier.replace(/^reset-password-sha256:/, '')])
				expect(await resetWith(stolen, 'Stolen-Row-Passphrase-4')).toMatchObject({ done: false })
		}
		expect(await resetWith(token, 'Real-Link-Passphrase-5')).toMatchObject({ done: true })
		expect(await resetWith(inviteToken, 'Real-Invite-Passphrase-6')).toMatchObject({ done: true })
	})

	test('the migration hashes links stored before: they keep working and their tokens leave the database', async () => {
		const { user } = await signedInStaff(services, ['admin'])
		await handle.db.insert(verifications).values({
			id: `legacy-${Date.now()}`,
			identifier: 'reset-password:LegacyPlainToken0123456789',
			value: user.id,
			expiresAt: new Date(Date.now() + 3600_000),
		})
		const migration = fs.readFileSync(new URL('../../../drizzle/0013_auth_hardening.sql', import.meta.url), 'utf8')
		const statement = migration.split('--> statement-breakpoint').find((part) => part.includes('reset-password-sha256'))!
		await handle.db.execute(sql.raw(statement))
		const rows = await handle.db.select().from(verifications).where(eq(verifications.value, user.id))
		expect(rows.map((row) => row.identifier)).toEqual([
			`reset-password-sha256:${crypto.createHash('sha256').update('reset-password:LegacyPlainToken0123456789').digest('hex')}`,
		])
		expect(await resetWith('LegacyPlainToken0123456789', 'Legacy-Link-Passphrase-7')).toMatchObject({ done: true })
	})

	test('"Forgot your password?" answers before looking the account up, the same for a known and an unknown e-mail', async () => {
		const { email } = await signedInStaff(services, ['admin'])
		// The account lookup and everything after it is held back: the answer must not wait for it.
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		const requestPasswordReset = vi.fn(async () => {
			await held
			return { status: true }
		})
		const gated = { ...services, auth: { ...services.auth, api: { ...services.auth.api, requestPasswordReset } } } as unknown as AppServices
		const answers = []
		try {
			for (const address of [email, 'nobody-here@example.com']) {
				const { data, init } = dataOf(
					await call(forgotAction, formRequest(`${origin}/forgot-password`, { email: address }), routeContext(gated)),
				)
				answers.push({ data, init })
			}
			// Both answers were produced while both lookups were still waiting.
			await vi.waitFor(() => expect(requestPasswordReset).toHaveBeenCalledTimes(2))
		} finally {
			release()
			await passwordResetsSettled()
		}
		expect(answers[0]).toEqual({ data: { error: null, sent: true }, init: null })
		expect(answers[1]).toEqual(answers[0])

		// Unheld, the known e-mail gets its link and the unknown one nothing.
		for (const address of [email, 'nobody-here@example.com'])
			await call(forgotAction, formRequest(`${origin}/forgot-password`, { email: address }))
		await passwordResetsSettled()
		const mails = await handle.db.select().from(outbox)
		expect(mails.map((mail) => (mail.payload as { to: string[] }).to)).toEqual([[email]])
	})
})

describe('user management', () => {
	async function inviteAndSetPassword(admin: { cookie: string }, email: string) {
		const post = (fields: Array<[string, string]>) =>
			call(
				usersAction,
				staffRequest(`${origin}/dashboard/users`, admin.cookie, { method: 'POST', body: new URLSearchParams(fields) }),
			).then(dataOf)
		expect(
			(
				await post([
					['intent', 'create'],
					['email', email],
					['fullName', 'Invited Officer'],
					['roles', 'admin'],
				])
			).data.ok,
		).toBe(true)
		/** The link of the newest invitation e-mailed to the address. */
		const newestLink = async () => {
			const invited = (await handle.db.select().from(outbox).where(eq(outbox.kind, 'staff-invitation')))
				.filter((mail) => (mail.payload as { to: string[] }).to[0] === email)
				.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
				.at(-1)
			return decodeURIComponent(/reset-password\?token=([^&\s]+)&invite=1/.exec((invited!.payload as { text: string }).text)![1]!)
		}
		const firstLink = await newestLink()
		return { post, firstLink, setPassword: async () => resetWith(await newestLink(), 'Invited-Passphrase-77') }
	}

	test('"Resend invitation" works while the invitation is pending and is refused once the account has a password', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const { post, firstLink, setPassword } = await inviteAndSetPassword(admin, 'pending.officer@example.com')
		const [account] = (await services.db.query.users.findMany()).filter((user) => user.email === 'pending.officer@example.com')
		expect(
			(
				await post([
					['intent', 'resend'],
					['userId', account!.id],
				])
			).data,
		).toMatchObject({ ok: true, message: 'Invitation sent again' })

		// The resent link replaced the first one (docs/decisions/0076).
		expect(await resetWith(firstLink, 'First-Link-Passphrase-8')).toMatchObject({ done: false })
		expect(await setPassword()).toMatchObject({ done: true })
		await handle.db.delete(outbox)
		const before = await handle.db.select().from(verifications).where(eq(verifications.value, account!.id))
		const refused = await post([
			['intent', 'resend'],
			['userId', account!.id],
		])
		expect(refused.init?.status).toBe(400)
		expect(refused.data).toMatchObject({ ok: false, message: ALREADY_HAS_PASSWORD })
		// No link was made and no e-mail queued.
		expect(await handle.db.select().from(outbox)).toEqual([])
		expect(await handle.db.select().from(verifications).where(eq(verifications.value, account!.id))).toEqual(before)
	})
})
