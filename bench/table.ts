/** Renders rows as a plain-text table; numbers are right-aligned. */
export function formatTable(columns: string[], rows: Array<Array<string | number>>) {
	const cells = rows.map((row) => row.map((cell) => String(cell)))
	const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((row) => (row[index] ?? '').length)))
	const line = (values: string[], numeric: boolean[]) =>
		values
			.map((value, index) => (numeric[index] ? value.padStart(widths[index]) : value.padEnd(widths[index])))
			.join('  ')
			.trimEnd()
	const header = line(
		columns,
		columns.map(() => false),
	)
	const rule = widths.map((width) => '-'.repeat(width)).join('  ')
	const body = rows.map((row, index) =>
		line(
			cells[index],
			row.map((cell) => typeof cell === 'number'),
		),
	)
	return [header, rule, ...body].join('\n')
}

export function kib(bytes: number) {
	return (bytes / 1024).toFixed(1)
}
