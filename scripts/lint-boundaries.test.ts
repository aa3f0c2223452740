// The import boundaries of biome.json (docs/decisions/0041): routes → components → features → db, app/ never imports
// server/ or tests/, no test code in app/. Each case lints one line as if it stood in the named file.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { biomeJsonText, withBoundaries } from './biome-boundaries.ts'

type Diagnostic = { category: string; message: string; location: { path: string } }
const refused: Array<[string, string, string]> = [
	['app/features/leads/x.ts', "import { Button } from '#app/components/ui/button.tsx'", 'never import components'],
	['app/features/leads/x.ts', "import { Button } from '../../components/ui/button.tsx'", 'never import components'],
	['app/features/leads/x.ts', "import type { loader } from '#app/routes/quote/fast-quote.tsx'", 'never import routes'],
	['app/features/leads/x.ts', "import type { loader } from '#app/root.tsx'", 'never import routes'],
	['app/components/site/x.tsx', "import { action } from '#app/routes/site/contact.tsx'", 'never import routes'],
	// By a relative path too: a feature never reaches a route or the root module that way either.
	['app/features/leads/x.ts', "import { loader } from '../../routes/quote/fast-quote.tsx'", 'never import routes'],
	['app/features/leads/x.ts', "import { meta } from '../../root.tsx'", 'never import routes'],
	['app/components/site/x.tsx', "import { meta } from '#app/root.tsx'", 'never import routes'],
	['app/routes/site/x.tsx', "import { loadConfig } from '#server/config.ts'", 'never imports server/'],
	['app/features/leads/x.ts', "import { createLogger } from '#server/logger.ts'", 'never imports server/'],
	['app/features/leads/x.ts', "import { createLogger } from '../../../server/logger.ts'", 'never imports server/'],
	['app/routes/site/x.tsx', "import { createTestDatabase } from '../../../tests/test-database.ts'", 'Test code stays out of app/'],
	['app/components/site/x.tsx', "import { expect } from 'vitest'", 'Test code stays out of app/'],
	['app/root-helper.ts', "import { vi } from 'vitest'", 'Test code stays out of app/'],
	// A feature folder's override replaces app/features/**'s list, so each repeats the common patterns: vitest too.
	['app/features/leads/x.ts', "import { expect } from 'vitest'", 'Test code stays out of app/'],
	['app/features/pricing/x.ts', "import { vi } from 'vitest'", 'Test code stays out of app/'],
	['db/x.ts', "import { servicesContext } from '#app/context.ts'", 'db/ is the bottom layer'],
	['app/features/leads/display/x.ts', "import { listLeads } from '../work/list-leads.server.ts'", 'no database access'],
	[
		'app/features/leads/display/x.ts',
		"import { leadDetails } from '#app/features/leads/work/lead-details.server.ts'",
		'no database access',
	],
	['app/features/leads/display/x.ts', "import { Button } from '#app/components/ui/button.tsx'", 'never import components'],
	['db/x.ts', "import { loadConfig } from '#server/config.ts'", 'db/ is the bottom layer'],
	['app/features/activity/x.ts', "import { listLeads } from '#app/features/leads/work/list-leads.server.ts'", 'activity may not import'],
	['app/features/activity/x.ts', "import { LEAD_STATUSES } from '../leads/model/lead-statuses.ts'", 'activity may not import'],
	['app/features/activity/x.ts', "import { disposeDue } from '#app/features/retention/disposal.server.ts'", 'activity may not import'],
	// docs/decisions/0091: a borrower's data request reuses retention's anonymising and the content's mail, never the reverse.
	[
		'app/features/retention/x.ts',
		"import { eraseForRequest } from '#app/features/data-requests/request-data.server.ts'",
		'retention may not import',
	],
	['app/features/retention/x.ts', "import { requestClock } from '../data-requests/request-clock.ts'", 'retention may not import'],
	['app/features/content/x.ts', "import { requestClock } from '../data-requests/request-clock.ts'", 'content may not import'],
	// docs/decisions/0085: the layers of the feature folders, each refused by alias and by relative path.
	['app/features/leads/model/x.ts', "import { writeLead } from '../intake/write-lead.server.ts'", 'no database access'],
	['app/features/leads/model/x.ts', "import { leadCsv } from '../display/lead-csv.ts'", 'leads/model may not import'],
	[
		'app/features/leads/model/x.ts',
		"import { webhookEvent } from '#app/features/webhooks/webhook-payloads.ts'",
		'leads/model may not import',
	],
	['app/features/leads/model/x.ts', "import { webhookEvent } from '../../webhooks/webhook-payloads.ts'", 'leads/model may not import'],
	['app/features/leads/display/x.ts', "import { leadColumns } from '../work/lead-columns.ts'", 'leads/display may not import'],
	[
		'app/features/leads/display/x.ts',
		"import { leadSchema } from '#app/features/leads/intake/lead-schema.ts'",
		'leads/display may not import',
	],
	['app/features/webhooks/x.ts', "import { leadSchema } from '#app/features/leads/intake/lead-schema.ts'", 'webhooks may not import'],
	['app/features/webhooks/x.ts', "import { leadColumns } from '../leads/work/lead-columns.ts'", 'webhooks may not import'],
	['app/features/leads/routing/x.ts', "import { leadSchema } from '../intake/lead-schema.ts'", 'leads/routing may not import'],
	['app/features/leads/intake/x.ts', "import { termsMail } from '../terms/terms-mail.ts'", 'leads/intake may not import'],
	[
		'app/features/leads/intake/x.ts',
		"import { leadColumns } from '#app/features/leads/work/lead-columns.ts'",
		'leads/intake may not import',
	],
	['app/features/leads/terms/x.ts', "import { leadColumns } from '../work/lead-columns.ts'", 'leads/terms may not import'],
	['app/features/quote-wizard/x.ts', "import { priceDscr } from '#app/features/pricing/dscr-pricing.ts'", 'quote-wizard may not import'],
	['app/features/quote-wizard/x.ts', "import type { Company } from '../content/content-schemas.ts'", 'quote-wizard may not import'],
	['app/features/pricing/x.ts', "import type { Company } from '#app/features/content/content-schemas.ts'", 'pricing may not import'],
	['app/features/pricing/x.ts', "import { sheetFigures } from '../products/sheet-figures.ts'", 'pricing may not import'],
	['app/features/pricing/x.ts', "import { sheetForm } from '../rate-sheets/sheet-form.ts'", 'pricing may not import'],
	['app/features/auth/x.ts', "import { createContentStore } from '#app/features/content/content.server.ts'", 'auth may not import'],
	['app/features/auth/x.ts', "import { createStaffAccount } from '../users/staff-accounts.server.ts'", 'auth may not import'],
	['app/features/content/x.ts', "import { sheetFigures } from '#app/features/products/sheet-figures.ts'", 'content may not import'],
	['app/features/content/x.ts', "import { sheetForm } from '../rate-sheets/sheet-form.ts'", 'content may not import'],
	['app/features/products/x.ts', "import { sheetForm } from '../rate-sheets/sheet-form.ts'", 'products may not import'],
	['app/features/products/x.ts', "import { leadCsv } from '#app/features/leads/display/lead-csv.ts'", 'products may not import'],
]

// docs/decisions/0085: every edge of the layer table, written out here and never read from LAYERS (a removed edge must
// fail a test, not vanish with its own case); each is tried by alias from a file of the lower folder.
const LAYER_TABLE: Record<string, string[]> = {
	'leads/model': ['leads/display', 'webhooks', 'leads/routing', 'leads/intake', 'leads/terms', 'leads/work'],
	'leads/display': ['webhooks', 'leads/routing', 'leads/intake', 'leads/terms', 'leads/work'],
	webhooks: ['leads/routing', 'leads/intake', 'leads/terms', 'leads/work'],
	'leads/routing': ['leads/intake', 'leads/terms', 'leads/work'],
	'leads/intake': ['leads/terms', 'leads/work'],
	'leads/terms': ['leads/work'],
	'quote-wizard': ['pricing', 'content', 'products', 'rate-sheets', 'leads', 'webhooks', 'users'],
	pricing: ['content', 'products', 'rate-sheets', 'leads', 'webhooks', 'users', 'auth'],
	auth: ['content', 'products', 'rate-sheets', 'leads', 'webhooks', 'users'],
	content: ['products', 'rate-sheets', 'leads', 'webhooks', 'users', 'data-requests'],
	activity: ['leads', 'webhooks', 'users', 'content', 'pricing', 'rate-sheets', 'retention', 'data-requests'],
	retention: ['data-requests'],
	products: ['rate-sheets', 'leads', 'webhooks'],
}
for (const [folder, above] of Object.entries(LAYER_TABLE))
	for (const target of above)
		refused.push([`app/features/${folder}/x.ts`, `import { layerEdge } from '#app/features/${target}/edge.ts'`, `${folder} may not import`])

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
	['app/features/leads/work/x.ts', "import { termsMail } from '../terms/terms-mail.ts'"],
	['app/features/leads/terms/x.ts', "import { writeLead } from '../intake/write-lead.server.ts'"],
	['app/features/leads/intake/x.ts', "import { routeLead } from '../routing/lead-routing.server.ts'"],
	['app/features/leads/routing/x.ts', "import { leadNotification } from '../display/lead-notifications.ts'"],
	['app/features/webhooks/x.ts', "import { LEAD_STATUSES } from '#app/features/leads/model/lead-statuses.ts'"],
	['app/features/leads/display/x.ts', "import { answerText } from '../model/lead-answers.ts'"],
	['app/features/leads/model/x.ts', "import { formatDollarAnswer } from '#app/features/money/money.ts'"],
	['app/features/pricing/x.ts', "import { PROPERTY_TYPES } from '#app/features/quote-wizard/options.ts'"],
	['app/features/content/x.ts', "import { rateSheetSchema } from '../pricing/rate-sheet.ts'"],
	['app/features/rate-sheets/x.ts', "import { sheetFigures } from '../products/sheet-figures.ts'"],
	['app/features/users/x.ts', "import { createContentStore } from '#app/features/content/content.server.ts'"],
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
	// Two files that import each other: Biome's noImportCycles refuses the ring (docs/decisions/0085).
	fs.mkdirSync(path.join(dir, 'app/features/ring'), { recursive: true })
	fs.writeFileSync(path.join(dir, 'app/features/ring/a.ts'), "import { b } from './b.ts'\nexport const a = () => b()\n")
	fs.writeFileSync(path.join(dir, 'app/features/ring/b.ts'), "import { a } from './a.ts'\nexport const b = () => a\n")
	const biome = path.resolve('node_modules/.bin/biome')
	const result = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], { cwd: dir, encoding: 'utf8' })
	fs.rmSync(dir, { recursive: true, force: true })
	diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics
})

const boundaryFindings = (index: number, file: string) =>
	diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports' && d.location.path === caseFile(index, file))

describe('import boundaries', () => {
	test('biome.json holds the layers of scripts/biome-boundaries.ts (run `node scripts/biome-boundaries.ts` after editing them)', () => {
		const text = fs.readFileSync('biome.json', 'utf8')
		expect(text).toBe(biomeJsonText(withBoundaries(JSON.parse(text))))
	})

	test('an import cycle is refused', () => {
		const cycles = diagnostics.filter((d) => d.category === 'lint/suspicious/noImportCycles').map((d) => d.location.path)
		expect(cycles.sort()).toEqual(['app/features/ring/a.ts', 'app/features/ring/b.ts'])
	})

	test.each(refused.map((entry, index) => [...entry, index] as const))('%s: %s is refused', (file, _line, message, index) => {
		const findings = boundaryFindings(index, file)
		// A line can break two rules at once (a lead job's *.server.ts from the pure model): the named one is among them.
		expect(findings.map((finding) => finding.message).filter((text) => text.includes(message))).toHaveLength(1)
	})

	test.each(allowed.map((entry, index) => [...entry, refused.length + index] as const))('%s: %s is allowed', (file, _line, index) => {
		expect(diagnostics.length).toBeGreaterThan(0)
		expect(boundaryFindings(index, file)).toEqual([])
	})
})
