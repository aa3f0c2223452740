// npm run user:create -- --email E --password P [--name N] --role admin [--role moderator]
import { parseArgs } from 'node:util'
import { createAuth, resolveAuthSecret } from '#app/features/auth/auth.server.ts'
import { ROLES, type Role } from '#app/features/auth/roles.ts'
import { StaffAccountError, createStaffAccount } from '#app/features/users/staff-accounts.server.ts'
import { fail as failWith, openScriptDatabase } from './script-database.ts'

const usage =
	'Usage: npm run user:create -- --email admin@example.com --password "a long passphrase" [--name "Full Name"] --role admin [--role moderator]'

function fail(message: string): never {
	failWith(message, 1)
}

const { values } = parseArgs({
	options: {
		email: { type: 'string' },
		password: { type: 'string' },
		name: { type: 'string' },
		role: { type: 'string', multiple: true },
	},
})
if (!values.email || !values.password) fail(usage)
const roles = values.role?.length ? values.role : ['user']
const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role))
if (unknown.length > 0) fail(`Unknown role ${unknown.join(', ')}: use ${ROLES.join(', ')}`)

const { config, database } = await openScriptDatabase(1)
try {
	const auth = createAuth({
		db: database.db,
		baseUrl: config.baseUrl,
		secret: await resolveAuthSecret(database.db, config.AUTH_SECRET),
		adminEmails: [],
	})
	const user = await createStaffAccount(auth, database.db, {
		email: values.email,
		name: values.name ?? '',
		password: values.password,
		roles: roles as Role[],
	})
	console.log(`Created ${user.email} with role ${roles.join(', ')}`)
} catch (error) {
	if (error instanceof StaffAccountError) fail(error.message)
	throw error
} finally {
	await database.close()
}
