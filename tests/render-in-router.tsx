import { cleanup, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createRoutesStub } from 'react-router'
import { afterEach } from 'vitest'

// Vitest runs without globals here, so Testing Library cannot unmount by itself between tests.
afterEach(cleanup)

/**
 * Renders a component that holds react-router `Form`s, on a one-route stub whose action records each form sent
 * (docs/decisions/0082: render tests of the components that hold a rule).
 */
export function renderInRouter(ui: ReactElement) {
	const posted: FormData[] = []
	const Stub = createRoutesStub([
		{
			path: '/',
			Component: () => ui,
			action: async ({ request }) => {
				posted.push(await request.formData())
				return null
			},
		},
	])
	return { ...render(<Stub initialEntries={['/']} />), posted }
}
