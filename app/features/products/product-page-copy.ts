/** Icons the benefits grid can show; the page component maps each name to an icon. */
export type BenefitIcon =
	| 'building'
	| 'calendar'
	| 'clock'
	| 'fileCheck'
	| 'hammer'
	| 'home'
	| 'key'
	| 'layers'
	| 'percent'
	| 'trendingUp'
	| 'users'
	| 'wallet'
	| 'zap'

export type ProcessStep = { title: string; text: string }

/**
 * The static copy of one product page (spec 1 §2). The hero title and description, features and terms
 * come from the staff-editable loan product record; every rate, LTV, loan amount and term in the copy
 * is a token ("{bridge.maxLTV}") filled in from that record (docs/decisions/0033).
 */
export type ProductPageCopy = {
	/** Short label above the hero title. */
	eyebrow: string
	explanation: {
		heading: string
		paragraphs: string[]
		idealFor: string[]
		link?: { to: string; label: string }
	}
	benefits: { heading: string; items: { icon: BenefitIcon; title: string; text: string }[] }
	process: { heading: string; steps: readonly [ProcessStep, ProcessStep, ProcessStep, ProcessStep, ProcessStep] }
	qualifications: { heading: string; intro: string; items: string[] }
	termsHeading: string
	/** The first rows of the terms card: the record's figures. */
	figureTerms: { label: string; value: string }[]
	faq: { question: string; answer: string }[]
	cta: { heading: string; text: string }
}
