import type { ReactNode } from 'react'
import { type WizardEnv, WizardEnvProvider } from '#app/components/quote/wizard-env.tsx'
import type { Company } from '#app/features/content/content-schemas.ts'

/** The company a render test's wizard shows (fictional, docs/decisions/0007). */
export const testCompany = { name: 'Example Lending', phone: '(555) 010-0199' } as Company

/** A wizard host for a render test: the page's address, its navigate, and the page data (the company). */
export function testWizardEnv({
	pathname = '/fast-quote',
	search = '',
	hash = '',
	navigationType = 'POP',
	navigate = () => {},
	company = testCompany,
}: {
	pathname?: string
	search?: string
	hash?: string
	navigationType?: 'POP' | 'PUSH' | 'REPLACE'
	navigate?: (...args: never[]) => void
	company?: Company
} = {}) {
	return {
		location: { pathname, search, hash, state: null, key: 'default' },
		navigationType,
		navigate,
		data: { company, minExperienceByProgram: {} },
	} as unknown as WizardEnv
}

/** The wizard's page data for a component rendered alone: the company, and the experience each program asks. */
export function WizardEnvStub({ children }: { children: ReactNode }) {
	return <WizardEnvProvider value={testWizardEnv({ pathname: '/quote' })}>{children}</WizardEnvProvider>
}
