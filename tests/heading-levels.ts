/**
 * Headings in document order, checked as the Nu HTML checker and WCAG 1.3.1 read an outline: the page starts at
 * one h1, and no heading goes more than one level deeper than the one before it (an h3 straight under the h1
 * skips a level). Shared by the rendered-HTML test of every dashboard screen and the browser checks.
 */
export type Heading = { level: number; text: string }

export function skippedHeadingLevels(headings: readonly Heading[]): string[] {
	const problems: string[] = []
	if (headings[0] && headings[0].level !== 1) problems.push(`the first heading is h${headings[0].level} "${headings[0].text}", not h1`)
	headings.forEach((heading, index) => {
		const previous = headings[index - 1]
		if (previous && heading.level > previous.level + 1)
			problems.push(`h${heading.level} "${heading.text}" follows h${previous.level} "${previous.text}"`)
	})
	return problems
}

/** The headings of server-rendered HTML: h1-h6 elements and elements with role="heading" and an aria-level. */
export function headingsOf(html: string): Heading[] {
	const text = (inner: string) =>
		inner
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim()
	const found: Array<Heading & { at: number }> = []
	for (const match of html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g))
		found.push({ level: Number(match[1]), text: text(match[2]!), at: match.index })
	for (const match of html.matchAll(/<(\w+)\b(?=[^>]*\brole="heading")(?=[^>]*\baria-level="(\d)")[^>]*>([\s\S]*?)<\/\1>/g))
		found.push({ level: Number(match[2]), text: text(match[3]!), at: match.index })
	return found.sort((a, b) => a.at - b.at).map(({ level, text }) => ({ level, text }))
}
