import type { LoanProduct, LoanProductKey, LoanProducts } from '#app/features/content/content-schemas.ts'

/** spec 2 §2: the editor's tabs, in order. */
export const loanProductTabs: { key: LoanProductKey; label: string }[] = [
	{ key: 'dscr', label: 'DSCR Loans' },
	{ key: 'bridge', label: 'Bridge Loans' },
	{ key: 'construction', label: 'Construction' },
	{ key: 'fixFlip', label: 'Fix & Flip' },
]

export const MAX_FEATURES = 20
export const MAX_TERMS = 8

/** List rows carry an id so React keeps each input's focus when a row above is removed. */
export type FeatureRow = { id: string; text: string }
export type TermRow = { id: string; label: string; value: string }

/** A product as typed: figures stay text until saved so the server can say what is wrong with them. */
export type LoanProductForm = {
	title: string
	description: string
	minRate: string
	apr?: string
	maxLTV: string
	minLoanAmount: string
	maxLoanAmount: string
	minTermMonths: string
	maxTermMonths: string
	features: FeatureRow[]
	terms: TermRow[]
}
export type LoanProductsForm = Record<LoanProductKey, LoanProductForm>

let rowCounter = 0
export const newRowId = () => `row-${++rowCounter}`

function toProductForm(product: LoanProduct & { apr?: number }): LoanProductForm {
	return {
		title: product.title,
		description: product.description,
		minRate: String(product.minRate),
		...(product.apr === undefined ? {} : { apr: String(product.apr) }),
		maxLTV: String(product.maxLTV),
		minLoanAmount: String(product.minLoanAmount),
		maxLoanAmount: String(product.maxLoanAmount),
		minTermMonths: String(product.minTermMonths),
		maxTermMonths: String(product.maxTermMonths),
		features: product.features.map((text) => ({ id: newRowId(), text })),
		terms: product.terms.map(({ label, value }) => ({ id: newRowId(), label, value })),
	}
}

export function toLoanProductsForm(products: LoanProducts): LoanProductsForm {
	return {
		dscr: toProductForm(products.dscr),
		bridge: toProductForm(products.bridge),
		construction: toProductForm(products.construction),
		fixFlip: toProductForm(products.fixFlip),
	}
}

/**
 * A typed figure as the document holds it: "$75,000" → 75000, "7.5%" → 7.5; empty is left out and
 * anything else is sent as typed, so the schema answers with its message.
 */
export function figure(text: string): number | string | undefined {
	const cleaned = text.replace(/[$,%\s]/g, '')
	if (cleaned === '') return undefined
	const value = Number(cleaned)
	return Number.isFinite(value) ? value : text
}

function toProductPayload(form: LoanProductForm) {
	return {
		title: form.title,
		description: form.description,
		minRate: figure(form.minRate),
		...(form.apr === undefined ? {} : { apr: figure(form.apr) }),
		maxLTV: figure(form.maxLTV),
		minLoanAmount: figure(form.minLoanAmount),
		maxLoanAmount: figure(form.maxLoanAmount),
		minTermMonths: figure(form.minTermMonths),
		maxTermMonths: figure(form.maxTermMonths),
		features: form.features.map((row) => row.text),
		terms: form.terms.map(({ label, value }) => ({ label, value })),
	}
}

/** The loanProducts document to post. */
export function toLoanProductsPayload(form: LoanProductsForm) {
	return {
		dscr: toProductPayload(form.dscr),
		bridge: toProductPayload(form.bridge),
		construction: toProductPayload(form.construction),
		fixFlip: toProductPayload(form.fixFlip),
	}
}
