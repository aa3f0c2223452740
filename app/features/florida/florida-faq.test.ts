import { describe, expect, test } from 'vitest'
import { faqJsonLd, faqPageData } from './faq-json-ld.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { fillFiguresDeep } from '#app/features/products/figures.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { advertisedProducts } from '#app/features/products/sheet-figures.ts'
import { floridaFaq } from './florida-faq.ts'

describe('Florida DSCR FAQ', () => {
	test('has exactly 15 questions (spec 2 §2)', () => {
		expect(floridaFaq).toHaveLength(15)
	})

	test('every question and answer has text', () => {
		for (const item of floridaFaq) {
			expect(item.question.trim()).not.toBe('')
			expect(item.answer.trim()).not.toBe('')
		}
	})

	test('questions are unique', () => {
		const questions = floridaFaq.map((item) => item.question.trim().toLowerCase())
		expect(new Set(questions).size).toBe(questions.length)
	})

	test('answers state the Florida claims of spec 2 §9, with the seeded DSCR figures and rate sheet filled in', () => {
		// docs/decisions/0072: the seeded sheet gives the specification's figures, and the answers print them from it.
		const { dscr } = advertisedProducts(defaultContent().loanProducts, SEED_RATE_SHEET)
		const answers = fillFiguresDeep(floridaFaq, { dscr })
			.map((item) => item.answer)
			.join(' ')
		for (const claim of [
			'start from 5.875%',
			'up to 80% of the property',
			'go up to 80% LTV',
			'15 to 21 days',
			'24 hours',
			'The minimum DSCR is 1.0,',
			'A DSCR of 1.20 or higher',
			'The minimum credit score is 620.',
			'a score of 700 or higher',
			'at least 20%',
			'We use 75% of the property’s market rent',
			'The 25% allowance',
			'limited to the first 1-3 years',
			'small commercial properties of 5-10 units',
			'under 60 seconds',
		]) {
			expect(answers).toContain(claim)
		}
	})
})

describe('faqJsonLd', () => {
	test('describes a schema.org FAQPage with one Question per FAQ item', () => {
		const data = JSON.parse(faqJsonLd(floridaFaq))
		expect(data['@context']).toBe('https://schema.org')
		expect(data['@type']).toBe('FAQPage')
		expect(data.mainEntity).toHaveLength(15)
		data.mainEntity.forEach(
			(entry: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }, index: number) => {
				expect(entry['@type']).toBe('Question')
				expect(entry.name).toBe(floridaFaq[index]!.question)
				expect(entry.acceptedAnswer['@type']).toBe('Answer')
				expect(entry.acceptedAnswer.text).toBe(floridaFaq[index]!.answer)
			},
		)
	})

	test('escapes "<" so an answer cannot close the script element', () => {
		const items = [{ question: 'Is 1 < 2?', answer: 'Yes </script><script>alert(1)</script>' }]
		const text = faqJsonLd(items)
		expect(text).not.toContain('<')
		expect(text).toContain('\\u003c')
		expect(JSON.parse(text)).toEqual(faqPageData(items))
	})
})
