/**
 * A name may hold letters, spaces, apostrophes, hyphens and periods only (the contact step's rule), so a bench that
 * tells its borrowers apart by a number spells each digit as a letter: 0 → a, 1 → b, … 9 → j.
 */
export function numberAsLetters(value: number) {
	return String(value).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)
}
