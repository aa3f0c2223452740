// The configuration and the migrated database of a command-line script (npm run user:create, activity:verify):
// the same variables as the server; a problem ends the script with its message and `exitCode`.
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { type AppConfig, ConfigError, loadConfig } from '#server/config.ts'

export function fail(message: string, exitCode: number): never {
	console.error(message)
	process.exit(exitCode)
}

export async function openScriptDatabase(exitCode: number): Promise<{ config: AppConfig; database: DatabaseHandle }> {
	let config: AppConfig
	try {
		config = loadConfig()
	} catch (error) {
		fail(error instanceof ConfigError ? error.message : String(error), exitCode)
	}
	try {
		const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir })
		await database.migrate()
		return { config, database }
	} catch (error) {
		fail(
			`Could not open the database: ${error instanceof Error ? error.message : String(error)}\n` +
				'With the embedded database only one process may open DATA_DIR: stop the server first, or set DATABASE_URL.',
			exitCode,
		)
	}
}
