import { monthlyPayment } from '#app/features/calculator/mortgage.ts'

/**
 * The home page without React (docs/decisions/0037): the loan-amount slider moves the amount and the
 * estimated payment shown by `RatesPanel`, and `?scrollTo=quote-form` scrolls smoothly to the panel after
 * 100 ms (spec 1 §2). Serialised with `Function.prototype.toString` into the page's inline script, so it
 * uses no name declared outside its body; the payment formula is passed in, the same `monthlyPayment`.
 */
function enhanceRatesPanel(payment: (principal: number, annualRatePercent: number, termMonths: number) => number) {
	const panel = document.getElementById('quote-form')
	const slider = document.getElementById('loan-amount') as HTMLInputElement | null
	if (!panel || !slider) return
	const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
	const format = (amount: number) => dollars.format(Math.round(amount))
	const rate = Number(panel.dataset.rate)
	const termMonths = Number(panel.dataset.termMonths)
	const amountOutput = panel.querySelector('[data-testid="loan-amount"]')
	const paymentOutput = panel.querySelector('[data-testid="monthly-payment"]')
	const show = () => {
		const amount = Number(slider.value)
		slider.setAttribute('aria-valuetext', format(amount))
		if (amountOutput) amountOutput.textContent = format(amount)
		if (paymentOutput) paymentOutput.textContent = format(payment(amount, rate, termMonths))
	}
	slider.addEventListener('input', show)
	// A reload or Back can restore a moved slider: the figures follow it.
	show()
	if (new URLSearchParams(location.search).get('scrollTo') === 'quote-form') {
		const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
		setTimeout(() => panel.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' }), 100)
	}
}

export const ratesPanelScript = `(${enhanceRatesPanel})(${monthlyPayment})`
