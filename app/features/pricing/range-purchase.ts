import { formatDollars } from '#app/features/money/money.ts'
import { DOWN_PAYMENT_AMOUNTS, LEGACY_PRICE_RANGE_LABELS, PRICE_RANGES, optionLabel } from '#app/features/quote-wizard/options.ts'

/**
 * docs/decisions/0074: a purchase without a property yet answers a price range and a down payment range, not figures.
 * Its terms are priced for the middle of each range, and say so. A range open at its top ("$3M+", "Over $1M") has no
 * middle: it is priced at its start, and says that instead.
 */

type Range = { from: number; to: number | null }

/** The price ranges' bounds in dollars (spec 1 §3, with the older ranges the submission mapper knows). */
const PRICE_RANGE_BOUNDS: Record<string, Range> = {
	'under-250k': { from: 0, to: 250_000 },
	'250k-500k': { from: 250_000, to: 500_000 },
	'500k-1m': { from: 500_000, to: 1_000_000 },
	'1m-3m': { from: 1_000_000, to: 3_000_000 },
	'3m-plus': { from: 3_000_000, to: null },
	'500k-750k': { from: 500_000, to: 750_000 },
	'750k-1m': { from: 750_000, to: 1_000_000 },
	'over-1m': { from: 1_000_000, to: null },
}

/** The down payment ranges' bounds in percent of the price. */
const DOWN_PAYMENT_BOUNDS: Record<string, Range> = {
	'less-20': { from: 0, to: 20 },
	'20-25': { from: 20, to: 25 },
	'25-30': { from: 25, to: 30 },
	'30-40': { from: 30, to: 40 },
	'more-40': { from: 40, to: null },
}

type Point = { value: number; middle: boolean }
const pointOf = (range: Range): Point =>
	range.to === null ? { value: range.from, middle: false } : { value: (range.from + range.to) / 2, middle: true }

const percentText = (percent: number) => percent.toLocaleString('en-US', { maximumFractionDigits: 2 })

export type RangePurchase = {
	/** The price priced, whole dollars. */
	price: number
	/** The down payment priced, in percent of the price. */
	downPercent: number
	/** How it was priced, in words the borrower reads. */
	label: string
}

/**
 * The purchase a price range and a down payment range are priced as, or null when either is not a known range.
 * `withDown: false` (a bridge, whose loan is the largest the caps allow) leaves the down payment out of the label.
 */
export function rangePurchase(
	priceRange: string | undefined,
	downPaymentAmount: string | undefined,
	{ withDown }: { withDown: boolean },
): RangePurchase | null {
	const priceBounds = PRICE_RANGE_BOUNDS[priceRange ?? '']
	const downBounds = DOWN_PAYMENT_BOUNDS[downPaymentAmount ?? '']
	if (!priceBounds || (withDown && !downBounds)) return null
	const price = pointOf(priceBounds)
	const down = downBounds ? pointOf(downBounds) : { value: 0, middle: true }
	const priceLabel = optionLabel(PRICE_RANGES, priceRange) ?? LEGACY_PRICE_RANGE_LABELS[priceRange!] ?? priceRange!
	const downLabel = optionLabel(DOWN_PAYMENT_AMOUNTS, downPaymentAmount) ?? downPaymentAmount ?? ''
	const purchase = `Priced for a ${formatDollars(price.value)} purchase`
	let label: string
	if (!withDown)
		label = price.middle
			? `${purchase}, the middle of the price range you chose`
			: `${purchase}, the start of the price range you chose (${priceLabel})`
	else {
		const withDownText = `${purchase} with ${percentText(down.value)} % down`
		if (price.middle && down.middle) label = `${withDownText}, the middle of the ranges you chose`
		else {
			const part = (point: Point, noun: string, rangeLabel: string) =>
				point.middle ? `the middle of the ${noun}` : `the start of the ${noun} (${rangeLabel})`
			label = `${withDownText}: ${part(price, 'price range', priceLabel)} and ${part(down, 'down payment range', downLabel)} you chose`
		}
	}
	return { price: Math.floor(price.value), downPercent: down.value, label }
}
