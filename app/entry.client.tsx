import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { ignoreUnobservedAborts } from '#app/components/ui/ignore-aborted.ts'

// React Router's default client entry, plus one listener set before the router starts (docs/decisions/0119).
ignoreUnobservedAborts(window)

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
