import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Long enough for the previous process of a rolling restart to finish (it is forced out after 20 s). */
export const DATA_DIR_LOCK_WAIT_MS = 30_000
const RETRY_MS = 250

type Holder = { pid: number; hostname: string; since: string }

/** Another live process holds the embedded database: the message says which and what to do. */
export class DataDirInUseError extends Error {}

/** Lock files this process holds: the same pid in a file is only ours if we really took it. */
const held = new Set<string>()

function alive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: it exists but belongs to another user.
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

function readHolder(file: string): Holder | null {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder
	} catch {
		// Gone, or cut short by a crash while being written.
		return null
	}
}

/** Whether the process named in the lock file may still be using the folder. */
function inUse(file: string, holder: Holder | null) {
	if (!holder || typeof holder.pid !== 'number') return false
	if (holder.hostname !== os.hostname()) return true
	if (holder.pid === process.pid) return held.has(file)
	return alive(holder.pid)
}

/**
 * docs/decisions/0045: the embedded database's files belong to one process. Takes `<dir>/app.lock`, waiting
 * while another live process holds it (the old process of a restart), taking over a lock whose process is
 * gone, and failing with a message that names the holder. Returns the release function.
 */
export async function lockDataDir(dir: string, waitMs = DATA_DIR_LOCK_WAIT_MS): Promise<() => void> {
	const file = path.join(dir, 'app.lock')
	const deadline = Date.now() + waitMs
	let announced = false
	for (;;) {
		try {
			const holder: Holder = { pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() }
			fs.writeFileSync(file, JSON.stringify(holder), { flag: 'wx' })
			held.add(file)
			return () => {
				if (!held.delete(file)) return
				if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true })
			}
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const holder = readHolder(file)
		if (!inUse(file, holder)) {
			// A crashed process left it: remove it and try again (only one of several starters wins the create).
			fs.rmSync(file, { force: true })
			continue
		}
		const who = holder!.hostname === os.hostname() ? `process ${holder!.pid}` : `process ${holder!.pid} on ${holder!.hostname}`
		if (Date.now() >= deadline) {
			throw new DataDirInUseError(
				`The embedded database in ${dir} is in use by ${who} since ${holder!.since}. Only one process may use it: stop that process, ` +
					`or set DATABASE_URL to a PostgreSQL database to run several. If that process is gone, delete ${file}.`,
			)
		}
		if (!announced && waitMs > 0) {
			announced = true
			console.warn(`The embedded database in ${dir} is in use by ${who}: waiting up to ${Math.round(waitMs / 1000)} s for it to stop.`)
		}
		await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
	}
}
