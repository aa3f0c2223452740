import {
	BORROW_FIELDS,
	type BorrowForm,
	type BorrowResult,
	DEFAULT_FICO,
	FICO_OPTIONS,
	PROPERTY_TYPE_OPTIONS,
	PURPOSE_OPTIONS,
} from '#app/features/calculator/borrow.ts'
import { formatDollars } from '#app/features/money/money.ts'
import { QuoteLink } from '#app/components/site/quote-buttons.tsx'
import { inputClass } from '#app/components/ui/styles.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'

const labelClass = 'mb-1 block font-medium text-slate-800'
const money = (text: string) => formatDollars(Number(text), { cents: 'always' })

/**
 * "What could I borrow" (docs/decisions/0065): a GET form the server answers from the current rate sheet, so it works without
 * JavaScript; the page's URL carries the answer, and the render cache keys on its declared parameters.
 */
export function BorrowSection({
	form,
	result,
	notice,
	quoteHref,
	carried = [],
	calculatorFormId,
}: {
	form: BorrowForm
	result: BorrowResult | null
	notice: string
	quoteHref: string
	/**
	 * The DSCR calculator's fields, sent with this form so its reload keeps them and their result (docs/decisions/0075):
	 * as the page had them, and as typed since (read from the calculator's form when this one is sent).
	 */
	carried?: ReadonlyArray<readonly [string, string]>
	calculatorFormId?: string
}) {
	const errors = form.state === 'invalid' ? form.errors : {}
	const field = (name: 'rent' | 'value') => ({
		id: BORROW_FIELDS[name],
		name: BORROW_FIELDS[name],
		type: 'text',
		inputMode: 'decimal' as const,
		autoComplete: 'off',
		defaultValue: form.values[name],
		'aria-invalid': errors[name] ? true : undefined,
		'aria-describedby': errors[name] ? `${BORROW_FIELDS[name]}-error` : undefined,
		className: inputClass,
	})
	return (
		<section id="borrow" aria-labelledby="borrow-heading" className="mt-12 scroll-mt-24">
			<h2 id="borrow-heading" className="text-3xl font-extrabold text-brand-900">
				What could I borrow?
			</h2>
			<p className="mt-2 max-w-2xl text-slate-700">
				The largest DSCR loan for a rent and a property value, at today&rsquo;s rates from our rate sheet.
			</p>
			<div className="mt-6 grid gap-8 lg:grid-cols-2">
				{/* A plain GET form: the server prices it, with or without JavaScript; #borrow brings the answer into view. */}
				<form
					id="borrow-form"
					method="get"
					action="/dscr-calculator#borrow"
					className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
					aria-labelledby="borrow-heading"
					onSubmit={(event) => {
						const calculator = calculatorFormId ? document.getElementById(calculatorFormId) : null
						if (!(calculator instanceof HTMLFormElement)) return
						for (const input of Array.from(event.currentTarget.querySelectorAll<HTMLInputElement>('input[data-carried]'))) {
							const source = calculator.elements.namedItem(input.name)
							input.value = source instanceof HTMLInputElement ? source.value : ''
							input.disabled = input.value === ''
						}
					}}
				>
					{carried.map(([name, value]) => (
						<input key={name} type="hidden" name={name} defaultValue={value} disabled={value === ''} data-carried="" />
					))}
					<div>
						<label htmlFor={BORROW_FIELDS.rent} className={labelClass}>
							Rent per month ($)
						</label>
						<input {...field('rent')} placeholder="3500" />
						{errors.rent ? (
							<p id={`${BORROW_FIELDS.rent}-error`} className="mt-1 text-sm text-red-700">
								{errors.rent}
							</p>
						) : null}
					</div>
					<div>
						<label htmlFor={BORROW_FIELDS.value} className={labelClass}>
							Property value ($)
						</label>
						<input {...field('value')} placeholder="450000" />
						{errors.value ? (
							<p id={`${BORROW_FIELDS.value}-error`} className="mt-1 text-sm text-red-700">
								{errors.value}
							</p>
						) : null}
					</div>
					<div className="grid gap-5 sm:grid-cols-2">
						<div>
							<label htmlFor={BORROW_FIELDS.purpose} className={labelClass}>
								Purpose
							</label>
							<select
								id={BORROW_FIELDS.purpose}
								name={BORROW_FIELDS.purpose}
								defaultValue={form.values.purpose ?? 'purchase'}
								className={inputClass}
							>
								{PURPOSE_OPTIONS.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
							</select>
						</div>
						<div>
							<label htmlFor={BORROW_FIELDS.propertyType} className={labelClass}>
								Property type
							</label>
							<select
								id={BORROW_FIELDS.propertyType}
								name={BORROW_FIELDS.propertyType}
								defaultValue={form.values.propertyType ?? 'single-family'}
								className={inputClass}
							>
								{PROPERTY_TYPE_OPTIONS.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
							</select>
						</div>
					</div>
					<div>
						<label htmlFor={BORROW_FIELDS.fico} className={labelClass}>
							Credit score (optional)
						</label>
						<select id={BORROW_FIELDS.fico} name={BORROW_FIELDS.fico} defaultValue={form.values.fico ?? ''} className={inputClass}>
							{/* Short enough for a 390 px phone's select (docs/decisions/0075). */}
							<option value="">Not sure (best band, {DEFAULT_FICO})</option>
							{FICO_OPTIONS.map((option) => (
								<option key={option.value} value={option.value}>
									{option.label}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
						Show my largest loan
					</button>
				</form>

				<section
					id="borrow-results"
					aria-labelledby="borrow-results-heading"
					aria-live="polite"
					className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
				>
					<h3 id="borrow-results-heading" className="text-xl font-bold text-slate-900">
						Your largest loan
					</h3>
					{result ? (
						<BorrowAnswer result={result} />
					) : (
						<p className="mt-4 text-slate-600">Enter the monthly rent and the property value, then press Show my largest loan.</p>
					)}
					{result ? (
						<>
							<p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="borrow-notice">
								{notice}
							</p>
							<QuoteLink
								href={quoteHref}
								className="mt-4 inline-block rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600"
							>
								Get your quote
							</QuoteLink>
						</>
					) : null}
				</section>
			</div>
		</section>
	)
}

function BorrowAnswer({ result }: { result: BorrowResult }) {
	return (
		<div data-testid="borrow-answer">
			{result.qualifies ? (
				<dl className="mt-4 grid gap-4 sm:grid-cols-2">
					<div className="rounded-lg bg-brand-50 p-4 sm:col-span-2">
						<dt className="text-sm text-slate-600">Largest loan</dt>
						<dd className="text-3xl font-extrabold text-brand-900" data-testid="borrow-max-loan">
							{formatDollars(result.maxLoan)}
						</dd>
					</div>
					<div className="rounded-lg bg-brand-50 p-4">
						<dt className="text-sm text-slate-600">Rate</dt>
						<dd className="text-2xl font-bold text-brand-900" data-testid="borrow-rate">
							{formatRate(result.rate)}
						</dd>
					</div>
					<div className="rounded-lg bg-brand-50 p-4">
						<dt className="text-sm text-slate-600">Monthly payment (principal and interest)</dt>
						<dd className="text-2xl font-bold text-brand-900" data-testid="borrow-payment">
							{money(result.payment)}
						</dd>
					</div>
					<div className="rounded-lg bg-brand-50 p-4">
						<dt className="text-sm text-slate-600">DSCR (rent ÷ {money(result.pitia)} with taxes and insurance)</dt>
						<dd className="text-2xl font-bold text-brand-900" data-testid="borrow-dscr">
							{result.dscr}
						</dd>
					</div>
					<div className="rounded-lg bg-brand-50 p-4">
						<dt className="text-sm text-slate-600">Loan to value</dt>
						<dd className="text-2xl font-bold text-brand-900" data-testid="borrow-ltv">
							{result.ltv}%
						</dd>
					</div>
				</dl>
			) : (
				<div className="mt-4" data-testid="borrow-failures">
					<p className="font-semibold text-slate-900">No loan qualifies at these figures:</p>
					<ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
						{result.failures.map((failure) => (
							<li key={failure.rule}>
								{failure.message}.{failure.qualifiesWith ? ` ${failure.qualifiesWith}.` : ''}
							</li>
						))}
					</ul>
				</div>
			)}
			<h4 className="mt-5 text-sm font-semibold text-slate-900">Assumptions</h4>
			<ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="borrow-assumptions">
				{result.assumptions.map((assumption) => (
					<li key={assumption}>{assumption}</li>
				))}
			</ul>
		</div>
	)
}
