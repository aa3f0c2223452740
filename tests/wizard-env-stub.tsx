import type { ReactNode } from 'react'
import { type WizardEnv, WizardEnvProvider } from '#app/components/quote/wizard-env.tsx'
import type { Company } from '#app/features/content/content-schemas.ts'

/** The company a render test's wizard shows (fictional, docs/decisions/0007). */
export const testCompany = { name: 'Example Lending', phone: '(555) 010-0199' } as Company

/** The wizard's page data for a component rendered alone: the company, and the experience each program asks. */
export function WizardEnvStub({ children }: { children: ReactNode }) {
	const env = {
		location: { pathname: '/quote', search: '', hash: '', state: null, key: 'default' },
		navigationType: 'POP',
		navigate: () => {},
		data: { company: testCompany, minExperienceByProgram: {} },
	} as unknown as WizardEnv
	return <WizardEnvProvider value={env}>{children}</WizardEnvProvider>
}
