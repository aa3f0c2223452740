import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { deferCleanup } from './cleanup.ts'

export const root = path.resolve(import.meta.dirname, '..')
// Its own folder, so a benchmark never races the development or end-to-end builds.
const buildDir = 'build-bench'
// A fresh embedded database runs initdb and every migration first: 80 s on two busy cores.
const startTimeoutMs = 120_000
const stopTimeoutMs = 15_000

export type Site = { url: string; stop: () => Promise<void> }

let built: Promise<void> | undefined

/** Builds once per `npm run bench`; later benchmarks reuse the same build. */
export function buildSite() {
	built ??= build()
	return built
}

async function build() {
	await fs.rm(path.join(root, buildDir), { recursive: true, force: true })
	const child = spawn('npm', ['run', 'build'], {
		cwd: root,
		env: { ...process.env, BUILD_DIR: buildDir },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const output = collectOutput(child)
	const code = await exitCode(child)
	if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output()}`)
}

/**
 * Builds if needed and serves the site on a fresh embedded database (or on `databaseUrl`), with extra environment.
 * Port 0: a port nothing listens on, for a benchmark that runs several sites at once or beside other jobs.
 */
export async function serveSite(
	requestedPort = Number(process.env.BENCH_PORT ?? 3300),
	options: { databaseUrl?: string; env?: Record<string, string>; keepData?: boolean; dataDir?: string } = {},
): Promise<Site & { dataDir: string; pid: number }> {
	await buildSite()
	const port = requestedPort === 0 ? await freePort() : requestedPort
	const url = `http://localhost:${port}`
	if (await isHealthy(url)) throw new Error(`something already answers on ${url}; stop it or set BENCH_PORT`)
	// dataDir: a database an earlier serveSite left (keepData), to start the server again on it.
	const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-')))
	const removeData = deferCleanup(() => fs.rm(dataDir, { recursive: true, force: true }))
	const settings = await serveSettings()
	const child = spawn(process.execPath, [...settings.flags, 'server/main.ts'], {
		cwd: root,
		env: {
			...serverEnv(port, url, dataDir),
			...settings.env,
			...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
			...options.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const output = collectOutput(child)
	const stop = deferCleanup(async () => {
		await stopProcess(child)
		// keepData: the caller opens the stopped server's database itself; the run's cleanup removes it.
		if (!options.keepData) await removeData()
	})
	try {
		await waitUntilHealthy(url, child)
	} catch (error) {
		await stop()
		throw new Error(`${(error as Error).message}\nserver output:\n${output()}`)
	}
	return { url, stop, dataDir, pid: child.pid! }
}

/** A loopback port free right now (the server binds it a moment later). */
function freePort() {
	return new Promise<number>((resolve, reject) => {
		const probe = net.createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as net.AddressInfo
			probe.close(() => resolve(port))
		})
	})
}

/** CPU seconds a process has used so far, all its threads (Linux /proc; null elsewhere). */
export async function cpuSeconds(pid: number): Promise<number | null> {
	try {
		const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
		// Fields after the command's closing parenthesis; utime and stime are the 14th and 15th, in 1/100 s.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return (Number(fields[11]) + Number(fields[12])) / 100
	} catch {
		return null
	}
}

/**
 * Waits until a server is idle: it used under a tenth of a CPU over the last 200 ms (a backlog of mail or webhooks
 * left by the last measurement has been sent), or 15 s passed. Without /proc it waits 200 ms.
 */
export async function untilIdle(pid: number) {
	const deadline = performance.now() + 15_000
	let before = await cpuSeconds(pid)
	for (;;) {
		await sleep(200)
		const after = await cpuSeconds(pid)
		if (before === null || after === null || after - before < 0.02 || performance.now() > deadline) return
		before = after
	}
}

/**
 * What `npm run serve` sets before Node starts (the heap's sizes, glibc's arenas: docs/decisions/0063),
 * so the benchmark measures what production runs.
 */
async function serveSettings() {
	const { scripts } = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
	const words = scripts.serve!.split(/\s+/)
	const flags = words.filter((word) => word.startsWith('--') && !word.startsWith('--env-file'))
	const env = Object.fromEntries(words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split('=', 2) as [string, string]))
	// SOAK_PROBE=1: the server also logs what its memory is made of (bench/memory-probe.ts, to MEMORY_PROBE_FILE or
	// os.tmpdir()/memory-probe-<pid>.jsonl) and writes a heap snapshot to os.tmpdir() on `kill -USR2 <pid>`.
	if (process.env.SOAK_PROBE === '1') {
		flags.push('--import', './bench/memory-probe.ts', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${os.tmpdir()}`)
	}
	return { flags, env }
}

function serverEnv(port: number, url: string, dataDir: string) {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: 'production',
		BUILD_DIR: buildDir,
		PORT: String(port),
		HOST: '127.0.0.1',
		DATA_DIR: dataDir,
		BASE_URL: url,
		LOG_LEVEL: 'warn',
	}
	// The benchmark measures the embedded database, never a PostgreSQL the shell happens to point at.
	delete env.DATABASE_URL
	delete env.SMTP_URL
	return env
}

async function isHealthy(url: string) {
	try {
		const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
		await response.body?.cancel()
		return response.status === 200
	} catch {
		return false
	}
}

async function waitUntilHealthy(url: string, child: ChildProcess) {
	const deadline = Date.now() + startTimeoutMs
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode})`)
		if (await isHealthy(url)) return
		await sleep(250)
	}
	throw new Error(`server did not answer GET /healthz with 200 within ${startTimeoutMs / 1000}s`)
}

// SIGTERM lets the server close PGlite cleanly; SIGKILL only if it hangs.
async function stopProcess(child: ChildProcess) {
	if (child.exitCode !== null || child.signalCode !== null) return
	const exited = exitCode(child)
	child.kill('SIGTERM')
	const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
	await exited
	clearTimeout(timer)
}

function exitCode(child: ChildProcess) {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
	return new Promise<number | null>((resolve, reject) => {
		child.once('error', reject)
		child.once('exit', (code) => resolve(code))
	})
}

// Keeps the last lines of a child's output to show when it fails.
function collectOutput(child: ChildProcess, maxChars = 20_000) {
	let text = ''
	const append = (chunk: Buffer) => {
		text = (text + chunk.toString()).slice(-maxChars)
	}
	child.stdout?.on('data', append)
	child.stderr?.on('data', append)
	return () => text
}

function sleep(ms: number) {
	return new Promise((resolve) => setTimeout(resolve, ms))
}
