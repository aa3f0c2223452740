import { type ExternalToast, toast } from 'sonner'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'

/** spec 1 §9: one toast at a time. Every wizard toast uses this id, so a new one replaces the one showing. */
const WIZARD_TOAST_ID = 'quote-wizard'

let errorShowing = false
/** What makes the error showing obsolete: the answers that fix the field (or the step) it is about. */
let fixedWhen: ((data: LoanFormData) => boolean) | null = null

type ErrorOptions = ExternalToast & {
	/** The error is about answers: it goes as soon as they are fixed, not 4.5 s later. */
	fixedWhen?: (data: LoanFormData) => boolean
}

export const wizardToast = {
	error(title: string, { fixedWhen: fixed, ...options }: ErrorOptions = {}) {
		errorShowing = true
		fixedWhen = fixed ?? null
		const gone = () => {
			errorShowing = false
			fixedWhen = null
		}
		toast.error(title, { ...options, id: WIZARD_TOAST_ID, onDismiss: gone, onAutoClose: gone })
	},
	success(title: string, options?: ExternalToast) {
		errorShowing = false
		fixedWhen = null
		toast.success(title, { ...options, id: WIZARD_TOAST_ID })
	},
}

/** An error is about the step it was shown on: leaving that step takes it away (a success announces the next step and stays). */
export function dismissStepError() {
	if (!errorShowing) return
	errorShowing = false
	fixedWhen = null
	toast.dismiss(WIZARD_TOAST_ID)
}

/** Called with every change of the answers: an error whose field (or step) is now valid goes at once. */
export function dismissFixedError(data: LoanFormData) {
	if (errorShowing && fixedWhen?.(data)) dismissStepError()
}
