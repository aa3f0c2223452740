import { LoanFormProvider } from './loan-form-context.tsx'
import { ProgramPreselect } from './program-preselect.tsx'
import { useWizardEnv } from './wizard-env.tsx'
import { QuoteWizard } from './wizard.tsx'
import { WizardToaster } from './wizard-toast.tsx'

/** The whole quote wizard, below whichever WizardEnvProvider runs it (docs/decisions/0064). */
export function WizardApp() {
	const { consent, schedulingUrl } = useWizardEnv().data
	return (
		<LoanFormProvider>
			<ProgramPreselect />
			<QuoteWizard config={{ consent, schedulingUrl }} />
			<WizardToaster />
		</LoanFormProvider>
	)
}

/** Where the wizard is rendered and, on its own page, hydrated; and the element carrying the page's data for it. */
export const WIZARD_ROOT_ID = 'quote-wizard'
export const WIZARD_DATA_ID = 'quote-wizard-data'
