import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { openDatabase } from './client.ts'
import { lockDataDir } from './data-dir-lock.ts'

let dir: string
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const lockFile = () => path.join(dir, 'app.lock')
const writeHolder = (pid: number, hostname = os.hostname()) =>
	fs.writeFileSync(lockFile(), JSON.stringify({ pid, hostname, since: '2026-11-23T10:00:00.000Z' }))

/** A node process that lives `ms` milliseconds; resolves its pid and its end. */
function childProcess(ms: number) {
	const child = spawn(process.execPath, ['-e', `setTimeout(() => {}, ${ms})`], { stdio: 'ignore' })
	const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	return { pid: child.pid!, ended }
}

describe('one process per embedded database (docs/decisions/0045)', () => {
	test('a second taker waits, then fails naming the holder; once released the folder is free again', async () => {
		const release = await lockDataDir(dir)
		await expect(lockDataDir(dir, 600)).rejects.toThrow(
			new RegExp(`in use by process ${process.pid} since .*Only one process may use it.*DATABASE_URL.*delete ${lockFile()}`),
		)
		release()
		expect(fs.existsSync(lockFile())).toBe(false)
		const again = await lockDataDir(dir, 0)
		again()
	})

	test('a lock left by a process that is gone (a crash, a kill -9) is taken over at once', async () => {
		const dead = childProcess(0)
		await dead.ended
		writeHolder(dead.pid)
		const release = await lockDataDir(dir, 0)
		expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid })
		release()
	})

	test('a lock file cut short by a crash while being written does not block the next start', async () => {
		fs.writeFileSync(lockFile(), '{"pid":')
		const crashed = new Date(Date.now() - 60_000)
		fs.utimesSync(lockFile(), crashed, crashed)
		const release = await lockDataDir(dir, 0)
		release()
	})

	test('a lock file another process is writing this instant (no holder in it yet) is not taken over', async () => {
		fs.writeFileSync(lockFile(), '')
		await expect(lockDataDir(dir, 300)).rejects.toThrow(/in use by another process/)
		expect(fs.readFileSync(lockFile(), 'utf8')).toBe('')
	})

	test('several processes starting at once over a stale lock: exactly one takes it', async () => {
		const dead = childProcess(0)
		await dead.ended
		writeHolder(dead.pid)
		const script = `import(${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))}).then(({ lockDataDir }) =>
			lockDataDir(${JSON.stringify(dir)}, 0).then(() => { console.log('took'); setTimeout(() => {}, 1500) }, () => console.log('busy')))`
		const starters = Array.from({ length: 4 }, () => spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] }))
		const answers = await Promise.all(
			starters.map(
				(child) =>
					new Promise<string>((resolve) => {
						let out = ''
						child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
						child.once('exit', () => resolve(out.trim()))
					}),
			),
		)
		expect(answers.sort()).toEqual(['busy', 'busy', 'busy', 'took'])
	})

	test("a restart: the new process waits for the old one's end and then starts", async () => {
		const old = childProcess(800)
		writeHolder(old.pid)
		const started = Date.now()
		const release = await lockDataDir(dir, 10_000)
		await old.ended
		expect(Date.now() - started).toBeGreaterThanOrEqual(500)
		release()
	})

	test('a lock taken on another machine (a shared volume) is never assumed to be stale', async () => {
		writeHolder(process.pid, 'another-host.example')
		await expect(lockDataDir(dir, 300)).rejects.toThrow(/in use by process \d+ on another-host\.example/)
	})

	test('the embedded database holds the lock while open and gives it back when closed', async () => {
		const database = await openDatabase({ dataDir: dir })
		await expect(lockDataDir(dir, 300)).rejects.toThrow(/is in use by process/)
		await database.close()
		const release = await lockDataDir(dir, 0)
		release()
	})
})
