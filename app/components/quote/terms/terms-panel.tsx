import { Printer } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { useWizardCompany, useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import {
	type PurposeStatement,
	type TermsChoiceInput,
	ownerOccupantMessage,
	scenarioNotes,
	termsRequest,
} from '#app/features/pricing/borrower-terms.ts'
import { experienceShortfallMessage, isExperienceShortfall } from '#app/features/pricing/experience-shortfall.ts'
import type { PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { initialTermsInputs, readTermsMemory, writeTermsMemory } from '#app/features/pricing/terms-memory.ts'
import { type TermsInputs, refinementsOf } from '#app/features/pricing/terms-refinements.ts'
import { previewTerms } from '#app/features/pricing/terms-preview.ts'
import { isDscr, scenarioLine } from '#app/features/pricing/terms-text.ts'
import { postJson } from '#app/features/quote-wizard/submit.ts'
import { BandTable } from './band-table.tsx'
import { ChoiceGrid } from './choice-grid.tsx'
import { LoanChoice } from './loan-choice.tsx'
import { PurposeStatementForm } from './purpose-statement-form.tsx'
import { QuoteDetails } from './quote-details.tsx'
import { TermsRefinementFields } from './terms-refinement-fields.tsx'
import { TermSheetButton } from './term-sheet-button.tsx'

/**
 * docs/decisions/0066: the indicative terms on the wizard's thank-you screens. The lead is already committed; the
 * borrower states the loan's purpose, then reads terms for their own scenario (the rate per credit band until a band
 * is picked, then a grid of prepayment options × points), can change rent, taxes, insurance and HOA, sees how the
 * rate is built, chooses terms (recorded, e-mailed), prints a one-page term sheet or downloads a verifiable one
 * (docs/decisions/0095).
 */

/** A typed change re-prices after this pause; the copy of what was shown is kept after a longer one. */
const REPRICE_DELAY_MS = 250
const RECORD_DELAY_MS = 1500

const purposeKey = (leadId: string) => `quote-purpose:${leadId}`

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
	// The long form's answers fill the fields they priced (credit band, rent, HOA), so what is shown is what is priced.
	// docs/decisions/0099: what the borrower set before (a reload, Back) comes back with the same terms.
	const [memory] = useState(() => readTermsMemory(leadId))
	const [inputs, setInputs] = useState<TermsInputs>(() => initialTermsInputs(formData, memory))
	// No choice yet: the sheet's default prepayment option with no points prices the terms (docs/decisions/0072).
	const [choice, setChoice] = useState<TermsChoiceInput | undefined>(() => memory?.choice)
	useEffect(() => {
		if (leadId)
			writeTermsMemory(leadId, { inputs, ...(choice ? { choice } : {}), formMode: formData.formMode === 'long' ? 'long' : 'short' })
	}, [leadId, inputs, choice, formData.formMode])
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
			<PurposeStatementForm
				leadId={leadId}
				token={token}
				title={title}
				onStated={(stated) => {
					sessionStorage.setItem(purposeKey(leadId), stated)
					setStatement(stated)
				}}
			/>
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
			className="mx-auto mt-10 w-full min-w-0 max-w-2xl rounded-xl border border-slate-200 p-5 text-left"
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

			<TermsRefinementFields
				inputs={inputs}
				errors={refinements.errors}
				onChange={setInputs}
				withAmounts={formData.loanProgram === 'dscr'}
				quote={terms?.quotes[0]?.quote ?? null}
				hidden={!!shortfall}
			/>

			{/* docs/decisions/0103: the product and the payments, beside the band and the grid (DSCR only). */}
			{terms?.loans && scenario.request.program === 'dscr' && !shortfall ? (
				<LoanChoice
					loans={terms.loans}
					selected={{ product: scenario.request.product, interestOnly: scenario.request.interestOnly }}
					onSelect={(loan) => setInputs({ ...inputs, product: loan.product, interestOnly: loan.interestOnly ? 'yes' : 'no' })}
				/>
			) : null}

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
				{quote?.eligible && band && upToDate ? (
					<TermSheetButton
						leadId={leadId}
						token={token}
						body={{ refinements: { ...refinements.value, ficoBand: band }, ...(dscrChoice ? { choice } : {}) }}
						phone={company.phone}
					/>
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
