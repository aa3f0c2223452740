// docs/decisions/0085: the feature folders' layers, written once here and turned into biome.json overrides.
// Biome's noRestrictedImports takes one list of patterns per file: an override for a folder replaces the list of
// app/features/**, so each folder's override repeats the common patterns. This script writes those overrides;
// `node scripts/biome-boundaries.ts` after editing LAYERS, and scripts/lint-boundaries.test.ts fails while
// biome.json is behind.
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

type Pattern = { group: string[]; message: string; importNamePattern?: string; invertImportNamePattern?: boolean }

/** What every file of app/features may not import (routes → components → features → db; decision 0041). */
export const FEATURE_PATTERNS: Pattern[] = [
	{
		group: ['#app/components/**', '**/components/**'],
		message: 'features/ hold domain logic and never import components (routes → components → features → db).',
	},
	{
		group: ['#app/routes/**', '**/routes/**', '#app/root.tsx', '**/root.tsx'],
		message: 'features/ never import routes or the root module (routes → components → features → db).',
	},
	{
		group: ['#server/**', '**/server/**'],
		importNamePattern: 'AppConfig',
		invertImportNamePattern: true,
		message: 'app/ never imports server/ (only the AppConfig type of #server/config.ts, which reaches the app through the router context).',
	},
	{
		group: ['vitest', 'vitest/**', '**/tests/**'],
		message: 'Test code stays out of app/: test helpers live in tests/ and are imported by *.test.ts files only.',
	},
]

/**
 * Each layer, bottom first, with the folders above it that it may not import. A folder imports only folders of
 * lower layers; within the leads folders the order is model → display → webhooks → routing → intake → terms → work,
 * and for what the site prices and prints it is quote-wizard → pricing → auth → content → products → rate-sheets.
 */
export const LAYERS: Array<{ folder: string; above: string[]; why: string; extra?: Pattern[] }> = [
	{
		folder: 'leads/model',
		above: ['leads/display', 'webhooks', 'leads/routing', 'leads/intake', 'leads/terms', 'leads/work'],
		why: "features/leads/model holds a lead's types and pure rules, which every lead job imports; it imports none of them",
		extra: [
			{
				group: ['**/*.server', '**/*.server.ts'],
				message: 'features/leads/model is pure: no database access (*.server.ts); docs/decisions/0085.',
			},
		],
	},
	{
		folder: 'leads/display',
		above: ['webhooks', 'leads/routing', 'leads/intake', 'leads/terms', 'leads/work'],
		why: 'features/leads/display turns a stored lead into text for staff; it imports the model only',
		extra: [
			{
				group: ['**/*.server', '**/*.server.ts'],
				message:
					'features/leads/display turns a stored lead into text for staff (details, e-mail, CSV): pure functions, no database access (*.server.ts); docs/decisions/0058.',
			},
		],
	},
	{
		folder: 'webhooks',
		above: ['leads/routing', 'leads/intake', 'leads/terms', 'leads/work'],
		why: 'features/webhooks delivers events that lead jobs raise; it reads the lead model, never the jobs',
	},
	{
		folder: 'leads/routing',
		above: ['leads/intake', 'leads/terms', 'leads/work'],
		why: 'features/leads/routing decides who hears of a lead; intake and the dashboard call it',
	},
	{
		folder: 'leads/intake',
		above: ['leads/terms', 'leads/work'],
		why: 'features/leads/intake writes a new lead; terms and the dashboard come after it',
	},
	{ folder: 'leads/terms', above: ['leads/work'], why: 'features/leads/terms prices a lead after intake; the dashboard reads it' },
	{
		folder: 'quote-wizard',
		above: ['pricing', 'content', 'products', 'rate-sheets', 'leads', 'webhooks', 'users'],
		why: "features/quote-wizard holds the wizard's questions and rules, which pricing and leads read",
	},
	{
		folder: 'pricing',
		above: ['content', 'products', 'rate-sheets', 'leads', 'webhooks', 'users', 'auth'],
		why: 'features/pricing is the pricing engine: pure rules over a rate sheet; editing and publishing a sheet is features/rate-sheets',
	},
	{
		folder: 'auth',
		above: ['content', 'products', 'rate-sheets', 'leads', 'webhooks', 'users'],
		why: 'features/auth signs staff in; what an account is and how one is created is features/users',
	},
	{
		folder: 'content',
		above: ['products', 'rate-sheets', 'leads', 'webhooks', 'users', 'data-requests'],
		why: 'features/content stores what the site says; products and rate sheets are read from it',
	},
	{
		folder: 'activity',
		above: ['leads', 'webhooks', 'users', 'content', 'pricing', 'rate-sheets', 'retention', 'data-requests'],
		why: 'features/activity records who did or read what: lead code writes the log, never the reverse (docs/decisions/0087)',
	},
	{
		folder: 'retention',
		above: ['data-requests'],
		why: "features/retention disposes of personal data by category; a borrower's erase request (features/data-requests) reuses its anonymising, never the reverse (docs/decisions/0091)",
	},
	{
		folder: 'products',
		above: ['rate-sheets', 'leads', 'webhooks'],
		why: 'features/products prints the advertised figures; a rate sheet is previewed against them',
	},
]

const layerPatterns = (layer: (typeof LAYERS)[number]): Pattern[] => [
	...FEATURE_PATTERNS,
	...(layer.extra ?? []),
	{
		group: layer.above.flatMap((folder) => [
			`#app/features/${folder}/**`,
			`**/features/${folder}/**`,
			...relativeGlobs(layer.folder, folder),
		]),
		message: `${layer.why} (docs/decisions/0085: ${layer.folder} may not import ${layer.above.join(', ')}).`,
	},
]

/** A relative import between two folders of app/features: `../work/x.ts` from leads/intake, `../../webhooks/x.ts`. */
function relativeGlobs(from: string, to: string) {
	const fromParts = from.split('/')
	const toParts = to.split('/')
	let common = 0
	while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++
	const ups = '../'.repeat(fromParts.length - common)
	return [`${ups}${toParts.slice(common).join('/')}/**`]
}

type Override = { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }

const override = (includes: string[], patterns: Pattern[]) => ({
	includes: [...includes, '!**/*.test.ts', '!**/*.test.tsx'],
	linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
})

/** biome.json's overrides with the feature overrides written from FEATURE_PATTERNS and LAYERS. */
export function withBoundaries(config: { overrides: Override[] }) {
	const isFeatureOverride = (o: Override) =>
		o.includes[0]!.startsWith('app/features/') && o.linter?.rules?.style?.noRestrictedImports !== undefined
	const first = config.overrides.findIndex(isFeatureOverride)
	const rest = config.overrides.filter((o) => !isFeatureOverride(o))
	const generated = [
		override(['app/features/**'], FEATURE_PATTERNS),
		...LAYERS.map((layer) => override([`app/features/${layer.folder}/**`], layerPatterns(layer))),
	]
	return { ...config, overrides: [...rest.slice(0, first), ...generated, ...rest.slice(first)] }
}

/** biome.json as Biome's formatter writes it: tabs, one value per line. */
export const biomeJsonText = (config: unknown) => `${JSON.stringify(config, null, '\t')}\n`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const config = JSON.parse(fs.readFileSync('biome.json', 'utf8'))
	fs.writeFileSync('biome.json', biomeJsonText(withBoundaries(config)))
}
