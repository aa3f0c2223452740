import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ISLANDS_MANIFEST, readIslands } from './islands.ts'

const folders: string[] = []
afterEach(() => {
	for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function clientDir(manifest?: unknown) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'islands-'))
	folders.push(dir)
	if (manifest !== undefined) {
		fs.mkdirSync(path.join(dir, path.dirname(ISLANDS_MANIFEST)), { recursive: true })
		fs.writeFileSync(path.join(dir, ISLANDS_MANIFEST), JSON.stringify(manifest))
	}
	return dir
}

describe('the islands of a build (docs/decisions/0064)', () => {
	test('each entry gets its file and every chunk it imports statically, once, but not the chunks it loads later', () => {
		const islands = readIslands(
			clientDir({
				'app/islands/quote-wizard.tsx': {
					file: 'assets/island-quote-wizard-a1.js',
					name: 'quote-wizard',
					isEntry: true,
					imports: ['_react.js', '_shared.js'],
					dynamicImports: ['app/components/quote/steps/later-steps.tsx'],
				},
				'_react.js': { file: 'assets/island-react-b2.js', imports: ['_shared.js'] },
				'_shared.js': { file: 'assets/island-shared-c3.js' },
				'app/components/quote/steps/later-steps.tsx': {
					file: 'assets/island-later-steps-d4.js',
					name: 'later-steps',
					isDynamicEntry: true,
					imports: ['app/islands/quote-wizard.tsx'],
				},
			}),
		)
		expect(islands).toEqual({
			'quote-wizard': {
				src: '/assets/island-quote-wizard-a1.js',
				preloads: ['/assets/island-react-b2.js', '/assets/island-shared-c3.js'],
			},
		})
	})

	test('a build without the island manifest (the development server) has no islands', () => {
		expect(readIslands(clientDir())).toBeUndefined()
	})
})
