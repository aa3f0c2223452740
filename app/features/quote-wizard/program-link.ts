import { usStateCode } from '#app/features/places/us-address.ts'
import { ENABLED_LOAN_PROGRAMS } from './options.ts'

/** docs/decisions/0028: a product page's Start Quote names its program; the wizard preselects it. */
export const PROGRAM_PARAM = 'program'
/** docs/decisions/0051: a landing page about one state names it; the wizard prefills the property's state. */
export const STATE_PARAM = 'state'

export function quoteHref(loanProgram?: string, state?: string) {
	const params = new URLSearchParams()
	if (loanProgram) params.set(PROGRAM_PARAM, loanProgram)
	if (state) params.set(STATE_PARAM, state)
	const query = params.toString()
	return query ? `/fast-quote?${query}` : '/fast-quote'
}

/** The offered program a link asks for, or null for none or an unknown one. */
export function programFromSearch(search: URLSearchParams) {
	const program = search.get(PROGRAM_PARAM)
	return program && ENABLED_LOAN_PROGRAMS.has(program) ? program : null
}

/** The state a link names ("FL", "fl", "Florida"), as its code; null for none or one we do not lend in (docs/decisions/0032). */
export function stateFromSearch(search: URLSearchParams) {
	const state = search.get(STATE_PARAM)
	return state ? usStateCode(state) : null
}
