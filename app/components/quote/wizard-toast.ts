import { type ExternalToast, toast } from 'sonner'

/** spec 1 §9: one toast at a time. Every wizard toast uses this id, so a new one replaces the one showing. */
const WIZARD_TOAST_ID = 'quote-wizard'

let errorShowing = false

export const wizardToast = {
	error(title: string, options?: ExternalToast) {
		errorShowing = true
		const gone = () => (errorShowing = false)
		toast.error(title, { ...options, id: WIZARD_TOAST_ID, onDismiss: gone, onAutoClose: gone })
	},
	success(title: string, options?: ExternalToast) {
		errorShowing = false
		toast.success(title, { ...options, id: WIZARD_TOAST_ID })
	},
}

/** An error is about the step it was shown on: leaving that step takes it away (a success announces the next step and stays). */
export function dismissStepError() {
	if (!errorShowing) return
	errorShowing = false
	toast.dismiss(WIZARD_TOAST_ID)
}
