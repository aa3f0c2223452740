import { screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { renderInRouter } from '../../../tests/render-in-router.tsx'
import { PasskeySignIn } from './passkey-sign-in.tsx'

/** docs/decisions/0093: "Sign in with a passkey" is offered only where the browser has WebAuthn. */
const original = (window as { PublicKeyCredential?: unknown }).PublicKeyCredential
afterEach(() => {
	;(window as { PublicKeyCredential?: unknown }).PublicKeyCredential = original
})

test('a browser without WebAuthn is not offered the button', async () => {
	delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential
	renderInRouter(
		<>
			<h1>Admin Access</h1>
			<PasskeySignIn redirectQuery="" />
		</>,
	)
	await screen.findByRole('heading', { name: 'Admin Access' })
	expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
})

test('a browser with WebAuthn is offered it', async () => {
	;(window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {}
	renderInRouter(<PasskeySignIn redirectQuery="" />)
	expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy()
})
