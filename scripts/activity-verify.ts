// npm run activity:verify: recomputes the activity log's hash chain (docs/decisions/0087); exit 1 names the first entry
// that was altered or follows a removed one, exit 0 prints how many entries were checked and the last hash.
import { verifyActivityChain } from '#app/features/activity/verify-activity.server.ts'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { type AppConfig, ConfigError, loadConfig } from '#server/config.ts'

function fail(message: string): never {
	console.error(message)
	process.exit(2)
}

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
let failed = false
try {
	const check = await verifyActivityChain(database.db)
	if (check.ok) {
		console.log(`Activity log intact: ${check.rows} entries checked; last entry ${check.lastId ?? '(none)'}, hash ${check.headHash}`)
	} else {
		failed = true
		console.error(`Activity log broken after ${check.rows} good entries. ${check.message}`)
	}
} finally {
	await database.close()
}
process.exit(failed ? 1 : 0)
