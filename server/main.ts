// Production entry: node server/main.ts after `react-router build`.
import './production-env.ts'
import type { Server } from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { type AppConfig, ConfigError, loadConfig } from './config.ts'
import { createHttpApp } from './http-app.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { readIslands } from './islands.ts'
import { startRuntime } from './runtime.ts'
import { DataDirInUseError } from '#db/data-dir-lock.ts'

let config: AppConfig
try {
	config = loadConfig()
} catch (error) {
	if (error instanceof ConfigError) {
		console.error(error.message)
		process.exit(1)
	}
	throw error
}

const runtime = await startRuntime(config).catch((error: unknown) => {
	// Another process has the embedded database: say so plainly, without a stack trace.
	if (error instanceof DataDirInUseError) {
		console.error(error.message)
		process.exit(1)
	}
	throw error
})
const buildDir = path.resolve(config.BUILD_DIR)
const buildPath = path.join(buildDir, 'server/index.js')
const bundle = (await import(buildPath)) as typeof import('./app.ts')
// docs/decisions/0064: pages with an island boot it instead of the bundle.
runtime.services.islands = readIslands(path.join(buildDir, 'client'))
const lifecycle = { draining: false }
const app = createHttpApp({
	services: runtime.services,
	lifecycle,
	traffic: runtime.traffic,
	reactRouter: bundle.createReactRouterHandler(runtime.services, 'production'),
	staticDir: path.join(buildDir, 'client'),
})
const { log } = runtime.services

const server = app.listen(config.PORT, config.HOST, () => {
	log.info({ url: config.baseUrl, database: runtime.services.dbKind }, 'listening')
})
// A client that trickles its headers or body cannot hold a connection for long.
server.headersTimeout = 20_000
server.requestTimeout = 60_000
// An idle kept-alive connection stays open longer than a load balancer's own idle timeout (60 s on the common ones),
// so the balancer closes it first. With Node's 5 s, a request the balancer sent just as Node closed the connection
// was reset (a 502 to the visitor; one ECONNRESET in the fault suite's load, which keeps its sockets too).
server.keepAliveTimeout = 65_000

// A stray rejection is a bug to fix, not a reason to drop every request in flight.
process.on('unhandledRejection', (reason) => log.error({ err: errorForLog(reason) }, 'unhandled rejection'))

let shuttingDown = false
async function shutdown(signal: string) {
	if (shuttingDown) return
	shuttingDown = true
	log.info({ signal }, 'shutting down')
	lifecycle.draining = true
	const forceExit = setTimeout(() => {
		log.warn({}, 'shutdown took too long; exiting')
		process.exit(1)
	}, 20_000).unref()
	await closeGracefully(server)
	await runtime.close()
	clearTimeout(forceExit)
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

/** How long an idle kept-alive connection may still bring a request after the shutdown began. */
const IDLE_GRACE_MS = 2_000

/**
 * Stops accepting connections and resolves once every open one has closed. http.Server#close would
 * also drop idle kept-alive connections at once, resetting a request already on its way; instead
 * they get IDLE_GRACE_MS, and every answer meanwhile carries `Connection: close` (see http-app.ts).
 */
function closeGracefully(httpServer: Server) {
	return new Promise<void>((resolve) => {
		net.Server.prototype.close.call(httpServer, () => resolve())
		setTimeout(() => httpServer.closeIdleConnections(), IDLE_GRACE_MS).unref()
	})
}
