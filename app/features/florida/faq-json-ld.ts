import type { FaqItem } from './florida-faq.ts'

/** schema.org FAQPage data for search engines (spec 2 §2: FAQ structured data). */
export function faqPageData(items: readonly FaqItem[]) {
	return {
		'@context': 'https://schema.org',
		'@type': 'FAQPage',
		mainEntity: items.map((item) => ({
			'@type': 'Question',
			name: item.question,
			acceptedAnswer: { '@type': 'Answer', text: item.answer },
		})),
	}
}

/**
 * The FAQPage data as text for an inline <script type="application/ld+json">. '<' is escaped so
 * no answer can close the script element early; '>', '&' and the JS line separators for good measure.
 */
export function faqJsonLd(items: readonly FaqItem[]) {
	return JSON.stringify(faqPageData(items))
		.replace(/</g, '\\u003c')
		.replace(/>/g, '\\u003e')
		.replace(/&/g, '\\u0026')
		.replace(/\u2028/g, '\\u2028')
		.replace(/\u2029/g, '\\u2029')
}
