import { Calculator } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { QuoteDetails } from '#app/components/quote/terms/quote-details.tsx'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { parseApplication } from '#app/features/leads/model/lead-application.ts'
import { type PricerForm, leadPricerSchema, pricerDefaults } from '#app/features/leads/model/lead-pricer.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { PREPAYMENT_LABELS, PRODUCT_LABELS } from '#app/features/pricing/dscr-pricing.ts'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { DSCR_PRODUCTS, FICO_BANDS, PREPAYMENT_OPTIONS } from '#app/features/pricing/rate-sheet.ts'
import { bandLabel } from '#app/features/pricing/terms-text.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { PROPERTY_TYPES } from '#app/features/quote-wizard/options.ts'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { useLeadFetcher } from './use-lead-action-toast.ts'
import { useFetcherAnswer } from '#app/components/ui/use-fetcher-answer.ts'

const POINTS = ['0', '0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5']
const labelClass = 'block text-sm font-medium text-slate-900'

type Priced = { key: string; request: PricingRequest; terms: PricingResponse; summary: string }

/**
 * docs/decisions/0112: Attach is offered only for the terms on screen, priced for the inputs as they are now and
 * offered by the sheet: a change after pricing must be priced before it can be attached.
 */
export function attachable(priced: Priced | null, inputsKey: string) {
	return priced !== null && priced.key === inputsKey && priced.terms.quotes.length === 1 && priced.terms.quotes[0]!.quote.eligible
}

function Select({
	label,
	value,
	onChange,
	options,
}: {
	label: string
	value: string
	onChange: (value: string) => void
	options: ReadonlyArray<readonly [string, string]>
}) {
	return (
		<label className={labelClass}>
			{label}
			<select value={value} onChange={(event) => onChange(event.target.value)} className={`${inputClass} mt-1 min-h-11`}>
				{options.map(([option, text]) => (
					<option key={option} value={option}>
						{text}
					</option>
				))}
			</select>
		</label>
	)
}

/**
 * docs/decisions/0112: "Price this scenario" in the lead details. It starts from the lead's answers; the officer sets
 * what the caller says, the leads action prices it with the public terms panel's function on the current rate sheet
 * (never in the browser), and "Attach to lead" keeps the terms on screen as the lead's chosen terms.
 */
export function LeadPricer({ lead }: { lead: { id: string; message: string | null } }) {
	const answers = (parseApplication(lead.message) ?? {}) as LoanFormData
	const dscr = answers.loanProgram === 'dscr'
	const [open, setOpen] = useState(false)
	const [form, setForm] = useState<PricerForm>(() => pricerDefaults(answers))
	const [problem, setProblem] = useState('')
	const [priced, setPriced] = useState<Priced | null>(null)
	const asked = useRef('')
	const headingId = useId()
	const pricingKey = `lead-price-${lead.id}`
	const pricing = useFetcher<LeadActionResult>({ key: pricingKey })
	const attaching = useLeadFetcher(`lead-attach-${lead.id}`)
	const inputsKey = JSON.stringify(form)
	// Each answer of the pricing is kept with the inputs it was asked for (a change after it must be priced again).
	useFetcherAnswer<LeadActionResult>(pricingKey, (answer) => {
		if (answer.ok && answer.terms && answer.request)
			setPriced({ key: asked.current, request: answer.request, terms: answer.terms, summary: answer.summary ?? '' })
	})
	const refusal = pricing.data && !pricing.data.ok ? pricing.data.error : ''
	const set = (field: keyof PricerForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }))
	const fields = () => ({ leadId: lead.id, ...form })

	const price = (event: FormEvent) => {
		event.preventDefault()
		// The action's own schema, first in the browser: its message, and nothing posted.
		const parsed = leadPricerSchema.safeParse(fields())
		if (!parsed.success) return setProblem(parsed.error.issues[0]!.message)
		setProblem('')
		asked.current = inputsKey
		void pricing.submit({ intent: 'price', ...fields() }, { method: 'post', action: LEADS_ACTION })
	}
	const attach = () => {
		if (!priced) return
		void attaching.submit(
			{ intent: 'attach', ...fields(), sheetVersion: String(priced.terms.sheetVersion) },
			{ method: 'post', action: LEADS_ACTION },
		)
	}
	const shown = priced?.terms.quotes.length === 1 ? priced.terms.quotes[0]! : null
	const current = priced?.key === inputsKey

	return (
		<section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4" data-testid="lead-pricer">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h3 id={headingId} className="font-semibold text-slate-900">
					Price this scenario
				</h3>
				{open ? null : (
					<button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={() => setOpen(true)}>
						<Calculator aria-hidden className="mr-2 size-4" />
						Price this scenario
					</button>
				)}
			</div>
			{open ? (
				<form aria-label="Price this scenario" className="mt-3 space-y-3" onSubmit={price} noValidate>
					<div className="grid gap-3 sm:grid-cols-2">
						<Select
							label="Credit score band"
							value={form.ficoBand}
							onChange={set('ficoBand')}
							options={[['', 'Ask the caller'], ...FICO_BANDS.map((band) => [band, bandLabel(band)] as const)]}
						/>
						{dscr ? (
							<>
								<Select
									label="Property type"
									value={form.propertyType}
									onChange={set('propertyType')}
									options={[['', 'As answered'], ...PROPERTY_TYPES.map((type) => [type.value, type.label] as const)]}
								/>
								{(
									[
										['propertyValue', answers.transactionType === 'purchase' ? 'Purchase price' : 'Property value'],
										['loanAmount', 'Loan amount'],
										['monthlyRent', 'Monthly rent'],
									] as const
								).map(([field, label]) => (
									<label key={field} className={labelClass}>
										{label}
										<input
											className={`${inputClass} mt-1 min-h-11`}
											inputMode="decimal"
											value={form[field]}
											onChange={(event) => set(field)(event.target.value)}
										/>
									</label>
								))}
								<Select
									label="Product"
									value={form.product}
									onChange={set('product')}
									options={[
										['', 'As answered (30-year fixed)'],
										...DSCR_PRODUCTS.map((product) => [product, PRODUCT_LABELS[product]] as const),
									]}
								/>
								<Select
									label="Payments"
									value={form.interestOnly}
									onChange={set('interestOnly')}
									options={[
										['', 'As answered'],
										['no', 'Principal and interest'],
										['yes', 'Interest-only'],
									]}
								/>
								<Select
									label="Prepayment"
									value={form.prepayment}
									onChange={set('prepayment')}
									options={[
										['', 'The sheet’s default'],
										...PREPAYMENT_OPTIONS.map((option) => [option, PREPAYMENT_LABELS[option]] as const),
									]}
								/>
								<Select
									label="Points"
									value={form.points}
									onChange={set('points')}
									options={[['', 'None'], ...POINTS.map((points) => [points, points] as const)]}
								/>
							</>
						) : null}
					</div>
					{problem || refusal ? (
						<p role="alert" className="text-sm font-medium text-red-800">
							{problem || refusal}
						</p>
					) : null}
					<button type="submit" className={`${buttonClass.primary} min-h-11`} disabled={pricing.state !== 'idle'}>
						{pricing.state === 'idle' ? 'Price' : 'Pricing…'}
					</button>
				</form>
			) : null}
			{open && priced && shown ? (
				<div className="mt-4" data-testid="pricer-result">
					<p className="text-sm text-slate-900" data-testid="pricer-summary">
						{priced.summary}
					</p>
					<p className="mt-1 text-xs text-slate-700">
						Priced on rate sheet version {priced.terms.sheetVersion}
						{current ? '' : '. The inputs changed since: price again to attach.'}
					</p>
					<QuoteDetails
						quote={shown.quote}
						band={shown.ficoBand}
						interestOnly={priced.request.program === 'dscr' && priced.request.interestOnly}
						forStaff
					/>
					{attachable(priced, inputsKey) ? (
						<button type="button" className={`${buttonClass.primary} mt-3 min-h-11`} disabled={attaching.state !== 'idle'} onClick={attach}>
							Attach to lead
						</button>
					) : null}
				</div>
			) : null}
		</section>
	)
}
