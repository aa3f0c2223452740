import { ltvBucketLabel } from '#app/features/pricing/dscr-pricing.ts'
import type { DscrSheet } from '#app/features/pricing/rate-sheet.ts'
import { sheetErrorKey, sheetFieldId, sheetMessageId } from '#app/features/rate-sheets/sheet-form.ts'
import { PROGRAM_LABELS, describeSheetPathParts, keyLabel } from '#app/features/pricing/sheet-labels.ts'
import type { SheetPath } from '#app/features/pricing/sheet-shape.ts'
import { type GridContext, SheetLeafField } from './sheet-field.tsx'

/**
 * The rate sheet as a pricing desk reads it (docs/decisions/0073), drawn from the document's own shape: the credit ×
 * LTV table and each short-term program's experience × credit table as grids, lists of tiers and adjustments as
 * tables, groups of figures as labelled fields. Anything else, including fields added to the sheet after this screen
 * was written, falls to the generic parts, down to a labelled text field per leaf: nothing in the document is dropped.
 */

type Json = unknown
const isRecord = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isScalar = (value: Json) => value === null || typeof value !== 'object'
const entriesOf = (value: Record<string, Json> | Json[]): Array<[string | number, Json]> =>
	Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value)
/** Each member an object of plain figures: a table of rows (products, tiers, prepayment options). */
const isTableOfRecords = (value: Record<string, Json> | Json[]) => {
	const members = entriesOf(value)
	return members.length > 0 && members.every(([, member]) => isRecord(member) && Object.values(member).every(isScalar))
}

/** The last words of a place's name: a field's label inside its group ("Single Family", "LTV bucket 2"). */
const shortLabel = (path: SheetPath, sheet: Json) => describeSheetPathParts(path, sheet).at(-1) ?? ''

function ContainerMessage({ path, context }: { path: SheetPath; context: GridContext }) {
	const error = context.errors[sheetErrorKey(path)]
	if (!error) return null
	return (
		<p id={sheetMessageId(path)} tabIndex={-1} className="mt-1 text-sm font-medium text-red-700">
			{error}
		</p>
	)
}

const tableClass = 'min-w-full border-separate border-spacing-0 text-sm'
const headClass = 'border-b border-slate-200 px-2 py-1.5 text-left text-xs font-semibold text-slate-600'
const rowHeadClass = 'whitespace-nowrap border-b border-slate-100 py-1.5 pr-3 text-left font-medium text-slate-800'
const cellClass = 'border-b border-slate-100 px-1 py-1 align-top'

/** DSCR: one row per FICO band, one column per LTV bucket; an empty cell is a pair not offered. */
function CreditLtvTable({ path, rows, context }: { path: SheetPath; rows: Record<string, Json>; context: GridContext }) {
	const buckets = (isRecord(context.sheet) && isRecord(context.sheet.dscr) ? context.sheet.dscr.ltvBuckets : undefined) as Json
	const bucketList = Array.isArray(buckets) ? buckets : []
	const columns = Math.max(bucketList.length, ...Object.values(rows).map((row) => (Array.isArray(row) ? row.length : 0)))
	const heading = (index: number) =>
		index < bucketList.length && typeof bucketList[index] === 'number'
			? `LTV ${ltvBucketLabel({ ltvBuckets: bucketList } as DscrSheet, index)}`
			: `LTV bucket ${index + 1}`
	return (
		<div className="-mx-1 overflow-x-auto px-1">
			<table className={tableClass}>
				<caption className="sr-only">Credit × LTV adjustments: FICO band by LTV bucket; an empty cell is not offered</caption>
				<thead>
					<tr>
						<th scope="col" className={`${headClass} sticky left-0 bg-white`}>
							FICO
						</th>
						{Array.from({ length: columns }, (_, index) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid; rows and columns never move
							<th key={index} scope="col" className={`${headClass} text-right`}>
								{heading(index)}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{Object.entries(rows).map(([band, row]) => (
						<tr key={band}>
							<th scope="row" className={`${rowHeadClass} sticky left-0 bg-white`}>
								{band}
								<ContainerMessage path={[...path, band]} context={context} />
							</th>
							{Array.isArray(row) ? (
								row.map((cell, index) => (
									// biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid; rows and columns never move
									<td key={index} className={cellClass}>
										<SheetLeafField path={[...path, band, index]} value={cell} context={context} layout="cell" />
									</td>
								))
							) : (
								<td className={cellClass} colSpan={columns}>
									<SheetLeafField path={[...path, band]} value={row} context={context} layout="cell" />
								</td>
							)}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/** A short-term program: one row per experience tier, one column per credit band, each cell its rate and points. */
function ShortTermGridTable({ path, grid, context }: { path: SheetPath; grid: Json[]; context: GridContext }) {
	const program = path.slice(0, -1)
	const columns = Math.max(0, ...grid.map((row) => (Array.isArray(row) ? row.length : 0)))
	const columnName = (index: number) =>
		describeSheetPathParts([...program, 'grid', 0, index], context.sheet).at(-1) ?? `Column ${index + 1}`
	return (
		<div className="-mx-1 overflow-x-auto px-1">
			<table className={tableClass}>
				<caption className="sr-only">
					Rate and origination points by experience (rows) and credit (columns); empty cells are not offered
				</caption>
				<thead>
					<tr>
						<th scope="col" className={`${headClass} sticky left-0 bg-white`}>
							Experience
						</th>
						{Array.from({ length: columns }, (_, index) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid; rows and columns never move
							<th key={index} scope="col" className={`${headClass} text-right`}>
								{columnName(index)}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{grid.map((row, rowIndex) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid; rows and columns never move
						<tr key={rowIndex}>
							<th scope="row" className={`${rowHeadClass} sticky left-0 bg-white`}>
								{describeSheetPathParts([...program, 'grid', rowIndex], context.sheet).at(-1)}
								<ContainerMessage path={[...path, rowIndex]} context={context} />
							</th>
							{Array.isArray(row) ? (
								row.map((cell, column) => (
									// biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid; rows and columns never move
									<td key={column} className={cellClass}>
										{isRecord(cell) || cell === null ? (
											<div className="grid gap-1">
												{['rate', 'points'].map((member) => (
													<div key={member} className="flex items-center gap-1">
														<span aria-hidden="true" className="w-8 text-xs text-slate-500">
															{member === 'rate' ? 'Rate' : 'Pts'}
														</span>
														<SheetLeafField
															path={[...path, rowIndex, column, member]}
															value={cell === null ? null : cell[member]}
															context={context}
															layout="cell"
														/>
													</div>
												))}
											</div>
										) : (
											<SheetLeafField path={[...path, rowIndex, column]} value={cell} context={context} layout="cell" />
										)}
									</td>
								))
							) : (
								<td className={cellClass} colSpan={columns}>
									<SheetLeafField path={[...path, rowIndex]} value={row} context={context} layout="cell" />
								</td>
							)}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/** Rows of like objects (products, prepayment options, tiers): one row each, one column per member. */
function RecordTable({ path, value, context }: { path: SheetPath; value: Record<string, Json> | Json[]; context: GridContext }) {
	const rows = entriesOf(value) as Array<[string | number, Record<string, Json>]>
	const columns = [...new Set(rows.flatMap(([, row]) => Object.keys(row)))]
	return (
		<div className="-mx-1 overflow-x-auto px-1">
			<table className={tableClass}>
				<thead>
					<tr>
						<th scope="col" className={headClass}>
							<span className="sr-only">{keyLabel(String(path.at(-1)))}</span>
						</th>
						{columns.map((column) => (
							<th key={column} scope="col" className={headClass}>
								{keyLabel(column)}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map(([key, row]) => (
						<tr key={key}>
							<th scope="row" className={rowHeadClass}>
								{shortLabel([...path, key], context.sheet)}
							</th>
							{columns.map((column) => (
								<td key={column} className={cellClass}>
									{column in row ? (
										<SheetLeafField path={[...path, key, column]} value={row[column]} context={context} layout="cell" />
									) : null}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/** Plain figures side by side, each with its label. */
function FieldList({ path, members, context }: { path: SheetPath; members: Array<[string | number, Json]>; context: GridContext }) {
	return (
		<div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
			{members.map(([key, member]) => (
				<SheetLeafField
					key={key}
					path={[...path, key]}
					value={member}
					context={context}
					layout="field"
					label={shortLabel([...path, key], context.sheet)}
				/>
			))}
		</div>
	)
}

function Block({ title, path, context, children }: { title: string; path: SheetPath; context: GridContext; children: React.ReactNode }) {
	return (
		<fieldset className="mt-5 min-w-0 rounded-lg border border-slate-200 p-3 sm:p-4">
			<legend className="px-1 font-semibold text-slate-900">{title}</legend>
			<ContainerMessage path={path} context={context} />
			{children}
		</fieldset>
	)
}

/** Any part of the sheet, drawn by its shape. */
function SheetPart({ path, value, context }: { path: SheetPath; value: Json; context: GridContext }) {
	const title = shortLabel(path, context.sheet)
	if (path.length === 2 && path[0] === 'dscr' && path[1] === 'creditLtv' && isRecord(value))
		return (
			<Block title={title} path={path} context={context}>
				<CreditLtvTable path={path} rows={value} context={context} />
			</Block>
		)
	if (path.length === 3 && path[0] === 'shortTerm' && path[2] === 'grid' && Array.isArray(value))
		return (
			<Block title={title} path={path} context={context}>
				<ShortTermGridTable path={path} grid={value} context={context} />
			</Block>
		)
	if (isScalar(value)) return <SheetLeafField path={path} value={value} context={context} layout="field" label={title} />
	const container = value as Record<string, Json> | Json[]
	if (isTableOfRecords(container))
		return (
			<Block title={title} path={path} context={context}>
				<RecordTable path={path} value={container} context={context} />
			</Block>
		)
	return (
		<Block title={title} path={path} context={context}>
			<SheetMembers path={path} value={container} context={context} />
		</Block>
	)
}

/** A part's members: its plain figures first, as labelled fields, then each larger member drawn by its shape. */
function SheetMembers({ path, value, context }: { path: SheetPath; value: Record<string, Json> | Json[]; context: GridContext }) {
	const members = entriesOf(value)
	const figures = members.filter(([, member]) => isScalar(member))
	const parts = members.filter(([, member]) => !isScalar(member))
	return (
		<>
			{figures.length > 0 ? <FieldList path={path} members={figures} context={context} /> : null}
			{parts.map(([key, member]) => (
				<SheetPart key={key} path={[...path, key]} value={member} context={context} />
			))}
		</>
	)
}

function SheetSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	return (
		<section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
			<h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** The whole sheet: a section for DSCR and one per short-term program (and one per other top-level part). */
export function RateSheetGrid({ context }: { context: GridContext }) {
	const sheet = context.sheet
	if (!isRecord(sheet)) return null
	const sections: React.ReactNode[] = []
	for (const [key, value] of Object.entries(sheet)) {
		// The document's own format is not a figure: it travels in the base document unchanged.
		if (key === 'format') continue
		if (key === 'shortTerm' && isRecord(value)) {
			for (const [program, terms] of Object.entries(value)) {
				const path = ['shortTerm', program]
				sections.push(
					<SheetSection key={program} id={sheetFieldId(path)} title={PROGRAM_LABELS[program] ?? keyLabel(program)}>
						<ContainerMessage path={path} context={context} />
						{isRecord(terms) || Array.isArray(terms) ? (
							<SheetMembers path={path} value={terms} context={context} />
						) : (
							<SheetLeafField path={path} value={terms} context={context} layout="field" />
						)}
					</SheetSection>,
				)
			}
			continue
		}
		sections.push(
			<SheetSection key={key} id={sheetFieldId([key])} title={key === 'dscr' ? 'DSCR loans' : keyLabel(key)}>
				<ContainerMessage path={[key]} context={context} />
				{isRecord(value) || Array.isArray(value) ? (
					<SheetMembers path={[key]} value={value} context={context} />
				) : (
					<SheetLeafField path={[key]} value={value} context={context} layout="field" />
				)}
			</SheetSection>,
		)
	}
	return <div className="space-y-6">{sections}</div>
}
