import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	// The Express glue is the server bundle's entry, so it shares one module graph with the routes.
	environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
	plugins: [tailwindcss(), reactRouter()],
})
