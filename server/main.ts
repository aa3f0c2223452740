// Production entry: node server/main.ts after `react-router build`.
import path from 'node:path'
import { ConfigError, loadConfig } from './config.ts'
import { createHttpApp } from './http-app.ts'
import { startRuntime } from './runtime.ts'

let config
try {
	config = loadConfig()
} catch (error) {
	if (error instanceof ConfigError) {
		console.error(error.message)
		process.exit(1)
	}
	throw error
}

const runtime = await startRuntime(config)
const buildDir = path.resolve(config.BUILD_DIR)
const buildPath = path.join(buildDir, 'server/index.js')
const bundle = (await import(buildPath)) as typeof import('./app.ts')
const app = createHttpApp({
	services: runtime.services,
	reactRouter: bundle.createReactRouterHandler(runtime.services, 'production'),
	staticDir: path.join(buildDir, 'client'),
})

const server = app.listen(config.PORT, config.HOST, () => {
	runtime.services.log.info({ url: config.baseUrl, database: runtime.services.dbKind }, 'listening')
})

let shuttingDown = false
async function shutdown(signal: string) {
	if (shuttingDown) return
	shuttingDown = true
	runtime.services.log.info({ signal }, 'shutting down')
	const forceExit = setTimeout(() => process.exit(1), 10_000).unref()
	server.close()
	server.closeIdleConnections()
	await runtime.close()
	clearTimeout(forceExit)
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
