/** What a benchmark hands back to bench/run.ts: one table plus lines saying whether its targets are met. */
export type BenchReport = {
	title: string
	columns: string[]
	rows: Array<Array<string | number>>
	summary: string[]
	targetsMet: boolean
}

export type Benchmark = {
	name: string
	run: () => Promise<BenchReport>
}
