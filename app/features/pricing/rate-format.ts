import Decimal from 'decimal.js'

/**
 * The one way a rate or an APR is printed, on every page, panel, e-mail, PDF and in the terms
 * (docs/decisions/0072): at most three decimals, trailing zeros dropped, the sign glued to the number, as the
 * specification prints its figures ("5.875%", "6.133%", "8%"). A rate is never rounded to fewer decimals than
 * the sheet gives it, so "6.125%" never reads "6.13%".
 */
export function formatRate(rate: Decimal.Value): string {
	return `${new Decimal(rate).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toString()}%`
}

/** An adjustment of a rate's build-up, signed: "+0.25%", "-0.125%", "0%". */
export function formatRateAdjustment(adjustment: Decimal.Value): string {
	const value = new Decimal(adjustment).toDecimalPlaces(3, Decimal.ROUND_HALF_UP)
	return `${value.gt(0) ? '+' : ''}${value.toString()}%`
}

/** A DSCR as the pages print it: a whole ratio with one decimal ("1.0"), any other with two ("1.20", "1.25"). */
export function formatRatio(ratio: Decimal.Value): string {
	const value = new Decimal(ratio).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	return value.isInteger() ? value.toFixed(1) : value.toFixed(2)
}

/** A line of a rate's build-up as it is written: a signed adjustment ("+0.250") or the base rate it starts from ("6.125"). */
export function formatBuildUpPercent(percent: string): string {
	return /^[+-]/.test(percent) ? formatRateAdjustment(percent) : formatRate(percent)
}
