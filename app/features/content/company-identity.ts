/**
 * docs/decisions/0080: the site's name and the logo's initials come from the company name, so a rename
 * shows everywhere at once. Pure: imported by the content schema, the logo and the page titles.
 */

/** The first letters of the name's first two words: "Harbor Point Capital" -> "HP". */
export function initialsOf(name: string) {
	return name
		.split(/\s+/)
		.filter((word) => /^\p{L}/u.test(word))
		.slice(0, 2)
		.map((word) => word[0]!.toUpperCase())
		.join('')
}

/** The logo's letters: the ones staff chose, or else the company name's own. */
export function logoInitials(company: { name: string; initials: string }) {
	return company.initials || initialsOf(company.name) || company.name.trim().slice(0, 1).toUpperCase()
}
