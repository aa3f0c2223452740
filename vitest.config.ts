import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
		environment: 'node',
		setupFiles: ['./tests/setup-vitest.ts'],
		// Each file opens its own database; PGlite start-up is the slow part.
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
})
