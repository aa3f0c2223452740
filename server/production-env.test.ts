import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/** Which of React's builds a fresh Node process loads after `imports`, with NODE_ENV as given (undefined: unset). */
function reactBuild(imports: string, nodeEnv: string | undefined) {
	const env = { ...process.env }
	delete env.NODE_ENV
	if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv
	const code = `${imports}
const { createRequire } = await import('node:module')
const require = createRequire(${JSON.stringify(path.join(root, 'server/main.ts'))})
require('react')
console.log(Object.keys(require.cache).some((file) => file.endsWith('react.production.js')) ? 'production' : 'development')`
	const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, env, encoding: 'utf8' })
	expect(result.stderr).toBe('')
	return result.stdout.trim()
}

test('the server renders with React’s production build unless NODE_ENV says otherwise', () => {
	// Without the first import, an unset NODE_ENV gives React's development build: what `npm run serve` ran before.
	expect(reactBuild('', undefined)).toBe('development')
	expect(reactBuild(`await import('./server/production-env.ts')`, undefined)).toBe('production')
	expect(reactBuild(`await import('./server/production-env.ts')`, 'development')).toBe('development')
	// It must come before any other import of the entry, or React may already be loaded.
	const firstImport = fs.readFileSync(path.join(root, 'server/main.ts'), 'utf8').match(/^import .*$/m)?.[0]
	expect(firstImport).toBe(`import './production-env.ts'`)
})
