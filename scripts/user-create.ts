// npm run user:create -- --email E --password P [--name N] --role admin [--role moderator]
import { parseArgs } from 'node:util'
import { createAuth, resolveAuthSecret } from '#app/features/auth/auth.server.ts'
import { ROLES, type Role } from '#app/features/auth/roles.ts'
import { StaffAccountError, createStaffAccount } from '#app/features/users/staff-accounts.server.ts'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { type AppConfig, ConfigError, loadConfig } from '#server/config.ts'

const usage =
	'Usage: npm run user:create -- --email admin@example.com --password "a long passphrase" [--name "Full Name"] --role admin [--role moderator]'

function fail(message: string): never {
	console.error(message)
	process.exit(1)
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

let config: AppConfig
try {
	config = loadConfig()
} catch (error) {
	fail(error instanceof ConfigError ? error.message : String(error))
}

let database: DatabaseHandle
try {
	database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir })
	await database.migrate()
} catch (error) {
	fail(
		`Could not open the database: ${error instanceof Error ? error.message : String(error)}\n` +
			'With the embedded database only one process may open DATA_DIR: stop the server first, or set DATABASE_URL.',
	)
}
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
