import { Printer } from 'lucide-react'
import { formatBuildUpPercent, formatRate } from '#app/features/pricing/rate-format.ts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { useWizardCompany, useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import { parseDollars } from '#app/features/money/money.ts'
import {
	PURPOSE_STATEMENT_VERSION,
	type PurposeStatement,
	type TermsChoiceInput,
	type TermsRefinements,
	ownerOccupantMessage,
	purposeStatementText,
	scenarioNotes,
	termsRefinementsSchema,
	termsRequest,
} from '#app/features/pricing/borrower-terms.ts'
import { experienceShortfallMessage, isExperienceShortfall } from '#app/features/pricing/experience-shortfall.ts'
import type { DscrQuote } from '#app/features/pricing/dscr-pricing.ts'
import type { PricingResponse, TermsChoice } from '#app/features/pricing/pricing-request.ts'
import type { ShortTermQuote } from '#app/features/pricing/short-term-pricing.ts'
import { FICO_BANDS, type FicoBand } from '#app/features/pricing/rate-sheet.ts'
import { previewTerms } from '#app/features/pricing/terms-preview.ts'
import { postJson } from '#app/features/quote-wizard/submit.ts'
import { FICO_SCORES_DETAILED } from '#app/features/quote-wizard/options.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'

/**
 * docs/decisions/0066: the indicative terms on the wizard's thank-you screens. The lead is already committed; the
 * borrower states the loan's purpose, then reads terms for their own scenario (the rate per credit band until a band
 * is picked, then a grid of prepayment options × points), can change rent, taxes, insurance and HOA, sees how the
 * rate is built, chooses terms (recorded, e-mailed) and prints a one-page term sheet.
 */

type Inputs = { ficoBand: string; monthlyRent: string; annualTaxes: string; annualInsurance: string; monthlyHoa: string }
const EMPTY_INPUTS: Inputs = { ficoBand: '', monthlyRent: '', annualTaxes: '', annualInsurance: '', monthlyHoa: '' }
const MONEY_INPUTS = [
	['monthlyRent', 'Monthly rent'],
	['annualTaxes', 'Property taxes a year'],
	['annualInsurance', 'Insurance a year'],
	['monthlyHoa', 'HOA dues a month'],
] as const
/** A typed change re-prices after this pause; the copy of what was shown is kept after a longer one. */
const REPRICE_DELAY_MS = 250
const RECORD_DELAY_MS = 1500

const purposeKey = (leadId: string) => `quote-purpose:${leadId}`
const money = (amount: string | number | null | undefined) =>
	amount === null || amount === undefined
		? '—'
		: `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const wholeDollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`
const bandLabel = (band: string) => FICO_SCORES_DETAILED.find((option) => option.value === band)?.label ?? band
const isDscr = (quote: DscrQuote | ShortTermQuote): quote is DscrQuote => 'dscrAssumed' in quote

/** An amount as people type it: digits with optional $, commas and cents. */
const AMOUNT = /^\$?\s*\d[\d,]*(\.\d{1,2})?$/
const AMOUNT_MESSAGE = 'Enter an amount in dollars, like $2,500'

/** The long form's answers that the fields show: its credit band, rent and HOA (typed as they were). */
function inputsFromAnswers(data: LoanFormData): Inputs {
	// Not asked yet (the short form): the rent the DSCR calculator carried in, if any (docs/decisions/0075).
	const rent = data.currentlyRented === 'yes' ? data.monthlyRent : data.estimatedMonthlyRent
	const hoa = data.hasMonthlyHOA === 'yes' ? data.monthlyHOAAmount : data.hasMonthlyHOA === 'no' ? '0' : ''
	return {
		...EMPTY_INPUTS,
		ficoBand: (FICO_BANDS as readonly string[]).includes(data.ficoScoreDetailed ?? '') ? data.ficoScoreDetailed! : '',
		monthlyRent: rent ?? '',
		monthlyHoa: hoa ?? '',
	}
}

/** The typed refinements, checked with the schema the server uses; field messages for what does not pass. */
function refinementsOf(inputs: Inputs): { value: TermsRefinements; errors: Partial<Record<keyof Inputs, string>> } {
	const raw: Record<string, unknown> = {}
	const typing: Partial<Record<keyof Inputs, string>> = {}
	if (inputs.ficoBand) raw.ficoBand = inputs.ficoBand
	for (const [field] of MONEY_INPUTS) {
		const text = inputs[field].trim()
		if (text === '') continue
		const amount = AMOUNT.test(text) ? parseDollars(text) : null
		if (amount === null) typing[field] = AMOUNT_MESSAGE
		else raw[field] = Math.round(amount)
	}
	const parsed = termsRefinementsSchema.safeParse(raw)
	if (parsed.success && Object.keys(typing).length === 0) return { value: parsed.data, errors: {} }
	if (parsed.success) return { value: parsed.data, errors: typing }
	const errors = { ...fieldErrors<keyof Inputs>(parsed.error), ...typing }
	const valid = Object.fromEntries(Object.entries(raw).filter(([field]) => !(field in errors)))
	return { value: valid as TermsRefinements, errors }
}

export function TermsPanel() {
	const { formData, leadToken } = useLoanForm()
	const company = useWizardCompany()
	const minExperienceByProgram = useWizardEnv().data.minExperienceByProgram
	// The long thank-you screen clears the stored application as it opens: the token is read first.
	const [token] = useState(() => leadToken())
	const leadId = formData.leadId ?? null
	const [statement, setStatement] = useState<PurposeStatement | null>(() =>
		leadId ? (sessionStorage.getItem(purposeKey(leadId)) as PurposeStatement | null) : null,
	)
	const [answer, setAnswer] = useState<PurposeStatement | ''>('')
	const [answerError, setAnswerError] = useState('')
	const [stating, setStating] = useState(false)
	// The long form's answers fill the fields they priced (credit band, rent, HOA), so what is shown is what is priced.
	const [inputs, setInputs] = useState<Inputs>(() => inputsFromAnswers(formData))
	// No choice yet: the sheet's default prepayment option with no points prices the terms (docs/decisions/0072).
	const [choice, setChoice] = useState<TermsChoiceInput>()
	const [terms, setTerms] = useState<PricingResponse | null>(null)
	const [unavailable, setUnavailable] = useState(false)
	const [choosing, setChoosing] = useState(false)
	const [chosen, setChosen] = useState<PricingResponse | null>(null)
	const [problem, setProblem] = useState('')

	const refinements = useMemo(() => refinementsOf(inputs), [inputs])
	/** The band the answers give (the long form's detailed FICO), read once per answers rather than every render. */
	const answersBand = useMemo(() => termsRequest(formData)?.request.ficoBand, [formData])
	const band = refinements.value.ficoBand ?? answersBand
	/** A DSCR loan with a credit band is priced for the cell chosen in its grid. */
	const dscrChoice = formData.loanProgram === 'dscr' && band !== undefined
	const scenario = useMemo(
		() => termsRequest(formData, refinements.value, dscrChoice ? choice : undefined),
		[formData, refinements.value, dscrChoice, choice],
	)
	const requestKey = scenario ? JSON.stringify(scenario.request) : ''
	/** The request whose answer is on screen: Choose waits until it is the current one. */
	const [shownKey, setShownKey] = useState('')
	const upToDate = shownKey === requestKey

	// Shown terms follow every change at once (the public pricing API: figures only, never who is asking).
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs when the request changes (requestKey is its text); the first answer comes without a pause
	useEffect(() => {
		if (!scenario) return
		let current = true
		const timer = setTimeout(
			() => {
				void previewTerms(scenario.request).then((answer) => {
					if (!current) return
					if (answer) {
						setTerms(answer)
						setShownKey(requestKey)
					}
					setUnavailable(answer === null)
				})
			},
			terms ? REPRICE_DELAY_MS : 0,
		)
		return () => {
			current = false
			clearTimeout(timer)
		}
	}, [requestKey])

	// Terms changed after a choice are not the chosen ones any more.
	const chosenKey = useRef('')
	useEffect(() => {
		setChosen((previous) => (previous && chosenKey.current !== requestKey ? null : previous))
	}, [requestKey])

	// After "This is me" the focus goes to the grid that replaces the table.
	const pickedBand = useRef(false)
	useEffect(() => {
		if (!pickedBand.current || !terms || terms.quotes.length !== 1) return
		pickedBand.current = false
		document.getElementById('terms-choices')?.focus()
	}, [terms])

	// The lead keeps a frozen copy of the terms shown, once the borrower has stopped changing them.
	const recorded = useRef('')
	useEffect(() => {
		if (statement !== 'business-purpose' || !leadId || !token || !scenario || recorded.current === requestKey) return
		const timer = setTimeout(
			() => {
				recorded.current = requestKey
				void postJson(
					`/api/leads/${leadId}/quotes`,
					{ event: 'presented', refinements: refinements.value, ...(dscrChoice ? { choice } : {}) },
					{ idempotencyKey: crypto.randomUUID(), token, delays: [] },
				)
			},
			recorded.current === '' ? 0 : RECORD_DELAY_MS,
		)
		return () => clearTimeout(timer)
	}, [statement, leadId, token, requestKey, scenario, refinements.value, choice, dscrChoice])

	if (!scenario || !leadId || !token) return null

	async function state(event: React.FormEvent) {
		event.preventDefault()
		if (!answer) {
			setAnswerError('Choose how the property will be used')
			document.getElementById('purpose-business')?.focus()
			return
		}
		setStating(true)
		const result = await postJson(
			`/api/leads/${leadId}/purpose`,
			{ statement: answer, statementVersion: PURPOSE_STATEMENT_VERSION },
			{ idempotencyKey: crypto.randomUUID(), token: token! },
		)
		setStating(false)
		const stated = !result.ok && result.status === 409 ? (result.body?.statement as PurposeStatement | undefined) : undefined
		if (stated) {
			sessionStorage.setItem(purposeKey(leadId!), stated)
			setStatement(stated)
			return
		}
		if (!result.ok) {
			setAnswerError(`${result.message || 'We could not record your answer.'} You can also call us at ${company.phone}.`)
			return
		}
		sessionStorage.setItem(purposeKey(leadId!), answer)
		setStatement(answer)
		// The terms replace the form: the focus goes to their heading, not to the page's start.
		requestAnimationFrame(() => document.getElementById('terms-title')?.focus())
	}

	async function choose() {
		if (!band || !upToDate) return
		setChoosing(true)
		setProblem('')
		const result = await postJson<{ terms: PricingResponse }>(
			`/api/leads/${leadId}/quotes`,
			{ event: 'chosen', refinements: { ...refinements.value, ficoBand: band }, ...(dscrChoice ? { choice } : {}) },
			{ idempotencyKey: crypto.randomUUID(), token: token! },
		)
		setChoosing(false)
		if (!result.ok) {
			setProblem(`${result.message || 'We could not record your choice.'} You can also call us at ${company.phone}.`)
			return
		}
		chosenKey.current = requestKey
		setChosen(result.body.terms)
		setTerms(result.body.terms)
		setShownKey(requestKey)
	}

	function printTermSheet() {
		// The term sheet prints its build-up open, and nothing of the page around it.
		for (const details of document.querySelectorAll<HTMLDetailsElement>('[data-term-sheet] details')) details.open = true
		document.documentElement.classList.add('printing-terms')
		window.addEventListener('afterprint', () => document.documentElement.classList.remove('printing-terms'), { once: true })
		window.print()
	}

	const title = (
		<h2 id="terms-title" tabIndex={-1} className="text-xl font-bold text-brand-900 focus:outline-none">
			Your indicative terms
		</h2>
	)

	if (statement === 'owner-occupant') {
		return (
			<section aria-labelledby="terms-title" className="mx-auto mt-10 max-w-2xl rounded-xl border border-slate-200 p-5 text-left">
				{title}
				<p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="owner-occupant-message">
					{ownerOccupantMessage(company)}
				</p>
			</section>
		)
	}

	if (statement !== 'business-purpose') {
		return (
			<section aria-labelledby="terms-title" className="mx-auto mt-10 max-w-2xl rounded-xl border border-slate-200 p-5 text-left">
				{title}
				<p className="mt-1 text-slate-700">
					Your terms are ready. We lend to real estate investors only, so first tell us how the property will be used.
				</p>
				<form onSubmit={state} noValidate className="mt-4 space-y-3">
					<fieldset aria-describedby={answerError ? 'purpose-error' : undefined}>
						<legend className="font-semibold text-slate-900">How will the property be used?</legend>
						{(['business-purpose', 'owner-occupant'] as const).map((value) => (
							<label
								key={value}
								className="mt-2 flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50"
							>
								<input
									id={value === 'business-purpose' ? 'purpose-business' : 'purpose-owner'}
									type="radio"
									name="purpose"
									value={value}
									checked={answer === value}
									onChange={() => {
										setAnswer(value)
										setAnswerError('')
									}}
									className="mt-1 h-4 w-4 accent-brand-700"
								/>
								<span className="text-sm text-slate-900">{purposeStatementText(value, company)}</span>
							</label>
						))}
					</fieldset>
					{answerError ? (
						<p id="purpose-error" role="alert" className="text-sm font-medium text-red-700">
							{answerError}
						</p>
					) : null}
					<button
						type="submit"
						disabled={stating}
						className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
					>
						{stating ? 'Saving...' : 'Show my terms'}
					</button>
				</form>
			</section>
		)
	}

	// docs/decisions/0074: too few completed projects is one message with the next step, not a refusal per band.
	const shortfall =
		terms && scenario.request.program !== 'dscr' && isExperienceShortfall(terms)
			? experienceShortfallMessage(scenario.request.program, minExperienceByProgram?.[scenario.request.program] ?? 1, company)
			: null
	const perBand = !shortfall && terms && terms.quotes.length > 1
	const quote = !shortfall && terms && terms.quotes.length === 1 ? terms.quotes[0]!.quote : null
	const notes = scenarioNotes(scenario)
	// Every band's quote assumes the same taxes, insurance, HOA and DSCR: the first one's are listed.
	const first = terms?.quotes[0]?.quote
	// A short-term loan's term is the sheet's, the same for every band (docs/decisions/0074).
	const term = first && !isDscr(first) ? `${first.termMonths}-month term, interest-only` : null
	const assumptions = [...scenario.assumed, ...(first && isDscr(first) ? first.assumptions : [])]
	const printedOn = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

	return (
		<section
			aria-labelledby="terms-title"
			className="mx-auto mt-10 max-w-2xl rounded-xl border border-slate-200 p-5 text-left"
			data-term-sheet
			data-testid="terms-panel"
		>
			<div className="hidden print:block">
				<p className="text-lg font-bold">{company.name}: indicative term sheet</p>
				<p className="text-sm">
					Prepared for {formData.firstName} {formData.lastName} on {printedOn}
				</p>
			</div>
			{title}
			<p className="mt-1 text-sm text-slate-700" data-testid="terms-scenario">
				{scenarioLine(scenario.request)}
				{term ? `; ${term}` : ''}
			</p>
			{notes.length > 0 ? (
				<ul className="mt-2 space-y-1 text-sm font-medium text-slate-900" data-testid="terms-notes">
					{notes.map((line) => (
						<li key={line}>{line}</li>
					))}
				</ul>
			) : null}

			<div className={`mt-4 grid gap-3 sm:grid-cols-2 print:hidden ${shortfall ? 'hidden' : ''}`}>
				<label className="block text-sm font-medium text-slate-900">
					Your credit score
					<select
						value={inputs.ficoBand}
						onChange={(event) => setInputs({ ...inputs, ficoBand: event.target.value })}
						className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5"
					>
						<option value="">Not sure: show every band</option>
						{FICO_BANDS.map((value) => (
							<option key={value} value={value}>
								{bandLabel(value)}
							</option>
						))}
					</select>
				</label>
				{formData.loanProgram === 'dscr'
					? MONEY_INPUTS.map(([field, label]) => (
							<label key={field} className="block text-sm font-medium text-slate-900">
								{label}
								<input
									inputMode="numeric"
									maxLength={12}
									value={inputs[field]}
									placeholder={placeholderFor(field, terms?.quotes[0]?.quote ?? null)}
									aria-invalid={refinements.errors[field] ? true : undefined}
									aria-describedby={refinements.errors[field] ? `${field}-error` : undefined}
									onChange={(event) => setInputs({ ...inputs, [field]: event.target.value })}
									className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5 aria-invalid:border-red-600"
								/>
								{refinements.errors[field] ? (
									<span id={`${field}-error`} className="mt-1 block text-sm text-red-700">
										{refinements.errors[field]}
									</span>
								) : null}
							</label>
						))
					: null}
			</div>

			{shortfall ? (
				<p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="terms-experience">
					{shortfall}
				</p>
			) : !terms ? (
				<p role="status" className="mt-4 text-slate-700">
					{unavailable
						? `We could not price your scenario just now. A loan officer will send your terms, or call ${company.phone}.`
						: 'Pricing your scenario...'}
				</p>
			) : perBand ? (
				<BandTable
					terms={terms}
					onPick={(picked) => {
						setInputs({ ...inputs, ficoBand: picked })
						pickedBand.current = true
					}}
				/>
			) : quote ? (
				<>
					{terms.choices && terms.choices.length > 0 ? (
						<ChoiceGrid
							choices={terms.choices}
							selected={
								choice ?? { prepayment: terms.prepayment ?? (terms.choices[0]!.prepayment as TermsChoiceInput['prepayment']), points: 0 }
							}
							onSelect={setChoice}
						/>
					) : null}
					<QuoteDetails
						quote={quote}
						band={terms.quotes[0]!.ficoBand}
						interestOnly={scenario.request.program === 'dscr' && scenario.request.interestOnly}
					/>
				</>
			) : null}

			{assumptions.length > 0 ? (
				<div className="mt-4 text-sm text-slate-700">
					<p className="font-semibold text-slate-900">Assumed</p>
					<ul className="mt-1 list-disc pl-5" data-testid="terms-assumptions">
						{assumptions.map((line) => (
							<li key={line}>{line}</li>
						))}
					</ul>
				</div>
			) : null}
			{terms ? (
				<p className="mt-4 text-sm font-medium text-slate-900" data-testid="terms-notice">
					{terms.notice}
				</p>
			) : null}

			<div className="mt-5 flex flex-wrap gap-3 print:hidden">
				{quote?.eligible && band && upToDate ? (
					<button
						type="button"
						onClick={choose}
						disabled={choosing}
						className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600 disabled:opacity-60"
					>
						{choosing ? 'Saving...' : 'Choose these terms'}
					</button>
				) : null}
				{terms ? (
					<button
						type="button"
						onClick={printTermSheet}
						className="inline-flex items-center gap-2 rounded-md border-2 border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
					>
						<Printer className="h-4 w-4" aria-hidden="true" /> Print term sheet
					</button>
				) : null}
			</div>
			{chosen ? (
				<p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-green-900 print:hidden" data-testid="terms-chosen">
					Your choice is saved. We e-mailed these terms to {formData.email}, and your loan officer has them too.
				</p>
			) : null}
			{problem ? (
				<p role="alert" className="mt-4 text-sm font-medium text-red-700">
					{problem}
				</p>
			) : null}
		</section>
	)
}

function scenarioLine(request: NonNullable<ReturnType<typeof termsRequest>>['request']) {
	if (request.program === 'dscr') {
		const purpose = { purchase: 'DSCR purchase', 'rate-term': 'DSCR rate/term refinance', 'cash-out': 'DSCR cash-out refinance' }[
			request.purpose
		]
		const ltv = ((request.loanAmount / request.propertyValue) * 100).toFixed(2)
		return `${purpose}: a ${wholeDollars(request.loanAmount)} loan on a ${wholeDollars(request.propertyValue)} property (${ltv} % LTV), 30-year term${request.interestOnly ? ', interest-only' : ''}`
	}
	const label = { 'short-term-bridge': 'Bridge loan', 'fix-flip': 'Fix & flip loan', construction: 'Construction loan' }[request.program]
	if (request.refinance && request.loanAmount !== undefined)
		return `${label}: a ${wholeDollars(request.loanAmount)} refinance of a ${wholeDollars(request.acquisition)} property`
	return `${label}: ${wholeDollars(request.acquisition)} to buy${request.budget > 0 ? `, ${wholeDollars(request.budget)} of work` : ''}, worth ${wholeDollars(request.finishedValue)} when done`
}

function placeholderFor(field: (typeof MONEY_INPUTS)[number][0], quote: DscrQuote | ShortTermQuote | null) {
	if (!quote || !isDscr(quote) || !quote.monthly) return field === 'monthlyRent' ? 'e.g. $2,500' : ''
	if (field === 'annualTaxes') return `${wholeDollars(Number(quote.monthly.taxes) * 12)} assumed`
	if (field === 'annualInsurance') return `${wholeDollars(Number(quote.monthly.insurance) * 12)} assumed`
	if (field === 'monthlyHoa') return '$0 assumed'
	return 'e.g. $2,500'
}

/** No credit band yet: the rate for each band, the assumed DSCR stated; a tap picks the band. */
function BandTable({ terms, onPick }: { terms: PricingResponse; onPick: (band: FicoBand) => void }) {
	const dscr = terms.program === 'dscr'
	return (
		<div className="mt-4 overflow-x-auto print:overflow-visible">
			<table className="w-full text-left text-sm" data-testid="band-table">
				<caption className="mb-2 text-left text-slate-700">Rates by credit score. Pick yours to see your choices.</caption>
				<thead>
					<tr className="border-b border-slate-200 text-slate-700">
						<th scope="col" className="py-2 pr-2 font-semibold">
							Credit score
						</th>
						<th scope="col" className="py-2 pr-2 font-semibold">
							Rate
						</th>
						<th scope="col" className="py-2 pr-2 font-semibold">
							{dscr ? 'Payment' : 'Interest a month'}
						</th>
						<th scope="col" className="py-2 font-semibold">
							<span className="sr-only">Pick</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{terms.quotes.map(({ ficoBand, quote }) => (
						<tr key={ficoBand} className="border-b border-slate-100">
							<th scope="row" className="py-2 pr-2 font-medium text-slate-900">
								{bandLabel(ficoBand)}
							</th>
							<td className="py-2 pr-2 tabular-nums text-slate-900">
								{quote.rate ? (
									formatRate(quote.rate)
								) : (
									<>
										Not offered
										{quote.failures[0] ? <span className="block text-xs text-slate-700">{quote.failures[0].message}</span> : null}
									</>
								)}
							</td>
							<td className="py-2 pr-2 tabular-nums text-slate-900">
								{quote.rate ? money(isDscr(quote) ? quote.monthly?.payment : quote.monthlyInterest) : '—'}
							</td>
							<td className="py-2 text-right">
								<button type="button" onClick={() => onPick(ficoBand)} className="rounded px-2 py-1 font-semibold text-brand-700 underline">
									<span className="sr-only">{bandLabel(ficoBand)}: </span>This is me
								</button>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

const SHORT_PREPAYMENT: Record<string, string> = { '5-4-3-2-1': '5-4-3-2-1', '3-2-1': '3-2-1', '1-year': '1 year', none: 'None' }

/** DSCR with a band: every prepayment option × points; the selected cell is the priced quote below. */
function ChoiceGrid({
	choices,
	selected,
	onSelect,
}: {
	choices: TermsChoice[]
	selected: TermsChoiceInput
	onSelect: (choice: TermsChoiceInput) => void
}) {
	const points = [...new Set(choices.map((choice) => choice.points))]
	// Points buy the rate down only to the sheet's floor: say so where buying more changes nothing.
	const atFloor = choices.some((choice) =>
		choices.some((other) => other.prepayment === choice.prepayment && other.points > choice.points && other.rate === choice.rate),
	)
	const prepayments = [...new Set(choices.map((choice) => choice.prepayment))]
	return (
		<div className="mt-4 overflow-x-auto print:overflow-visible">
			<table
				id="terms-choices"
				tabIndex={-1}
				className="w-full table-fixed text-center text-sm focus:outline-none"
				data-testid="choice-grid"
			>
				<caption className="mb-2 text-left text-slate-700">
					Rate (%) by prepayment penalty and points bought. Tap one to see it below.
					{atFloor ? ' Where more points leave the rate the same, it is at our lowest rate.' : ''}
				</caption>
				<colgroup>
					<col className="w-24 sm:w-32" />
					{points.map((value) => (
						<col key={value} />
					))}
				</colgroup>
				<thead>
					<tr className="border-b border-slate-200 text-slate-700">
						<th scope="col" className="py-2 pr-1 text-left font-semibold">
							Prepayment <span className="block text-xs font-normal">by points</span>
						</th>
						{points.map((value) => (
							<th key={value} scope="col" className="px-0.5 py-2 font-semibold">
								<span className="sr-only">{value} points</span>
								<span aria-hidden="true">{value}</span>
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{prepayments.map((prepayment) => (
						<tr key={prepayment} className="border-b border-slate-100">
							<th scope="row" className="py-1 pr-1 text-left font-medium text-slate-900">
								{SHORT_PREPAYMENT[prepayment] ?? prepayment}
							</th>
							{points.map((value) => {
								const cell = choices.find((choice) => choice.prepayment === prepayment && choice.points === value)
								const isSelected = selected.prepayment === prepayment && selected.points === value
								return (
									<td key={value} className="px-0.5 py-1">
										{cell?.rate ? (
											<button
												type="button"
												aria-pressed={isSelected}
												aria-label={`${cell.label}, ${value} point${value === 1 ? '' : 's'}: ${formatRate(cell.rate)}, ${money(cell.payment)} a month`}
												onClick={() => onSelect({ prepayment: cell.prepayment as TermsChoiceInput['prepayment'], points: value })}
												className="min-h-11 w-full rounded-md border border-slate-200 px-0.5 py-1.5 text-xs tabular-nums text-slate-900 hover:border-brand-700 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white sm:text-sm"
											>
												{formatRate(cell.rate)}
											</button>
										) : (
											<span className="text-slate-600">—</span>
										)}
									</td>
								)
							})}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/** The priced quote: its figures, or the rules it fails and what would qualify; the build-up one tap away. */
function QuoteDetails({ quote, band, interestOnly }: { quote: DscrQuote | ShortTermQuote; band: FicoBand; interestOnly: boolean }) {
	if (!quote.eligible || quote.rate === null) {
		return (
			<div className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="terms-ineligible">
				<p className="font-semibold">We cannot offer terms for this scenario as it stands.</p>
				<ul className="mt-1 list-disc pl-5 text-sm">
					{quote.failures.map((failure) => (
						<li key={failure.rule}>
							{failure.message}.{failure.qualifiesWith ? ` ${failure.qualifiesWith}.` : ''}
						</li>
					))}
				</ul>
				<p className="mt-2 text-sm">Your request is with our team all the same: a loan officer will look for a way to make it work.</p>
			</div>
		)
	}
	const rows: Array<[string, string]> = isDscr(quote)
		? [
				['Rate', formatRate(quote.rate)],
				[interestOnly ? 'Payment (interest only)' : 'Payment (principal and interest)', money(quote.monthly?.payment)],
				[
					'Taxes, insurance and HOA a month',
					money(Number(quote.monthly!.taxes) + Number(quote.monthly!.insurance) + Number(quote.monthly!.hoa)),
				],
				['Total a month (PITIA)', money(quote.monthly?.pitia)],
				['DSCR', `${quote.dscr}${quote.dscrAssumed ? ' (assumed)' : ''}`],
				['Loan amount', money(quote.loanAmount)],
				['Points', money(quote.pointsCost)],
				['Cash to close (before closing costs)', money(quote.cashToClose)],
			]
		: [
				['Rate', `${formatRate(quote.rate)} interest-only`],
				['Loan amount', money(quote.loanAmount)],
				['Origination points', `${quote.points} % (${money(quote.pointsCost)})`],
				['Interest a month', money(quote.monthlyInterest)],
				['Term', `${quote.termMonths} months`],
				['Total cost over the term', money(quote.totalCost)],
				['Cash to close (before closing costs)', money(quote.cashToClose)],
				...quote.leverage.map((item): [string, string] => [item.label, `${item.percent} % (up to ${item.cap} %)`]),
			]
	return (
		<div className="mt-4" data-testid="terms-quote">
			<p className="text-sm text-slate-700">At a credit score of {bandLabel(band)}:</p>
			<dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-slate-700">{label}</dt>
						<dd className="text-right font-semibold tabular-nums text-slate-900">{value}</dd>
					</div>
				))}
			</dl>
			<details className="mt-3 rounded-md border border-slate-200" data-testid="terms-build-up">
				<summary className="cursor-pointer px-3 py-2 font-semibold text-brand-700">How this rate is built</summary>
				<table className="w-full border-t border-slate-200 text-left text-sm">
					<tbody>
						{quote.lines.map((line) => (
							<tr key={`${line.label}-${line.reason}`} className="border-b border-slate-100">
								<th scope="row" className="px-3 py-1.5 font-normal text-slate-900">
									{line.label} <span className="text-slate-600">({line.reason})</span>
								</th>
								<td className="px-3 py-1.5 text-right tabular-nums text-slate-900">{formatBuildUpPercent(line.percent)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</details>
		</div>
	)
}
