import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react'
import type { ExternalToast } from 'sonner'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'

/**
 * spec 1 §9: one toast at a time. Every wizard toast uses the current id, so a new one replaces the one showing.
 * Once that toast is dismissed or closed, the next one takes a new id: sonner's Toaster keeps a dismissed toast
 * (marked for deletion) through its exit animation, and a toast published under the same id then was merged into
 * it and deleted with it, so an error shown right after the last one went never appeared.
 *
 * The toast library and its Toaster load with the first toast (docs/decisions/0064): most visitors never see one.
 */
let toastNumber = 0
let currentId = 'quote-wizard-0'
let toastGone = false
/** The id for the next toast: the current one while it shows (it is replaced in place), a new one once it has gone. */
function nextToastId() {
	if (toastGone) {
		toastNumber += 1
		currentId = `quote-wizard-${toastNumber}`
		toastGone = false
	}
	return currentId
}

let errorShowing = false
/** What makes the error showing obsolete: the answers that fix the field (or the step) it is about. */
let fixedWhen: ((data: LoanFormData) => boolean) | null = null

type Sonner = typeof import('sonner')
let sonner: Sonner | null = null
let toasterWanted = false
const toasterListeners = new Set<() => void>()
let toasterMounted: () => void = () => {}
const toasterReady = new Promise<void>((resolve) => {
	toasterMounted = resolve
})

/** Runs `publish` once sonner is loaded and its Toaster listens (at once after the first toast). */
function withToaster(publish: (library: Sonner) => void) {
	if (sonner) return publish(sonner)
	if (!toasterWanted) {
		toasterWanted = true
		for (const listener of toasterListeners) listener()
	}
	void Promise.all([import('sonner'), toasterReady]).then(([library]) => {
		sonner = library
		publish(library)
	})
}

type ErrorOptions = ExternalToast & {
	/** The error is about answers: it goes as soon as they are fixed, not 4.5 s later. */
	fixedWhen?: (data: LoanFormData) => boolean
}

/** The toast with this id has gone (closed, dismissed, timed out); a later one with another id is not affected. */
function onGone(id: string, also: () => void = () => {}) {
	return () => {
		if (id !== currentId) return
		toastGone = true
		also()
	}
}

/** Whether the toast with this id is still the one to show (a toast that waited for the library may have been dismissed meanwhile). */
const stillWanted = (id: string) => id === currentId && !toastGone

export const wizardToast = {
	error(title: string, { fixedWhen: fixed, ...options }: ErrorOptions = {}) {
		const id = nextToastId()
		errorShowing = true
		fixedWhen = fixed ?? null
		const gone = onGone(id, () => {
			errorShowing = false
			fixedWhen = null
		})
		withToaster(({ toast }) => {
			if (stillWanted(id) && errorShowing) toast.error(title, { ...options, id, onDismiss: gone, onAutoClose: gone })
		})
	},
	success(title: string, options?: ExternalToast) {
		const id = nextToastId()
		errorShowing = false
		fixedWhen = null
		withToaster(({ toast }) => {
			if (stillWanted(id)) toast.success(title, { ...options, id, onDismiss: onGone(id), onAutoClose: onGone(id) })
		})
	},
}

/** An error is about the step it was shown on: leaving that step takes it away (a success announces the next step and stays). */
export function dismissStepError() {
	if (!errorShowing) return
	errorShowing = false
	fixedWhen = null
	sonner?.toast.dismiss(currentId)
	toastGone = true
}

/** Called with every change of the answers: an error whose field (or step) is now valid goes at once. */
export function dismissFixedError(data: LoanFormData) {
	if (errorShowing && fixedWhen?.(data)) dismissStepError()
}

const Toaster = lazy(() => import('#app/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })))

function ToasterListening() {
	useEffect(() => toasterMounted(), [])
	return null
}

const subscribe = (listener: () => void) => {
	toasterListeners.add(listener)
	return () => toasterListeners.delete(listener)
}

/**
 * docs/decisions/0080: a toast stands above the Back/Continue bar, and the page keeps clear of it. While one shows,
 * `--wizard-bottom-cover` on the root says how much of the window's bottom the bar and the toast cover; the page's
 * bottom padding and the closing-date calendar's scroll margin read it, so the form and the calendar can always be
 * scrolled clear of the toast and the calendar opens clear of it.
 */
function ToastClearance() {
	useEffect(() => {
		const root = document.documentElement
		const update = () => {
			const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')
			const front = toaster?.querySelector<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')
			if (toaster && front) {
				// The list is fixed at its offset above the bar; a toast's own height, not its sliding animation, counts.
				const cover = window.innerHeight - toaster.getBoundingClientRect().bottom + front.offsetHeight + TOAST_GAP_PX
				root.style.setProperty('--wizard-bottom-cover', `${Math.ceil(cover)}px`)
			} else root.style.removeProperty('--wizard-bottom-cover')
		}
		const observer = new MutationObserver(update)
		observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-removed'] })
		window.addEventListener('resize', update)
		update()
		return () => {
			observer.disconnect()
			window.removeEventListener('resize', update)
			root.style.removeProperty('--wizard-bottom-cover')
		}
	}, [])
	return null
}

/** Space kept between a toast and what the page scrolls into view above it. */
const TOAST_GAP_PX = 12

/** The wizard's Toaster, rendered once the first toast asks for it. */
export function WizardToaster() {
	const wanted = useSyncExternalStore(
		subscribe,
		() => toasterWanted,
		() => false,
	)
	if (!wanted) return null
	return (
		<Suspense fallback={null}>
			<Toaster />
			<ToasterListening />
			<ToastClearance />
		</Suspense>
	)
}
