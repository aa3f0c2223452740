import { defineConfig } from 'vitest/config'

/** Every test file Vitest runs. */
export const TEST_FILES = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts']

/** Files that replace a module with vi.mock: they run in a module graph of their own (see `isolate` below). */
const MOCKING_FILES = ['app/routes/auth/hardening.test.ts']

/** Component render tests (Testing Library): a DOM of their own, never in the node files' shared graph (docs/decisions/0082). */
const DOM_FILES = ['app/**/*.dom.test.tsx']

export default defineConfig({
	plugins: [
		{
			// Vite gives `?url` imports an empty string under Vitest; the build gives the stylesheet an address. One module for
			// every file (not a vi.mock in each), so files sharing a module graph all see it.
			name: 'stylesheet-url',
			enforce: 'pre',
			resolveId: (id) => (id.endsWith('.css?url') ? '\0stylesheet-url' : undefined),
			load: (id) => (id === '\0stylesheet-url' ? `export default '/assets/app.css'` : undefined),
		},
	],
	test: {
		environment: 'node',
		setupFiles: ['./tests/setup-vitest.ts'],
		globalSetup: ['./tests/pglite-template.global.ts'],
		// Each file opens its own database (on PGlite, from a migrated template); start-up is the slow part.
		testTimeout: 30_000,
		// Files wait on their databases and timers as much as they compute: three at a time on two cores took
		// 154 s against 240 s for the default two (scripts/test.ts runs the whole suite twice).
		maxWorkers: 3,
		hookTimeout: 60_000,
		projects: [
			{
				extends: true,
				test: {
					name: 'shared',
					include: TEST_FILES,
					exclude: [...MOCKING_FILES, ...DOM_FILES],
					// docs/decisions/0061: the files of a worker share one module graph instead of importing the app again each
					// (40% of the run was imports): PGlite 151 -> 69 s, PostgreSQL 108 -> 41 s. Every file still opens its own
					// database; state a module keeps is keyed by that database.
					isolate: false,
				},
			},
			{ extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
			// happy-dom's window, document and navigator are globals: in a project of their own (isolated, the default) they
			// reach no node test, and the DOM files open no database (no global setup needed beyond the shared one).
			{ extends: true, test: { name: 'dom', include: DOM_FILES, environment: 'happy-dom' } },
		],
	},
})
