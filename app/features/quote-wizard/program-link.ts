import { ENABLED_LOAN_PROGRAMS } from './options.ts'

/** docs/decisions/0028: a product page's Start Quote names its program; the wizard preselects it. */
export const PROGRAM_PARAM = 'program'

export const quoteHref = (loanProgram?: string) =>
	loanProgram ? `/fast-quote?${PROGRAM_PARAM}=${encodeURIComponent(loanProgram)}` : '/fast-quote'

/** The offered program a link asks for, or null for none or an unknown one. */
export function programFromSearch(search: URLSearchParams) {
	const program = search.get(PROGRAM_PARAM)
	return program && ENABLED_LOAN_PROGRAMS.has(program) ? program : null
}
