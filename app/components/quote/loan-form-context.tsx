import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import {
	DEFAULT_FORM_DATA,
	LEAD_ID_STORAGE_KEY,
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
	type LoanFormData,
	applyFormChange,
} from '../../features/quote-wizard/form-data.ts'
import {
	type StepHistoryState,
	historyModeFor,
	previousQuestion,
	searchForStep,
	stepInSearch,
} from '../../features/quote-wizard/step-history.ts'
import {
	type StepId,
	buildWizardSteps,
	isClosedByLead,
	isStepAccessible,
	isStepId,
	lastAccessibleStep,
} from '../../features/quote-wizard/steps.ts'
import { RETURN_LINK_UNLOADED, returnTokenInHash } from '../../features/quote-wizard/return-link.ts'
import {
	completedApplication,
	forgetCompletedApplication,
	keepCompletedApplication,
	readCompletedApplication,
} from '../../features/quote-wizard/completed-application.ts'
import { useWizardEnv } from './wizard-env.tsx'
import { wizardToast } from './wizard-toast.tsx'
import { forgetWizardVisit, reportStepReached } from './wizard-visit.ts'

/** A step the visitor may be shown: known, reachable, and not a question of a lead already sent (docs/decisions/0051). */
const canShow = (step: string | null, data: LoanFormData, facts: { now: Date; longFormSubmitted?: boolean }): step is StepId =>
	isStepId(step) && isStepAccessible(step, data, facts) && !isClosedByLead(step, data)

/** spec 1 §9: the step transition flag lasts 250 ms. */
export const STEP_TRANSITION_MS = 250

type LoanFormContextValue = {
	formData: LoanFormData
	currentStep: StepId
	steps: StepId[]
	isTransitioning: boolean
	/** The answers were read back from this browser's storage (false during the server render). */
	restored: boolean
	longFormSubmitted: boolean
	updateFormData: (patch: Partial<LoanFormData>) => void
	goToStep: (step: string) => boolean
	nextStep: () => boolean
	/**
	 * Moves to the next question `ms` from now if the visitor is still on this one. The timer is the provider's, so a
	 * re-render or a remount of the step that asked (a Suspense boundary, a transition) cannot lose it.
	 */
	advanceAfter: (ms: number) => void
	prevStep: () => void
	/** Stores the lead the short form created, with its completion token. */
	recordLead: (leadId: string, token: string) => void
	leadToken: () => string | null
	markLongFormSubmitted: () => void
	/**
	 * spec 1 §4: on the long thank-you page the stored lead and answers are removed. docs/decisions/0102: this tab keeps
	 * the completed application in its session storage, so a reload shows the same screen and terms.
	 */
	clearStoredApplication: () => void
	/**
	 * docs/decisions/0098: another quote on the same device. The sent lead's answers, id and token leave this device (the
	 * lead stays reachable through its link) and the wizard starts again at its first question. docs/decisions/0102: so
	 * does the completed application this tab kept.
	 */
	startNewQuote: () => void
}

const LoanFormContext = createContext<LoanFormContextValue | null>(null)

function readStorage<T>(storage: Storage, key: string): T | null {
	try {
		const raw = storage.getItem(key)
		return raw === null ? null : (JSON.parse(raw) as T)
	} catch {
		return null
	}
}

function writeStorage(storage: Storage, key: string, value: unknown) {
	try {
		storage.setItem(key, JSON.stringify(value))
	} catch {
		// Private mode or a full quota: the wizard still works, it just will not survive a reload.
	}
}

/** The token of the completed application this tab kept (docs/decisions/0102), if it is the lead's. */
function keptToken(leadId: string | undefined) {
	const kept = readCompletedApplication(sessionStorage)
	return kept && kept.leadId === leadId ? kept.token : null
}

/** spec 1 §4: the application stored on the device (answers, step, lead id, token). */
function removeStoredApplication() {
	removeStorage(LOAN_FORM_STORAGE_KEY, LOAN_FORM_STEP_STORAGE_KEY, LEAD_ID_STORAGE_KEY, LEAD_TOKEN_STORAGE_KEY)
}

function removeStorage(...keys: string[]) {
	for (const key of keys) {
		try {
			localStorage.removeItem(key)
			sessionStorage.removeItem(key)
		} catch {
			// Storage unavailable: nothing to remove.
		}
	}
}

export function LoanFormProvider({ children }: { children: React.ReactNode }) {
	const { navigate, location, navigationType } = useWizardEnv()
	const [formData, setFormData] = useState<LoanFormData>(DEFAULT_FORM_DATA)
	const [currentStep, setCurrentStep] = useState<StepId>('loan-program')
	const [isTransitioning, setTransitioning] = useState(false)
	const [restored, setRestored] = useState(false)
	const [longFormSubmitted, setLongFormSubmitted] = useState(false)
	const transitionTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	/** How the next step change enters the browser's history (docs/decisions/0027); null: replace the entry. */
	const pendingHistory = useRef<{ mode: 'push' | 'replace'; from: StepId } | null>(null)
	const facts = useCallback(() => ({ now: new Date(), longFormSubmitted }), [longFormSubmitted])
	/** docs/decisions/0124: this tab opened on answers kept from an earlier visit (or a return link), already counted. */
	const resumed = useRef(false)

	// spec 1 §3: the answers come back from local storage, merged over the default of formMode short.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the page opens; the address is read as it is then
	useEffect(() => {
		const restore = (stepFromAddress: boolean) => {
			const saved = readStorage<LoanFormData>(localStorage, LOAN_FORM_STORAGE_KEY)
			// docs/decisions/0102: nothing stored, but this tab completed an application: its thank-you screen, whatever the
			// address says (its questions are sent).
			const completed = saved === null ? readCompletedApplication(sessionStorage) : null
			resumed.current = saved !== null || completed !== null
			if (completed) {
				setFormData({ ...DEFAULT_FORM_DATA, ...completed.answers })
				setLongFormSubmitted(true)
				setCurrentStep('long-thank-you')
				setRestored(true)
				return
			}
			const data: LoanFormData = { ...DEFAULT_FORM_DATA, ...(saved && typeof saved === 'object' ? saved : {}) }
			// The step in the address (a reload, Back into the wizard) wins over the one saved last.
			const wanted =
				(stepFromAddress ? stepInSearch(window.location.search) : null) ?? readStorage<string>(localStorage, LOAN_FORM_STEP_STORAGE_KEY)
			const now = { now: new Date() }
			setFormData(data)
			setCurrentStep(canShow(wanted, data, now) ? wanted : lastAccessibleStep(data, now))
			setRestored(true)
		}
		// docs/decisions/0096: a return link's token leaves the address at once (history, a shared screenshot, a copied URL).
		const token = returnTokenInHash(window.location.hash)
		if (!token) {
			restore(true)
			return
		}
		navigate({ search: location.search, hash: '' }, { replace: true })
		let current = true
		// docs/decisions/0064: the take-over reads the terms with zod and the pricing code; loaded only for a return link,
		// so the first step's script stays small.
		void import('./return-visit.ts')
			.then(({ takeOverFromReturnLink }) => takeOverFromReturnLink(token))
			.catch(() => ({ refused: RETURN_LINK_UNLOADED }))
			.then((taken) => {
				if (!current) return
				if (taken.refused) wizardToast.error('This link cannot open your quote', { description: taken.refused })
				restore(false)
			})
		return () => {
			current = false
		}
	}, [])

	// spec 1 §4: the long thank-you step removes the stored step with the answers; it is not written again.
	useEffect(() => {
		if (restored && currentStep !== 'long-thank-you') writeStorage(localStorage, LOAN_FORM_STEP_STORAGE_KEY, currentStep)
	}, [currentStep, restored])

	// docs/decisions/0124: each step this tab's visit reaches is counted once, for the drop-off per step.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes; the program is read as it is then
	useEffect(() => {
		if (restored) reportStepReached(currentStep, formData.loanProgram, resumed.current)
	}, [currentStep, restored])

	// The address follows the step: a new entry for a move forward, the same entry otherwise.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes; the answers and the address are read as they are then
	useEffect(() => {
		if (!restored) return
		const pending = pendingHistory.current
		pendingHistory.current = null
		const search = searchForStep(location.search, currentStep, formData)
		if (search === location.search) return
		const previous = location.state as StepHistoryState | null
		const push = pending?.mode === 'push'
		const state: StepHistoryState = { quoteStep: currentStep, fromStep: push ? pending.from : previous?.fromStep }
		navigate({ search, hash: location.hash }, { replace: !push, state })
		// Only the step matters here: the answers and the address are read as they are when it changes.
	}, [currentStep, restored])

	// The browser's Back and Forward: show the step of the entry, if the answers still lead there.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs on a history move only (location.key); the answers are read as they are then
	useEffect(() => {
		if (!restored || navigationType !== 'POP') return
		const wanted = stepInSearch(location.search) ?? buildWizardSteps(formData)[0]!
		if (longFormSubmitted) {
			// docs/decisions/0102: the application is sent; history reopens none of its questions (short or long form). The
			// visitor stays on the long thank-you screen, with its terms, and the entry says so.
			if (currentStep !== 'long-thank-you') setCurrentStep('long-thank-you')
			if (wanted !== 'long-thank-you') {
				const search = searchForStep(location.search, 'long-thank-you', formData)
				navigate({ search, hash: location.hash }, { replace: true })
			}
			return
		}
		if (isStepId(wanted) && isClosedByLead(wanted, formData)) {
			// docs/decisions/0051: the lead is sent; history does not reopen its questions. The visitor stays
			// on the thank-you page (the long form's first step leads back there too) and the entry says so.
			showThankYou()
			const search = searchForStep(location.search, 'short-thank-you', { ...formData, formMode: 'short' })
			navigate({ search, hash: location.hash }, { replace: true })
			return
		}
		if (wanted === currentStep) return
		setCurrentStep(canShow(wanted, formData, facts()) ? wanted : lastAccessibleStep(formData, facts()))
	}, [location.key])

	useEffect(() => () => clearTimeout(transitionTimer.current), [])

	const updateFormData = useCallback(
		(patch: Partial<LoanFormData>) => {
			setFormData((previous) => {
				const next = applyFormChange(previous, patch)
				writeStorage(localStorage, LOAN_FORM_STORAGE_KEY, next)
				// spec 1 §4: if the current step disappears, jump to the last accessible step; but Continue Quote's long form
				// starts at fico-score (spec 1 §4.2), also when the terms panel already answered it (docs/decisions/0099).
				setCurrentStep((step) => {
					const steps = buildWizardSteps(next)
					if (steps.includes(step)) return step
					if (step === 'short-thank-you' && next.formMode === 'long' && canShow('fico-score', next, facts())) return 'fico-score'
					return lastAccessibleStep(next, facts())
				})
				return next
			})
		},
		[facts],
	)

	/** Back to the short form's thank-you page, from which the long form goes on (its answers are kept). */
	const showThankYou = useCallback(() => {
		if (formData.formMode === 'long') updateFormData({ formMode: 'short' })
		else setCurrentStep('short-thank-you')
	}, [formData.formMode, updateFormData])

	const goToStep = useCallback(
		(step: string) => {
			if (!canShow(step, formData, facts())) {
				console.warn(`Cannot navigate to step "${step}": it is unknown or not accessible yet`)
				return false
			}
			pendingHistory.current = { mode: historyModeFor(currentStep, step), from: currentStep }
			setCurrentStep(step)
			return true
		},
		[currentStep, formData, facts],
	)

	const nextStep = useCallback(() => {
		const steps = buildWizardSteps(formData)
		const next = steps[steps.indexOf(currentStep) + 1]
		if (!next || !isStepAccessible(next, formData, facts())) return false
		setTransitioning(true)
		clearTimeout(transitionTimer.current)
		transitionTimer.current = setTimeout(() => setTransitioning(false), STEP_TRANSITION_MS)
		pendingHistory.current = { mode: historyModeFor(currentStep, next), from: currentStep }
		setCurrentStep(next)
		return true
	}, [currentStep, formData, facts])

	// The latest step and nextStep, for a timer set before the answers it moves on with were rendered.
	const latest = useRef({ currentStep, nextStep })
	useEffect(() => {
		latest.current = { currentStep, nextStep }
	})
	const advanceTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(advanceTimer.current), [])
	const advanceAfter = useCallback((ms: number) => {
		clearTimeout(advanceTimer.current)
		const from = latest.current.currentStep
		advanceTimer.current = setTimeout(() => {
			if (latest.current.currentStep === from) latest.current.nextStep()
		}, ms)
	}, [])

	const prevStep = useCallback(() => {
		const previous = previousQuestion(currentStep, formData)
		if (previous && isClosedByLead(previous, formData)) {
			pendingHistory.current = { mode: 'replace', from: currentStep }
			showThankYou()
			return
		}
		if (!previous) {
			// spec 1 §2: Back on the first step goes home and scrolls to the top.
			navigate('/')
			window.scrollTo({ top: 0 })
			return
		}
		// The entry before this one is that question: go back in history, so Forward works as in the browser.
		if ((location.state as StepHistoryState | null)?.fromStep === previous) navigate(-1)
		else {
			pendingHistory.current = { mode: 'push', from: currentStep }
			setCurrentStep(previous)
		}
	}, [currentStep, formData, navigate, location.state, showThankYou])

	const recordLead = useCallback((leadId: string, token: string) => {
		writeStorage(sessionStorage, LEAD_ID_STORAGE_KEY, leadId)
		writeStorage(localStorage, LEAD_ID_STORAGE_KEY, leadId)
		writeStorage(localStorage, LEAD_TOKEN_STORAGE_KEY, token)
		setFormData((previous) => {
			const next = { ...previous, leadId }
			writeStorage(localStorage, LOAN_FORM_STORAGE_KEY, next)
			return next
		})
		pendingHistory.current = { mode: 'replace', from: 'contact-info' }
		setCurrentStep('short-thank-you')
	}, [])

	const leadToken = useCallback(
		() => readStorage<string>(localStorage, LEAD_TOKEN_STORAGE_KEY) ?? keptToken(formData.leadId),
		[formData.leadId],
	)

	const markLongFormSubmitted = useCallback(() => {
		setLongFormSubmitted(true)
		pendingHistory.current = { mode: 'replace', from: 'loan-customization' }
		setCurrentStep('long-thank-you')
	}, [])

	const clearStoredApplication = useCallback(() => {
		// docs/decisions/0102: what the screen and its terms need stays in this tab (its token read before it is removed).
		const completed = completedApplication(formData, leadToken())
		if (completed) keepCompletedApplication(sessionStorage, completed)
		removeStoredApplication()
	}, [formData, leadToken])

	const startNewQuote = useCallback(() => {
		removeStoredApplication()
		// docs/decisions/0124: a new quote is a new visit.
		forgetWizardVisit()
		resumed.current = false
		forgetCompletedApplication(sessionStorage)
		setLongFormSubmitted(false)
		setFormData(DEFAULT_FORM_DATA)
		pendingHistory.current = { mode: 'push', from: currentStep }
		setCurrentStep(buildWizardSteps(DEFAULT_FORM_DATA)[0]!)
	}, [currentStep])

	const value = useMemo<LoanFormContextValue>(
		() => ({
			formData,
			currentStep,
			steps: buildWizardSteps(formData),
			isTransitioning,
			restored,
			longFormSubmitted,
			updateFormData,
			goToStep,
			nextStep,
			advanceAfter,
			prevStep,
			recordLead,
			leadToken,
			markLongFormSubmitted,
			clearStoredApplication,
			startNewQuote,
		}),
		[
			formData,
			currentStep,
			isTransitioning,
			restored,
			longFormSubmitted,
			updateFormData,
			goToStep,
			nextStep,
			advanceAfter,
			prevStep,
			recordLead,
			leadToken,
			markLongFormSubmitted,
			clearStoredApplication,
			startNewQuote,
		],
	)
	return <LoanFormContext.Provider value={value}>{children}</LoanFormContext.Provider>
}

export function useLoanForm() {
	const context = useContext(LoanFormContext)
	// spec 1 §8: the exact error text.
	if (!context) throw new Error('useLoanForm must be used within a LoanFormProvider')
	return context
}
