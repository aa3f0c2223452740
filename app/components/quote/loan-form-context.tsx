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
import { useWizardEnv } from './wizard-env.tsx'

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
	/** spec 1 §4: on the long thank-you page the stored lead and answers are removed. */
	clearStoredApplication: () => void
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

	// spec 1 §3: the answers come back from local storage, merged over the default of formMode short.
	useEffect(() => {
		const saved = readStorage<LoanFormData>(localStorage, LOAN_FORM_STORAGE_KEY)
		const data: LoanFormData = { ...DEFAULT_FORM_DATA, ...(saved && typeof saved === 'object' ? saved : {}) }
		// The step in the address (a reload, Back into the wizard) wins over the one saved last.
		const wanted = stepInSearch(window.location.search) ?? readStorage<string>(localStorage, LOAN_FORM_STEP_STORAGE_KEY)
		const now = { now: new Date() }
		setFormData(data)
		setCurrentStep(canShow(wanted, data, now) ? wanted : lastAccessibleStep(data, now))
		setRestored(true)
	}, [])

	useEffect(() => {
		if (restored) writeStorage(localStorage, LOAN_FORM_STEP_STORAGE_KEY, currentStep)
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
				// spec 1 §4: if the current step disappears, jump to the last accessible step.
				setCurrentStep((step) => (buildWizardSteps(next).includes(step) ? step : lastAccessibleStep(next, facts())))
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

	const leadToken = useCallback(() => readStorage<string>(localStorage, LEAD_TOKEN_STORAGE_KEY), [])

	const markLongFormSubmitted = useCallback(() => {
		setLongFormSubmitted(true)
		pendingHistory.current = { mode: 'replace', from: 'loan-customization' }
		setCurrentStep('long-thank-you')
	}, [])

	const clearStoredApplication = useCallback(() => {
		removeStorage(LOAN_FORM_STORAGE_KEY, LOAN_FORM_STEP_STORAGE_KEY, LEAD_ID_STORAGE_KEY, LEAD_TOKEN_STORAGE_KEY)
	}, [])

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
