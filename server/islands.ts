import fs from 'node:fs'
import path from 'node:path'
import type { Island } from '#app/features/hydration/page-scripts.tsx'

/** Where `vite build --config vite.islands.config.ts` writes its manifest, inside the client build. */
export const ISLANDS_MANIFEST = '.vite/islands-manifest.json'

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[] }

/**
 * The islands of a build (docs/decisions/0064): each entry's file and every chunk it imports statically
 * (preloaded with it). None when the build has no island manifest: those pages then hydrate with the bundle.
 */
export function readIslands(clientDir: string): Record<string, Island> | undefined {
	const file = path.join(clientDir, ISLANDS_MANIFEST)
	if (!fs.existsSync(file)) return undefined
	const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>
	const islands: Record<string, Island> = {}
	for (const chunk of Object.values(manifest)) {
		if (!chunk.isEntry || !chunk.name) continue
		const preloads = new Set<string>()
		const visit = (keys: string[] = []) => {
			for (const key of keys) {
				const imported = manifest[key]
				if (!imported || preloads.has(`/${imported.file}`)) continue
				preloads.add(`/${imported.file}`)
				visit(imported.imports)
			}
		}
		visit(chunk.imports)
		islands[chunk.name] = { src: `/${chunk.file}`, preloads: [...preloads] }
	}
	return islands
}
