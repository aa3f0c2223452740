// Comments cite a decision (docs/decisions/NNNN) or a spec section, never an issue number: an issue is closed and
// forgotten, a decision record stays beside the code. Every source file of the project is read.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const ROOTS = ['app', 'bench', 'db', 'scripts', 'server', 'tests']
const SOURCE = /\.(ts|tsx|js|mjs|css)$/
const ISSUE_NUMBER = /\b(issue|ticket)s? #?\d+|\bfixes #\d+/i

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(file)
		return SOURCE.test(entry.name) ? [file] : []
	})
}

test('no comment or test title cites an issue number', () => {
	const files = ROOTS.flatMap(sourceFiles)
	expect(files.length).toBeGreaterThan(300)
	const found = files.flatMap((file) =>
		fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.flatMap((line, index) =>
				ISSUE_NUMBER.test(line) && !line.includes('ISSUE_NUMBER') ? [`${file}:${index + 1}: ${line.trim()}`] : [],
			),
	)
	expect(found).toEqual([])
})
