import Decimal from 'decimal.js'
import { formatDollars } from '#app/features/money/money.ts'
import { PROPERTY_TYPES } from '#app/features/quote-wizard/options.ts'
import { PREPAYMENT_LABELS, PRODUCT_LABELS, ltvBucketLabel } from './dscr-pricing.ts'
import type { DscrSheet } from './rate-sheet.ts'
import { formatRate } from './rate-format.ts'
import type { SheetPath } from './sheet-shape.ts'

/**
 * The rate sheet in a pricing desk's words (docs/decisions/0073): a name for every place of the document ("DSCR · FICO
 * 740-759 · LTV 70 % to under 75 %") and every value ("+0.375", "6.25%", "not offered"). The grid's labels and the
 * preview's list of changes both read them; a field nobody named here is named from its key ("rentCountedPercent":
 * "Rent counted percent").
 */

export const PROGRAM_LABELS: Record<string, string> = {
	'short-term-bridge': 'Bridge',
	'fix-flip': 'Fix & flip',
	construction: 'Construction',
}

const KEY_LABELS: Record<string, string> = {
	format: 'Format',
	dscr: 'DSCR',
	shortTerm: 'Short-term programs',
	baseRate: 'Base rate',
	rateFloor: 'Rate floor',
	products: 'Products',
	ltvBuckets: 'LTV buckets',
	creditLtv: 'Credit × LTV',
	dscrTiers: 'DSCR tiers',
	loanAmountTiers: 'Loan-amount tiers',
	propertyTypes: 'Property types',
	purposes: 'Purposes',
	prepayment: 'Prepayment',
	interestOnly: 'Interest only',
	points: 'Points',
	rateReductionPerPoint: 'Rate reduction per point',
	maxPoints: 'Most points',
	step: 'Points step',
	eligibility: 'Eligibility',
	minFico: 'Lowest FICO',
	maxLtv: 'Highest LTV',
	minDscr: 'Lowest DSCR',
	maxLtvBelowDscrOne: 'Highest LTV below a DSCR of 1.00',
	minLoan: 'Smallest loan',
	maxLoan: 'Largest loan',
	assumptions: 'Assumptions',
	taxesPercentOfValue: 'Taxes, % of the value a year',
	insurancePercentOfValue: 'Insurance, % of the value a year',
	assumedDscr: 'Assumed DSCR',
	offered: 'Offered',
	adjustment: 'Adjustment',
	experienceTiers: 'Experience tiers',
	creditBands: 'Credit bands',
	grid: 'Rate and points',
	caps: 'Caps',
	maxLoanToCost: 'Loan to cost',
	maxLoanToArv: 'Loan to after-repair value',
	maxAsIsLtv: 'Loan to as-is value',
	termMonths: 'Term',
	from: 'From',
	label: 'Label',
	rate: 'Rate',
	defaultPrepayment: 'Default prepayment',
	fees: 'Fees (finance charges)',
	originationPoints: 'Origination points',
	lenderFees: 'Lender fees',
	noRatio: 'True No Ratio',
	rentCountedPercent: 'Rent counted',
	maxBudgetFinanced: 'Budget financed',
	'rate-term': 'Rate/term refinance',
	'cash-out': 'Cash-out refinance',
	purchase: 'Purchase',
}

const VALUE_KEY_LABELS: Record<string, string> = {
	...PRODUCT_LABELS,
	...PREPAYMENT_LABELS,
	...Object.fromEntries(PROPERTY_TYPES.map((option) => [option.value, option.label])),
	...PROGRAM_LABELS,
}

/** "rentCountedPercent" → "Rent counted percent", "no-ratio" → "No ratio". */
export function humanizeKey(key: string) {
	const words = key
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/[-_]+/g, ' ')
		.trim()
		.toLowerCase()
	return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The name of one key of the sheet, wherever it sits. */
export function keyLabel(key: string | number) {
	if (typeof key === 'number') return `#${key + 1}`
	return KEY_LABELS[key] ?? VALUE_KEY_LABELS[key] ?? (/^\d/.test(key) || key === 'below-600' ? `FICO ${key}` : humanizeKey(key))
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value at a path of a document, or undefined. */
export function valueAt(document: unknown, path: SheetPath): unknown {
	let here: unknown = document
	for (const segment of path) {
		if (Array.isArray(here)) here = here[Number(segment)]
		else if (isRecord(here)) here = Object.hasOwn(here, segment) ? here[segment] : undefined
		else return undefined
	}
	return here
}

const DOLLAR_KEYS = new Set(['minLoan', 'maxLoan', 'lenderFees'])
const PERCENT_NUMBER_KEYS = new Set(['maxLtvBelowDscrOne', 'rentCountedPercent', 'maxLtv'])
const POINTS_KEYS = new Set(['points', 'originationPoints'])
const PERCENT_NUMBER_PARENTS = new Set(['ltvBuckets', 'maxLtv', 'caps'])
const RATE_KEYS = new Set(['baseRate', 'rateFloor', 'rate'])
const ADJUSTMENT_PARENTS = new Set(['creditLtv', 'propertyTypes', 'purposes'])

/** A tier of a list by its bounds: "1.00 to under 1.15", "$1,500,000 and above"; a tier with a label goes by it. */
function tierLabel(list: unknown[], index: number, dollars: boolean) {
	const item = list[index]
	if (isRecord(item) && typeof item.label === 'string' && item.label.trim() !== '') return item.label
	const from = isRecord(item) ? item.from : undefined
	const next = isRecord(list[index + 1]) ? (list[index + 1] as Record<string, unknown>).from : undefined
	const bound = (value: unknown) => (dollars && typeof value === 'number' ? formatDollars(value) : String(value))
	if (from === undefined) return `#${index + 1}`
	return next === undefined ? `${bound(from)} and above` : `${bound(from)} to under ${bound(next)}`
}

/**
 * The words for a place of the sheet, part by part: ['DSCR', 'FICO 740-759', 'LTV 70 % to under 75 %']. `sheet` is the
 * document the path is read in (its LTV buckets, tiers and bands name the cells).
 */
export function describeSheetPathParts(path: SheetPath, sheet: unknown): string[] {
	const parts: string[] = []
	for (let index = 0; index < path.length; index++) {
		const segment = path[index]!
		const parent = path[index - 1]
		const container = valueAt(sheet, path.slice(0, index))
		// The short-term programs are read by their own name ("Bridge"), not as "Short-term programs · Bridge".
		if (index === 0 && segment === 'shortTerm' && path.length > 1) continue
		if (parent === 'creditLtv' && path[0] === 'dscr' && index === 2) {
			parts.push(`FICO ${segment}`)
			const bucket = path[index + 1]
			const buckets = valueAt(sheet, ['dscr', 'ltvBuckets'])
			if (bucket !== undefined) {
				parts.push(
					Array.isArray(buckets) && Number(bucket) < buckets.length
						? `LTV ${ltvBucketLabel({ ltvBuckets: buckets } as DscrSheet, Number(bucket))}`
						: `LTV bucket ${Number(bucket) + 1}`,
				)
				index++
			}
			continue
		}
		// A cell of the credit × LTV table reads as a pricing desk reads it: "FICO 740-759 · LTV 70 % to under 75 %".
		if (segment === 'creditLtv' && path[0] === 'dscr' && index === 1 && path.length > 2) continue
		if (segment === 'grid' && path[0] === 'shortTerm' && index === 2 && path.length > 3) continue
		if (parent === 'grid' && path[0] === 'shortTerm' && index === 3) {
			const program = path.slice(0, 2)
			const tiers = valueAt(sheet, [...program, 'experienceTiers'])
			const bands = valueAt(sheet, [...program, 'creditBands'])
			parts.push(Array.isArray(tiers) ? tierLabel(tiers, Number(segment), false) : `Row ${Number(segment) + 1}`)
			const column = path[index + 1]
			if (column !== undefined) {
				parts.push(Array.isArray(bands) ? `FICO ${tierLabel(bands, Number(column), false)}` : `Column ${Number(column) + 1}`)
				index++
			}
			continue
		}
		if (Array.isArray(container)) {
			if (parent === 'ltvBuckets') parts.push(`LTV bucket ${Number(segment) + 1}`)
			else if (container.every((item) => isRecord(item) && 'from' in item)) {
				parts.push(tierLabel(container, Number(segment), parent === 'loanAmountTiers'))
			} else parts.push(`#${Number(segment) + 1}`)
			continue
		}
		parts.push(keyLabel(segment))
	}
	return parts
}

export const describeSheetPath = (path: SheetPath, sheet: unknown) => describeSheetPathParts(path, sheet).join(' · ')

/** A signed adjustment as a pricing desk writes it: "+0.375", "-0.250", "0.000". */
export function formatAdjustment(value: string) {
	const parsed = new Decimal(value)
	return `${parsed.gt(0) ? '+' : ''}${parsed.toFixed(3)}`
}

function isDecimalText(value: unknown): value is string {
	return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
}

/** A value of the sheet in words, by what the place it sits in means. */
export function describeSheetValue(path: SheetPath, value: unknown): string {
	if (value === undefined) return '(none)'
	if (value === null) return 'not offered'
	const key = path.at(-1)
	const parent = path.at(-2)
	if (typeof value === 'boolean') return key === 'offered' ? (value ? 'offered' : 'not offered') : value ? 'yes' : 'no'
	if (typeof value === 'string' && isDecimalText(value)) {
		if (typeof key === 'string' && RATE_KEYS.has(key)) return formatRate(value.trim())
		if (key === 'adjustment' || (typeof parent === 'string' && ADJUSTMENT_PARENTS.has(parent)) || path[1] === 'creditLtv')
			return formatAdjustment(value)
		if (typeof key === 'string' && POINTS_KEYS.has(key)) return `${new Decimal(value).toString()} points`
		if (key === 'rateReductionPerPoint') return `${formatRate(value)} a point`
		if (key === 'taxesPercentOfValue' || key === 'insurancePercentOfValue') return formatRate(value)
	}
	if (typeof value === 'number') {
		if (typeof key === 'string' && DOLLAR_KEYS.has(key)) return formatDollars(value)
		if (key === 'from' && parent !== undefined && path.at(-3) === 'loanAmountTiers') return formatDollars(value)
		if ((typeof parent === 'string' && PERCENT_NUMBER_PARENTS.has(parent)) || (typeof key === 'string' && PERCENT_NUMBER_KEYS.has(key)))
			return `${value}%`
		if (key === 'termMonths') return `${value} month${value === 1 ? '' : 's'}`
		if (key === 'maxPoints' || key === 'step') return `${value} point${value === 1 ? '' : 's'}`
		return String(value)
	}
	if (typeof value === 'string') return key === 'defaultPrepayment' ? (VALUE_KEY_LABELS[value] ?? value) : value
	return JSON.stringify(value)
}

/** The unit a field of the sheet is written in, for its label: "%", "$", "months", "points"; "" when it has none. */
export function unitOf(path: SheetPath): string {
	const key = path.at(-1)
	const parent = path.at(-2)
	if (typeof key !== 'string' && typeof parent !== 'string') return ''
	if (typeof key === 'string' && DOLLAR_KEYS.has(key)) return '$'
	if (key === 'from' && path.at(-3) === 'loanAmountTiers') return '$'
	if (typeof key === 'string' && (RATE_KEYS.has(key) || key === 'adjustment' || key === 'rateReductionPerPoint')) return '%'
	if (key === 'taxesPercentOfValue' || key === 'insurancePercentOfValue') return '%'
	if (typeof key === 'string' && PERCENT_NUMBER_KEYS.has(key)) return '%'
	if (typeof parent === 'string' && (ADJUSTMENT_PARENTS.has(parent) || PERCENT_NUMBER_PARENTS.has(parent))) return '%'
	if (path[1] === 'creditLtv') return '%'
	if (key === 'termMonths') return 'months'
	if ((typeof key === 'string' && POINTS_KEYS.has(key)) || key === 'maxPoints' || key === 'step') return 'points'
	return ''
}
