import { useMemo } from 'react'
import { useLocation, useNavigate, useNavigationType } from 'react-router'
import { type WizardEnv, WizardEnvProvider, type WizardPageData } from './wizard-env.tsx'

/** The wizard's page as React Router sees it: the server render, and a client-side navigation from a page with the bundle. */
export function RouterWizardEnv({ data, children }: { data: WizardPageData; children: React.ReactNode }) {
	const location = useLocation()
	const navigationType = useNavigationType()
	const routerNavigate = useNavigate()
	const env = useMemo<WizardEnv>(
		() => ({
			location: { pathname: location.pathname, search: location.search, hash: location.hash, state: location.state, key: location.key },
			navigationType,
			navigate(to, options) {
				if (typeof to === 'number') routerNavigate(to)
				else if (typeof to === 'string') routerNavigate(to)
				else
					routerNavigate(
						{ pathname: location.pathname, search: to.search, hash: to.hash },
						{ replace: options?.replace, state: options?.state, preventScrollReset: true },
					)
			},
			data,
		}),
		[location, navigationType, routerNavigate, data],
	)
	return <WizardEnvProvider value={env}>{children}</WizardEnvProvider>
}
