import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	environments: {
		// The Express glue is the server bundle's entry, so it shares one module graph with the routes.
		ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
		client: {
			build: {
				rollupOptions: {
					output: {
						entryFileNames: 'assets/[name]-[hash].js',
						// React and React Router load on every page: one chunk compresses better than five.
						codeSplitting: {
							groups: [
								{ name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
							],
						},
					},
				},
			},
		},
	},
	plugins: [tailwindcss(), reactRouter()],
})
