import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export type AppProcess = {
	port: number
	dataDir: string
	child: ChildProcess
	/** Resolves with the exit code when the process ends. */
	exited: Promise<number | null>
	hasExited: () => boolean
	output: () => string
	stop: () => Promise<number | null>
}

/** Data folders startApp made itself (no `dataDir` given); removeAppDataDirs deletes them when the run ends. */
const madeDataDirs: string[] = []

/** Deletes the data folders startApp made (call once every process has stopped). */
export function removeAppDataDirs() {
	for (const dir of madeDataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
}

/**
 * `count` ports free now on 127.0.0.1 (the system's choice, port 0), for processes started next: all are held open
 * together before any is let go, so no two are the same.
 */
export async function freePorts(count: number): Promise<number[]> {
	const servers = await Promise.all(
		Array.from(
			{ length: count },
			() =>
				new Promise<net.Server>((resolve, reject) => {
					const server = net.createServer()
					server.on('error', reject)
					server.listen(0, '127.0.0.1', () => resolve(server))
				}),
		),
	)
	const ports = servers.map((server) => (server.address() as net.AddressInfo).port)
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
	return ports
}

/** A port that is free now on 127.0.0.1, for a process started next. */
export const freePort = async () => (await freePorts(1))[0]!

/**
 * Starts `node server/main.ts` on the built site, as production runs it; an empty `databaseUrl` uses the embedded
 * database in `dataDir` (a new temporary folder when not given). `port`: one from freePort() or freePorts().
 */
export function startApp(options: {
	buildDir: string
	databaseUrl: string
	dataDir?: string
	env?: Record<string, string>
	port: number
}): AppProcess {
	const { port } = options
	const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'faults-app-'))
	if (!options.dataDir) madeDataDirs.push(dataDir)
	const child = spawn(process.execPath, ['server/main.ts'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			BUILD_DIR: options.buildDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			DATABASE_URL: options.databaseUrl,
			BASE_URL: `http://127.0.0.1:${port}`,
			LOG_LEVEL: 'warn',
			SMTP_URL: '',
			LEAD_RATE_LIMIT_PER_HOUR: '0',
			...options.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-20_000)
	}
	child.stdout!.on('data', keep)
	child.stderr!.on('data', keep)
	let exitedCode: number | null | undefined
	const exited = new Promise<number | null>((resolve) =>
		child.on('exit', (code) => {
			exitedCode = code
			resolve(code)
		}),
	)
	return {
		port,
		dataDir,
		child,
		exited,
		hasExited: () => exitedCode !== undefined,
		output: () => output,
		async stop() {
			if (exitedCode === undefined) child.kill('SIGTERM')
			const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
			const code = await exited
			clearTimeout(timer)
			return code
		},
	}
}

export type HttpAnswer = { status: number; body: string; ms: number; reusedSocket: boolean }

/** One HTTP request; rejects with the socket error's code (ECONNRESET, ECONNREFUSED...) when no answer came. */
export function request(
	port: number,
	options: {
		method?: string
		path: string
		headers?: Record<string, string>
		body?: string | Buffer
		agent?: http.Agent
		timeoutMs?: number
	},
): Promise<HttpAnswer> {
	const started = performance.now()
	return new Promise((resolve, reject) => {
		const req = http.request(
			{
				host: '127.0.0.1',
				port,
				method: options.method ?? 'GET',
				path: options.path,
				headers:
					options.body === undefined ? options.headers : { 'Content-Length': String(Buffer.byteLength(options.body)), ...options.headers },
				agent: options.agent ?? false,
			},
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						body: Buffer.concat(chunks).toString(),
						ms: performance.now() - started,
						reusedSocket: req.reusedSocket,
					}),
				)
				res.on('error', (error) => reject(error))
			},
		)
		req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })))
		req.on('error', reject)
		if (options.body !== undefined) req.write(options.body)
		req.end()
	})
}

/** One /healthz probe: true on 200, false on any other answer or none (not listening yet, too slow). */
export async function isHealthy(port: number, timeoutMs = 3_000) {
	try {
		return (await request(port, { path: '/healthz', timeoutMs })).status === 200
	} catch {
		return false
	}
}

export async function waitForHealth(app: AppProcess, timeoutMs = 90_000) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		if (app.hasExited()) return false
		if (await isHealthy(app.port)) return true
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	return false
}
