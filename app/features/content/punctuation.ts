/**
 * A staff-entered value (a company name such as "Example Lending Co.", a licence number) followed by
 * the punctuation of the sentence it ends, without a doubled period: "Co." + "." is "Co.", while
 * "Co." + "," stays "Co.,". Every sentence that ends in such a value goes through here.
 */
export function withPunctuation(value: string, mark: '.' | ',' | ';' | ':' | '!' | '?') {
	const text = value.trimEnd()
	if (mark === '.' && /[.!?…]$/.test(text)) return text
	return `${text}${mark}`
}
