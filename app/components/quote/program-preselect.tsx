import { useEffect, useRef } from 'react'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { useWizardEnv } from '#app/components/quote/wizard-env.tsx'
import {
	PREFILL_PARAMS,
	PROGRAM_PARAM,
	STATE_PARAM,
	prefillFromSearch,
	programFromSearch,
	stateFromSearch,
} from '#app/features/quote-wizard/program-link.ts'

/**
 * docs/decisions/0028: `/fast-quote?program=fix-flip` (a product page's Start Quote) chooses that
 * program once the saved answers are restored and shows the first step with it selected; the
 * parameter is then removed, so a reload or a later choice is not overridden. docs/decisions/0051:
 * `&state=FL` (a state's landing page) prefills what the wizard asks about the property's state. docs/decisions/0075:
 * `&rent=3500&value=450000&purpose=purchase` (the DSCR calculator) prefills the rent, the value and the transaction.
 * docs/decisions/0098: on a device that already sent a quote, such a link starts a new one.
 */
export function ProgramPreselect() {
	const { restored, formData, updateFormData, goToStep, startNewQuote } = useLoanForm()
	const { location, navigate } = useWizardEnv()
	const read = useRef(false)
	const pending = useRef<string | null>(null)
	useEffect(() => {
		if (!restored || read.current) return
		read.current = true
		const search = new URLSearchParams(location.search)
		if (![PROGRAM_PARAM, STATE_PARAM, ...PREFILL_PARAMS].some((name) => search.has(name))) return
		const program = programFromSearch(search)
		const state = stateFromSearch(search)
		// docs/decisions/0098: a product's Start Quote after a sent quote starts another one; the sent lead keeps its link.
		if (formData.leadId) startNewQuote()
		if (state) updateFormData({ targetState: state })
		if (program) {
			pending.current = program
			updateFormData({ loanProgram: program })
		}
		// docs/decisions/0075: the calculator's rent, value and purpose, once the program (which clears another's answers) is set.
		const prefill = prefillFromSearch(search)
		if (Object.keys(prefill).length > 0) updateFormData(prefill)
		for (const name of [PROGRAM_PARAM, STATE_PARAM, ...PREFILL_PARAMS]) search.delete(name)
		const rest = search.toString()
		navigate({ search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true })
	}, [restored, location, navigate, updateFormData, formData.leadId, startNewQuote])
	// Once the program is in the answers, the visitor starts on its first step with it selected.
	useEffect(() => {
		if (pending.current === null || formData.loanProgram !== pending.current) return
		pending.current = null
		goToStep('loan-program')
	}, [formData.loanProgram, goToStep])
	return null
}
