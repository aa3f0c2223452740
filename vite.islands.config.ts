import path from 'node:path'
import { defineConfig } from 'vite'

/**
 * docs/decisions/0064: the islands, built after `react-router build` into the same client folder. An island
 * boots one part of a page with React alone, without React Router's bundle (the quote wizard).
 */
const clientDir = path.join(process.env.BUILD_DIR ?? 'build', 'client')

export default defineConfig({
	publicDir: false,
	build: {
		outDir: clientDir,
		// The router's build is already there.
		emptyOutDir: false,
		manifest: '.vite/islands-manifest.json',
		modulePreload: { polyfill: false },
		rollupOptions: {
			input: { 'quote-wizard': 'app/islands/quote-wizard.tsx' },
			// "use client" at the top of a library module means nothing here (React Router's build drops it silently too).
			onwarn(warning, warn) {
				if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
			},
			output: {
				entryFileNames: 'assets/island-[name]-[hash].js',
				chunkFileNames: 'assets/island-[name]-[hash].js',
				assetFileNames: 'assets/island-[name]-[hash][extname]',
			},
		},
	},
})
