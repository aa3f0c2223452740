import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
		environment: 'node',
		setupFiles: ['./tests/setup-vitest.ts'],
		globalSetup: ['./tests/pglite-template.global.ts'],
		// Each file opens its own database (on PGlite, from a migrated template); start-up is the slow part.
		testTimeout: 30_000,
		// Files wait on their databases and timers as much as they compute: three at a time on two cores took
		// 154 s against 240 s for the default two (scripts/test.ts runs the whole suite twice).
		maxWorkers: 3,
		hookTimeout: 60_000,
	},
})
