// npm run activity:verify: recomputes the activity log's hash chain (docs/decisions/0087); exit 1 names the first entry
// that was altered or follows a removed one, exit 0 prints how many entries were checked and the last hash.
import { verifyActivityChain } from '#app/features/activity/verify-activity.server.ts'
import { openScriptDatabase } from './script-database.ts'

const { database } = await openScriptDatabase(2)
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
