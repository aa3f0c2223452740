// `npm run bench [-- name...]`: runs each benchmark in turn and prints its table.
import { activityLogBenchmark } from './activity-log.ts'
import { cleanupAll } from './cleanup.ts'
import { leadThroughputBenchmark } from './lead-throughput.ts'
import { leadsScreenBenchmark } from './leads-screen.ts'
import { officerPhoneBenchmark } from './officer-phone.ts'
import { lighthouseBenchmark } from './lighthouse.ts'
import { outboxDrainBenchmark } from './outbox-drain.ts'
import { pageThroughputBenchmark } from './page-throughput.ts'
import { pricingBenchmark } from './pricing.ts'
import { retentionBenchmark } from './retention.ts'
import { soakBenchmark } from './soak.ts'
import { termSheetBenchmark } from './term-sheet.ts'
import { termsBenchmark } from './terms.ts'
import { webhooksBenchmark } from './webhooks.ts'
import { formatTable } from './table.ts'
import type { Benchmark, BenchReport } from './types.ts'

const benchmarks: Benchmark[] = [
	lighthouseBenchmark,
	leadThroughputBenchmark,
	leadsScreenBenchmark,
	outboxDrainBenchmark,
	pageThroughputBenchmark,
	pricingBenchmark,
	termsBenchmark,
	termSheetBenchmark,
	officerPhoneBenchmark,
	webhooksBenchmark,
	activityLogBenchmark,
	retentionBenchmark,
	soakBenchmark,
]

function selected() {
	const names = process.argv.slice(2)
	const unknown = names.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name))
	if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`)
	return names.length === 0 ? benchmarks : benchmarks.filter((benchmark) => names.includes(benchmark.name))
}

function print(report: BenchReport) {
	console.log(`\n## ${report.title}\n`)
	console.log(formatTable(report.columns, report.rows))
	console.log(`\n${report.summary.join('\n')}`)
}

let interrupted = false

// Ctrl-C or a kill still stops the server, Chrome and removes temporary data.
function onSignal(signal: NodeJS.Signals) {
	interrupted = true
	console.error(`\n${signal}: cleaning up`)
	void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
}

async function main() {
	process.once('SIGINT', onSignal)
	process.once('SIGTERM', onSignal)
	let failed = false
	for (const benchmark of selected()) {
		const started = Date.now()
		try {
			print(await benchmark.run())
		} catch (error) {
			failed = true
			// After Ctrl-C the errors are only Chrome and the server going away.
			if (!interrupted) console.error(`\n${benchmark.name} failed:`, error)
		} finally {
			await cleanupAll()
		}
		console.error(`${benchmark.name}: ${Math.round((Date.now() - started) / 1000)}s`)
	}
	process.exitCode = failed ? 1 : 0
}

await main()
