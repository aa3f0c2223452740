import Decimal from 'decimal.js'
import { describeSheetPath, describeSheetValue } from './sheet-labels.ts'
import type { SheetPath } from './sheet-shape.ts'

/** One leaf of the sheet that a publish changes: where, in words, and its value before and after. */
export type SheetChange = {
	path: Array<string | number>
	/** "DSCR · FICO 740-759 · LTV 70 % to under 75 %". */
	label: string
	before: unknown
	after: unknown
	/** "+0.375", "6.25%", "not offered"; "(none)" where the leaf did not exist. */
	beforeText: string
	afterText: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isContainer = (value: unknown) => isRecord(value) || Array.isArray(value)
const DECIMAL = /^-?\d+(\.\d+)?$/
/** "1.500" and "1.5" are one figure: a retyped cell that reads the same is no change to a pricing desk. */
const sameFigure = (before: unknown, after: unknown) =>
	typeof before === 'string' && typeof after === 'string' && DECIMAL.test(before) && DECIMAL.test(after) && new Decimal(before).eq(after)

/**
 * Every leaf that differs between two sheets, in the document's order (docs/decisions/0073). A leaf is a figure, a
 * choice, a flag or an empty cell; a container one side lacks (a cell newly offered, a tier added) counts as all its
 * leaves changing from (or to) what stood in its place. Labels read the proposed sheet, or the current one for a
 * leaf the proposed sheet no longer has. Works on any JSON, so fields added to the sheet later are compared too.
 */
export function diffSheets(current: unknown, proposed: unknown): SheetChange[] {
	const changes: SheetChange[] = []
	const visit = (before: unknown, after: unknown, path: Array<string | number>) => {
		if (isContainer(before) || isContainer(after)) {
			if (Array.isArray(before) && Array.isArray(after)) {
				for (let index = 0; index < Math.max(before.length, after.length); index++) visit(before[index], after[index], [...path, index])
				return
			}
			if (isRecord(before) && isRecord(after)) {
				const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))]
				for (const key of keys) visit(before[key], after[key], [...path, key])
				return
			}
			// One side is a container and the other is not (a cell not offered before, now offered): each leaf of the
			// container against what stood in its place.
			const container = isContainer(before) ? before : after
			const other = isContainer(before) ? after : before
			const entries = Array.isArray(container)
				? container.map((value, index) => [index, value] as const)
				: Object.entries(container as object)
			if (entries.length === 0) return record(before, after, path)
			for (const [key, value] of entries) {
				if (isContainer(before)) visit(value, other, [...path, key])
				else visit(other, value, [...path, key])
			}
			return
		}
		if (!Object.is(before, after) && !sameFigure(before, after)) record(before, after, path)
	}
	const record = (before: unknown, after: unknown, path: Array<string | number>) => {
		const named: SheetPath = path
		changes.push({
			path,
			label: describeSheetPath(named, after === undefined ? current : proposed),
			before,
			after,
			beforeText: describeSheetValue(named, before),
			afterText: describeSheetValue(named, after),
		})
	}
	visit(current, proposed, [])
	return changes
}
