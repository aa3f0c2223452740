// Money as the lead's answers and the calculators write it: typed text in, US dollars out (docs/decisions/0059).

/**
 * The one reading of a money answer: "$1,250,000", "1250000.5", " 300 000 ", "-5" (a sign is read; the
 * caller's bounds decide whether it is allowed). At most 15 digits and 2 decimals; anything else is null.
 */
export function parseDollars(text: string): number | null {
	const compact = text.replace(/[$,\s]/g, '')
	return /^-?\d{1,15}(\.\d{1,2})?$/.test(compact) ? Number(compact) : null
}

/**
 * Builds the calculators' reading of a typed number and the one dollar formatter. It is self-contained (it
 * uses no name declared outside its body) so that a page without a JavaScript bundle runs this very code in
 * its inline script (docs/decisions/0037).
 */
export function calculatorMoneyFunctions() {
	const formats = {
		never: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
		always: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
	}

	/**
	 * The calculators' reading of a typed number: '$', commas, '%' and spaces are ignored, so "$3,410.50" is
	 * 3410.5 and "7.25%" is 7.25. Empty or non-numeric text is NaN (the calculators then show nothing new).
	 */
	function parseNumberText(text: string) {
		const cleaned = text.replace(/[$,%\s]/g, '')
		return cleaned === '' ? Number.NaN : Number(cleaned)
	}

	/**
	 * The one formatter of an amount in US dollars. `cents`: 'never' (500000 -> "$500,000", rounded to the
	 * dollar; the default), 'always' ("$2,661.05"), or 'auto' (cents only when there are some: "$1,250" and
	 * "$1,250.75").
	 */
	function formatDollars(amount: number, { cents = 'never' }: { cents?: 'never' | 'always' | 'auto' } = {}) {
		if (cents === 'always') return formats.always.format(amount)
		if (cents === 'auto' && Math.round(amount * 100) % 100 !== 0) return formats.always.format(amount)
		return formats.never.format(Math.round(amount))
	}

	return { parseNumberText, formatDollars }
}

export const { parseNumberText, formatDollars } = calculatorMoneyFunctions()

/**
 * spec 1 §5, as the visitor types a whole-dollar field: numeric text becomes whole US dollars, read by its
 * digits before any decimal point ("$1,250" stays "$1,250"); empty text when it has no digits.
 */
export function formatDollarText(text: string): string {
	const digits = text.replace(/[^\d.]/g, '').split('.')[0] ?? ''
	if (digits === '') return ''
	return formatDollars(Number(digits))
}

/** A stored money answer for staff: formatted, with its cents if it has any; text that is not an amount is kept as written. */
export function formatDollarAnswer(text: string): string {
	const amount = parseDollars(text)
	return amount === null ? text.trim() : formatDollars(amount, { cents: 'auto' })
}
