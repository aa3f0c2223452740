// The import boundaries of biome.json (docs/decisions/0041): routes → components → features → db, app/ never imports
// server/ or tests/, no test code in app/. Each case lints one line as if it stood in the named file.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'

type Diagnostic = { category: string; message: string; location: { path: string } }
const refused: Array<[string, string, string]> = [
	['app/features/leads/x.ts', "import { Button } from '#app/components/ui/button.tsx'", 'never import components'],
	['app/features/leads/x.ts', "import { Button } from '../../components/ui/button.tsx'", 'never import components'],
	['app/features/leads/x.ts', "import type { loader } from '#app/routes/quote/fast-quote.tsx'", 'never import routes'],
	['app/features/leads/x.ts', "import type { loader } from '#app/root.tsx'", 'never import routes'],
	['app/components/site/x.tsx', "import { action } from '#app/routes/site/contact.tsx'", 'never import routes'],
	['app/components/site/x.tsx', "import { meta } from '#app/root.tsx'", 'never import routes'],
	['app/routes/site/x.tsx', "import { loadConfig } from '#server/config.ts'", 'never imports server/'],
	['app/features/leads/x.ts', "import { createLogger } from '#server/logger.ts'", 'never imports server/'],
	['app/routes/site/x.tsx', "import { createTestDatabase } from '../../../tests/test-database.ts'", 'Test code stays out of app/'],
	['app/components/site/x.tsx', "import { expect } from 'vitest'", 'Test code stays out of app/'],
	['app/root-helper.ts', "import { vi } from 'vitest'", 'Test code stays out of app/'],
	['db/x.ts', "import { servicesContext } from '#app/context.ts'", 'db/ is the bottom layer'],
	['app/features/leads/display/x.ts', "import { listLeads } from '../work/list-leads.server.ts'", 'no database access'],
	[
		'app/features/leads/display/x.ts',
		"import { leadDetails } from '#app/features/leads/work/lead-details.server.ts'",
		'no database access',
	],
	['app/features/leads/display/x.ts', "import { Button } from '#app/components/ui/button.tsx'", 'never import components'],
	['db/x.ts', "import { loadConfig } from '#server/config.ts'", 'db/ is the bottom layer'],
	['app/features/activity/x.ts', "import { listLeads } from '#app/features/leads/work/list-leads.server.ts'", 'never the reverse'],
	['app/features/activity/x.ts', "import { LEAD_STATUSES } from '../leads/work/lead-statuses.ts'", 'never the reverse'],
]

const allowed: Array<[string, string]> = [
	['app/routes/site/x.tsx', "import { Button } from '#app/components/ui/button.tsx'"],
	['app/components/site/x.tsx', "import { leadFieldErrors } from '#app/features/leads/intake/lead-schema.ts'"],
	['app/components/quote/x.tsx', "import type { loader } from '#app/routes/quote/fast-quote.tsx'"],
	['app/components/site/x.tsx', "import type { loader } from '#app/root.tsx'"],
	['app/context.ts', "import type { AppConfig } from '#server/config.ts'"],
	['app/features/leads/x.ts', "import { leads } from '#db/schema.ts'"],
	['app/features/leads/x.ts', "import { recordActivity } from '#app/features/activity/activity-log.server.ts'"],
	['app/features/leads/display/x.ts', "import { formatDollarText } from '#app/features/money/money.ts'"],
	['app/features/leads/work/x.ts', "import { leadCsv } from '../display/lead-csv.ts'"],
	['app/routes/site/x.test.ts', "import { createTestDatabase } from '../../../tests/test-database.ts'"],
	['app/features/leads/x.test.ts', "import { expect } from 'vitest'"],
	['server/x.ts', "import { servicesContext } from '#app/context.ts'"],
]

// Every case is a file of its own in a scratch tree that carries the project's biome.json; one Biome run lints them all.
const cases = [...refused.map(([file, line]) => ({ file, line })), ...allowed.map(([file, line]) => ({ file, line }))]
const caseFile = (index: number, file: string) => file.replace(/(\.test)?\.(tsx?)$/, `-${index}$1.$2`)
let diagnostics: Diagnostic[] = []

beforeAll(() => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-boundaries-'))
	const { vcs: _vcs, $schema: _schema, ...config } = JSON.parse(fs.readFileSync('biome.json', 'utf8'))
	fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config))
	cases.forEach(({ file, line }, index) => {
		const target = path.join(dir, caseFile(index, file))
		fs.mkdirSync(path.dirname(target), { recursive: true })
		// The imported name is used, so that only the boundary rule can object to the line.
		const name = /import (?:type )?\{ (\w+)/.exec(line)![1]
		fs.writeFileSync(target, `${line}\nexport type Used = typeof ${name}\n`)
	})
	const biome = path.resolve('node_modules/.bin/biome')
	const result = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], { cwd: dir, encoding: 'utf8' })
	fs.rmSync(dir, { recursive: true, force: true })
	diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics
})

const boundaryFindings = (index: number, file: string) =>
	diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports' && d.location.path === caseFile(index, file))

describe('import boundaries', () => {
	test.each(refused.map((entry, index) => [...entry, index] as const))('%s: %s is refused', (file, _line, message, index) => {
		const findings = boundaryFindings(index, file)
		expect(findings).toHaveLength(1)
		expect(findings[0]!.message).toContain(message)
	})

	test.each(allowed.map((entry, index) => [...entry, refused.length + index] as const))('%s: %s is allowed', (file, _line, index) => {
		expect(diagnostics.length).toBeGreaterThan(0)
		expect(boundaryFindings(index, file)).toEqual([])
	})
})
