// Development entry: Vite in middleware mode, hot reload, the same runtime as production.
import { createServer } from 'vite'
import { type AppConfig, ConfigError, loadConfig } from './config.ts'
import { createHttpApp } from './http-app.ts'
import { startRuntime } from './runtime.ts'

let config: AppConfig
try {
	config = loadConfig({ NODE_ENV: 'development', ...process.env })
} catch (error) {
	if (error instanceof ConfigError) {
		console.error(error.message)
		process.exit(1)
	}
	throw error
}
const runtime = await startRuntime(config)
const vite = await createServer({ server: { middlewareMode: true } })
const app = createHttpApp({
	services: runtime.services,
	before: [vite.middlewares],
	reactRouter: async (req, res, next) => {
		try {
			const bundle = (await vite.ssrLoadModule('./server/app.ts')) as typeof import('./app.ts')
			await bundle.createReactRouterHandler(runtime.services, 'development')(req, res, next)
		} catch (error) {
			if (error instanceof Error) vite.ssrFixStacktrace(error)
			next(error)
		}
	},
})
const server = app.listen(config.PORT, config.HOST, () => console.log(`Dev server on ${config.baseUrl}`))
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, async () => {
		server.close()
		await vite.close()
		await runtime.close()
		process.exit(0)
	})
}
