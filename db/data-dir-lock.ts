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

/** The lock file as found: its text and when it was written; null when there is none. */
type Found = { raw: string; mtimeMs: number }

function readLock(file: string): Found | null {
	try {
		return { raw: fs.readFileSync(file, 'utf8'), mtimeMs: fs.statSync(file).mtimeMs }
	} catch {
		return null
	}
}

function holderOf(found: Found): Holder | null {
	try {
		const holder = JSON.parse(found.raw) as Holder
		return typeof holder.pid === 'number' ? holder : null
	} catch {
		return null
	}
}

/** A file that names no holder is being written right now, or was cut short by a crash long ago. */
const BEING_WRITTEN_MS = 2_000
/** A takeover guard this old was left by a process that died in the middle of a takeover. */
const GUARD_STALE_MS = 5_000

/** Whether the process named in the lock file may still be using the folder. */
function inUse(file: string, found: Found) {
	const holder = holderOf(found)
	if (!holder) return Date.now() - found.mtimeMs < BEING_WRITTEN_MS
	if (holder.hostname !== os.hostname()) return true
	if (holder.pid === process.pid) return held.has(file)
	return alive(holder.pid)
}

/**
 * Removes a stale lock file, but only the very one judged stale: several starters may find it at once, and
 * one of them may already have replaced it with its own. The check and the removal happen under a guard
 * directory (mkdir is atomic), so a fresh lock is never removed. False when another starter has the guard.
 */
function removeStale(file: string, stale: Found) {
	const guard = `${file}.takeover`
	try {
		fs.mkdirSync(guard)
	} catch {
		const since = fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs
		if (since !== undefined && Date.now() - since > GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true })
		return false
	}
	try {
		const now = readLock(file)
		if (now && now.raw === stale.raw && now.mtimeMs === stale.mtimeMs) fs.rmSync(file, { force: true })
		return true
	} finally {
		fs.rmSync(guard, { recursive: true, force: true })
	}
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
				const found = readLock(file)
				if (found && holderOf(found)?.pid === process.pid) fs.rmSync(file, { force: true })
			}
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const found = readLock(file)
		// Gone meanwhile: try to create it again at once.
		if (!found) continue
		if (!inUse(file, found)) {
			// A crashed process left it: remove it and try again (only one of several starters wins the create).
			if (!removeStale(file, found)) await new Promise((resolve) => setTimeout(resolve, RETRY_MS / 10))
			continue
		}
		const holder = holderOf(found)
		const who = !holder
			? 'another process'
			: holder.hostname === os.hostname()
				? `process ${holder.pid}`
				: `process ${holder.pid} on ${holder.hostname}`
		if (Date.now() >= deadline) {
			throw new DataDirInUseError(
				`The embedded database in ${dir} is in use by ${who}${holder ? ` since ${holder.since}` : ''}. Only one process may use it: stop that process, ` +
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
