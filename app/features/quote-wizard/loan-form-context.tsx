import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
	DEFAULT_FORM_DATA,
	LEAD_ID_STORAGE_KEY,
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
	type LoanFormData,
	applyFormChange,
} from './form-data.ts'
import { type StepId, buildWizardSteps, isStepAccessible, isStepId, lastAccessibleStep } from './steps.ts'

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
	const navigate = useNavigate()
	const [formData, setFormData] = useState<LoanFormData>(DEFAULT_FORM_DATA)
	const [currentStep, setCurrentStep] = useState<StepId>('loan-program')
	const [isTransitioning, setTransitioning] = useState(false)
	const [restored, setRestored] = useState(false)
	const [longFormSubmitted, setLongFormSubmitted] = useState(false)
	const transitionTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const facts = useCallback(() => ({ now: new Date(), longFormSubmitted }), [longFormSubmitted])

	// spec 1 §3: the answers come back from local storage, merged over the default of formMode short.
	useEffect(() => {
		const saved = readStorage<LoanFormData>(localStorage, LOAN_FORM_STORAGE_KEY)
		const data: LoanFormData = { ...DEFAULT_FORM_DATA, ...(saved && typeof saved === 'object' ? saved : {}) }
		const savedStep = readStorage<string>(localStorage, LOAN_FORM_STEP_STORAGE_KEY)
		const now = { now: new Date() }
		setFormData(data)
		setCurrentStep(isStepId(savedStep) && isStepAccessible(savedStep, data, now) ? savedStep : lastAccessibleStep(data, now))
		setRestored(true)
	}, [])

	useEffect(() => {
		if (restored) writeStorage(localStorage, LOAN_FORM_STEP_STORAGE_KEY, currentStep)
	}, [currentStep, restored])

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

	const goToStep = useCallback(
		(step: string) => {
			if (!isStepId(step) || !isStepAccessible(step, formData, facts())) {
				console.warn(`Cannot navigate to step "${step}": it is unknown or not accessible yet`)
				return false
			}
			setCurrentStep(step)
			return true
		},
		[formData, facts],
	)

	const nextStep = useCallback(() => {
		const steps = buildWizardSteps(formData)
		const next = steps[steps.indexOf(currentStep) + 1]
		if (!next || !isStepAccessible(next, formData, facts())) return false
		setTransitioning(true)
		clearTimeout(transitionTimer.current)
		transitionTimer.current = setTimeout(() => setTransitioning(false), STEP_TRANSITION_MS)
		setCurrentStep(next)
		return true
	}, [currentStep, formData, facts])

	const prevStep = useCallback(() => {
		const steps = buildWizardSteps(formData)
		const index = steps.indexOf(currentStep)
		if (index <= 0) {
			// spec 1 §2: Back on the first step goes home and scrolls to the top.
			navigate('/')
			window.scrollTo({ top: 0 })
			return
		}
		setCurrentStep(steps[index - 1]!)
	}, [currentStep, formData, navigate])

	const recordLead = useCallback((leadId: string, token: string) => {
		writeStorage(sessionStorage, LEAD_ID_STORAGE_KEY, leadId)
		writeStorage(localStorage, LEAD_ID_STORAGE_KEY, leadId)
		writeStorage(localStorage, LEAD_TOKEN_STORAGE_KEY, token)
		setFormData((previous) => {
			const next = { ...previous, leadId }
			writeStorage(localStorage, LOAN_FORM_STORAGE_KEY, next)
			return next
		})
		setCurrentStep('short-thank-you')
	}, [])

	const leadToken = useCallback(() => readStorage<string>(localStorage, LEAD_TOKEN_STORAGE_KEY), [])

	const markLongFormSubmitted = useCallback(() => {
		setLongFormSubmitted(true)
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
			prevStep,
			recordLead,
			leadToken,
			markLongFormSubmitted,
			clearStoredApplication,
		}),
		[formData, currentStep, isTransitioning, restored, longFormSubmitted, updateFormData, goToStep, nextStep, prevStep, recordLead, leadToken, markLongFormSubmitted, clearStoredApplication],
	)
	return <LoanFormContext.Provider value={value}>{children}</LoanFormContext.Provider>
}

export function useLoanForm() {
	const context = useContext(LoanFormContext)
	// spec 1 §8: the exact error text.
	if (!context) throw new Error('useLoanForm must be used within a LoanFormProvider')
	return context
}
