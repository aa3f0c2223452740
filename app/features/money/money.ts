// Money as the lead's answers and the calculators write it: typed text in, US dollars out.

/**
 * Reads typed numeric text: '$', commas, '%' and spaces are ignored, so "$3,410.50" is 3410.5.
 * Empty or non-numeric text is NaN.
 */
export function parseNumberText(text: string) {
	const cleaned = text.replace(/[$,%\s]/g, '')
	return cleaned === '' ? Number.NaN : Number(cleaned)
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const centsDollars = new Intl.NumberFormat('en-US', {
	style: 'currency',
	currency: 'USD',
	minimumFractionDigits: 2,
	maximumFractionDigits: 2,
})

/** A number as whole US dollars: 500000 -> "$500,000". */
export const formatWholeDollars = (amount: number) => wholeDollars.format(Math.round(amount))
export const formatDollarsAndCents = (amount: number) => centsDollars.format(amount)

/**
 * spec 1 §5: formats numeric text as whole US dollars; returns empty text when the text is empty or
 * has no digits. Already formatted text ("$1,250") is read by its digits.
 */
export function formatDollarText(text: string): string {
	const digits = text.replace(/[^\d.]/g, '').split('.')[0] ?? ''
	if (digits === '') return ''
	return formatWholeDollars(Number(digits))
}
