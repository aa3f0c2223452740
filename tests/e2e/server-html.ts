/** Reads the head of a server-rendered page without a browser: what a crawler sees. */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

export function decodeEntities(text: string) {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
		if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16))
		if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)))
		return entities[code.toLowerCase()] ?? match
	})
}

function attributesOf(tag: string) {
	const attributes: Record<string, string> = {}
	for (const [, name, value] of tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) attributes[name!.toLowerCase()] = decodeEntities(value!)
	return attributes
}

export function readHead(html: string) {
	const titles = [...html.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/g)].map(([, text]) => decodeEntities(text!).trim())
	const metas = [...html.matchAll(/<meta\s[^>]*>/g)].map(([tag]) => attributesOf(tag))
	const links = [...html.matchAll(/<link\s[^>]*>/g)].map(([tag]) => attributesOf(tag))
	return {
		titles,
		meta: (key: string) => metas.find((meta) => meta.name === key || meta.property === key)?.content,
		links: (rel: string) => links.filter((link) => link.rel === rel).map((link) => link.href),
	}
}

/** The text of every element of one tag, with inner tags removed and spaces collapsed. */
export function textsOf(html: string, tag: string) {
	return [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, inner]) =>
		decodeEntities(inner!.replace(/<[^>]+>/g, ' '))
			.replace(/\s+/g, ' ')
			.trim(),
	)
}
