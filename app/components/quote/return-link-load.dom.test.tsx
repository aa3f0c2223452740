import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { RETURN_LINK_UNLOADED } from '#app/features/quote-wizard/return-link.ts'
import { testWizardEnv } from '../../../tests/wizard-env-stub.tsx'
import { LoanFormProvider, useLoanForm } from './loan-form-context.tsx'
import { WizardEnvProvider } from './wizard-env.tsx'
import { wizardToast } from './wizard-toast.tsx'

// docs/decisions/0064: the return link's code is fetched only for a link; here that fetch fails (a dropped connection).
vi.mock('./return-visit.ts', () => {
	throw new Error('Failed to fetch dynamically imported module')
})

afterEach(cleanup)

function Harness() {
	const { currentStep } = useLoanForm()
	return <output data-testid="step">{currentStep}</output>
}

test('a return link whose code does not load says so, leaves the address, and the wizard still opens', async () => {
	const error = vi.spyOn(wizardToast, 'error').mockImplementation(() => '')
	const navigate = vi.fn()
	window.history.replaceState(null, '', '/fast-quote?utm_source=mail#return=a-token')
	const env = testWizardEnv({ search: '?utm_source=mail', hash: '#return=a-token', navigate })
	render(
		<WizardEnvProvider value={env}>
			<LoanFormProvider>
				<Harness />
			</LoanFormProvider>
		</WizardEnvProvider>,
	)
	await waitFor(() => expect(error).toHaveBeenCalledWith('This link cannot open your quote', { description: RETURN_LINK_UNLOADED }))
	expect(navigate).toHaveBeenCalledWith({ search: '?utm_source=mail', hash: '' }, { replace: true })
	expect(screen.getByTestId('step').textContent).toBe('loan-program')
})
