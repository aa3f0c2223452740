import { performance } from 'node:perf_hooks'
import { defaultContent } from '../app/features/content/content-defaults.ts'
import { termSheetPdf } from '../app/features/leads/terms/term-sheet-pdf.server.ts'
import { termSheetFigures } from '../app/features/leads/terms/term-sheet.server.ts'
import { termsRequest } from '../app/features/pricing/borrower-terms.ts'
import { priceRequest, pricingRequestSchema } from '../app/features/pricing/pricing-request.ts'
import { SEED_RATE_SHEET } from '../app/features/pricing/seed-rate-sheet.ts'
import { refinanceAnswers } from '../tests/lead-fixtures.ts'
import { requestRate } from './page-throughput.ts'
import { serveSite } from './serve.ts'
import type { BenchReport, Benchmark } from './types.ts'

/**
 * docs/decisions/0095: the term sheet's PDF is made in under 300 ms p95 in process, and /verify/<code> serves at least
 * half the rate of a static file of the same server (16 connections, gzip, each measured right after the static file).
 */
const pdfTargetMs = 300
const pdfRuns = 200
const verifyTargetRatio = 0.5
const downloadRuns = 30

const answers = refinanceAnswers
const refinements = { ficoBand: '740-759' as const, monthlyRent: 4200, annualTaxes: 9000 }
const choice = { prepayment: '3-2-1' as const, points: 1 }

const percentile = (values: number[], share: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!
const round = (ms: number) => Math.round(ms * 10) / 10

/** A term sheet document as the API makes it: the seeded sheet's pricing of a DSCR cash-out, the default company. */
function sampleDocument() {
	const terms = termsRequest(answers, refinements, choice)!
	const request = pricingRequestSchema.parse(terms.request)
	const response = priceRequest(SEED_RATE_SHEET, 1, request)
	const figures = termSheetFigures({ answers, terms, request, response })
	if (typeof figures === 'string') throw new Error(`the sample prices no term sheet: ${figures}`)
	const content = defaultContent()
	const now = new Date()
	return {
		id: crypto.randomUUID(),
		code: '7KQ2MX9D4R',
		verifyUrl: 'https://lender.example.com/verify/7KQ2MX9D4R',
		figures,
		address: answers.propertyFullAddress,
		officer: 'Maria Officer',
		rateSheetVersion: 1,
		createdAt: now,
		expiresAt: new Date(now.getTime() + 10 * 86_400_000),
		timeZone: content.settings.timeZone,
		statement: { text: 'I confirm that the loan I am requesting is for business or investment purposes only.', at: now },
		company: content.company,
	}
}

/** A lead on the served site with its business-purpose statement: what the terms panel has when it downloads. */
async function statedLead(url: string) {
	const post = (path: string, body: unknown, token?: string) =>
		fetch(`${url}${path}`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				Origin: url,
				'Idempotency-Key': crypto.randomUUID(),
				...(token ? { Authorization: `Bearer ${token}` } : {}),
			},
			body: JSON.stringify(body),
		})
	const { CONSENT_VERSION } = await import('../app/features/quote-wizard/consent.ts')
	const { PURPOSE_STATEMENT_VERSION } = await import('../app/features/pricing/borrower-terms.ts')
	const formData = { ...answers, firstName: 'Bench', lastName: 'Borrower', email: 'bench@example.com', phone: '(949) 555-0199' }
	const created = await post('/api/leads', { formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION })
	if (created.status !== 201) throw new Error(`lead not created: ${created.status} ${await created.text()}`)
	const { id, token } = (await created.json()) as { id: string; token: string }
	const stated = await post(
		`/api/leads/${id}/purpose`,
		{ statement: 'business-purpose', statementVersion: PURPOSE_STATEMENT_VERSION },
		token,
	)
	if (!stated.ok) throw new Error(`statement refused: ${stated.status}`)
	return { download: () => post(`/api/leads/${id}/term-sheet`, { refinements, choice }, token) }
}

export const termSheetBenchmark: Benchmark = {
	name: 'term-sheet',
	async run(): Promise<BenchReport> {
		// In process: the PDF alone, from a priced document (warmed up first, as a running server is).
		const document = sampleDocument()
		for (let index = 0; index < 10; index++) await termSheetPdf(document)
		const pdfTimes: number[] = []
		let bytes = 0
		for (let index = 0; index < pdfRuns; index++) {
			const started = performance.now()
			bytes = (await termSheetPdf(document)).length
			pdfTimes.push(performance.now() - started)
		}
		const pdfP95 = percentile(pdfTimes, 0.95)

		const site = await serveSite(undefined, { env: { LEAD_RATE_LIMIT_PER_HOUR: '0' } })
		// Over HTTP, for the record: the whole download (token, limits, pricing, the row, the history, the PDF).
		const lead = await statedLead(site.url)
		let code = ''
		const downloadTimes: number[] = []
		for (let index = 0; index < downloadRuns; index++) {
			const started = performance.now()
			const response = await lead.download()
			await response.arrayBuffer()
			downloadTimes.push(performance.now() - started)
			if (response.status !== 200) throw new Error(`term sheet download answered ${response.status}`)
			code = response.headers.get('X-Term-Sheet-Code')!
		}
		const home = await (await fetch(site.url)).text()
		const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
		if (!stylesheet) throw new Error('no stylesheet link in the home page')
		await fetch(`${site.url}/verify/${code}`)
		const staticRate = await requestRate(`${site.url}${stylesheet}`)
		const verify = await requestRate(site.url, () => `/verify/${code}`)
		await site.stop()
		const ratio = verify.perSecond / staticRate.perSecond

		const pdfMet = pdfP95 < pdfTargetMs
		const verifyMet = ratio >= verifyTargetRatio && verify.non2xx === 0
		return {
			title: `Term sheets: the PDF in process (${pdfRuns} runs), the download over HTTP (${downloadRuns}), /verify/<code> against a static file`,
			columns: ['measure', 'median', 'p95 / rate', 'target', 'result'],
			rows: [
				[
					`PDF made in process (${Math.round(bytes / 1024)} KB)`,
					`${round(percentile(pdfTimes, 0.5))} ms`,
					`${round(pdfP95)} ms`,
					`p95 < ${pdfTargetMs} ms`,
					pdfMet ? 'met' : 'missed',
				],
				[
					'POST /api/leads/:id/term-sheet over HTTP',
					`${round(percentile(downloadTimes, 0.5))} ms`,
					`${round(percentile(downloadTimes, 0.95))} ms`,
					'(for the record)',
					'',
				],
				[
					`/verify/<code>: ${Math.round(verify.perSecond)} req/s, static file ${Math.round(staticRate.perSecond)} req/s`,
					`p99 ${verify.p99} ms`,
					`${Math.round(ratio * 100)}% of static`,
					`≥ ${verifyTargetRatio * 100}%`,
					verifyMet ? 'met' : `missed${verify.non2xx ? ` (${verify.non2xx} non-2xx)` : ''}`,
				],
			],
			summary: [
				pdfMet && verifyMet ? 'Targets met.' : 'Target missed.',
				'Both sides of the page rate share the machine with autocannon itself; ratios are comparable, absolute rates are not.',
			],
			targetsMet: pdfMet && verifyMet,
		}
	},
}
