import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createRoutesStub, useFetcher } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { useFetcherAnswer } from './use-fetcher-answer.ts'

afterEach(cleanup)

type Answer = { n: number }

function Sender({ label, n }: { label: string; n: number }) {
	const fetcher = useFetcher<Answer>({ key: 'k' })
	return (
		<button type="button" onClick={() => void fetcher.submit({ n }, { method: 'post', action: '/screen' })}>
			{label}
		</button>
	)
}

function Listener({ heard }: { heard: number[] }) {
	useFetcherAnswer<Answer>('k', (answer) => heard.push(answer.n))
	return null
}

/** A screen whose action answers with the number posted once `release` lets it; `loads` counts its reloads. */
function renderScreen() {
	const first: number[] = []
	const late: number[] = []
	const held: Array<() => void> = []
	const heldLoads: Array<() => void> = []
	let holdLoads = false
	let loads = 0
	function Screen() {
		const [sending, setSending] = useState(true)
		const [lateListener, setLateListener] = useState(false)
		return (
			<>
				<Listener heard={first} />
				{lateListener ? <Listener heard={late} /> : null}
				{sending ? <Sender label="Send 1" n={1} /> : null}
				<Sender label="Send 2" n={2} />
				<button type="button" onClick={() => setSending(false)}>
					Remove sender
				</button>
				<button type="button" onClick={() => setLateListener(true)}>
					Add listener
				</button>
			</>
		)
	}
	const Stub = createRoutesStub([
		{
			path: '/screen',
			HydrateFallback: () => null,
			loader: async () => {
				if (holdLoads) await new Promise<void>((resolve) => heldLoads.push(resolve))
				return { loads: ++loads }
			},
			Component: Screen,
			action: async ({ request }) => {
				const n = Number((await request.formData()).get('n'))
				await new Promise<void>((resolve) => held.push(resolve))
				return { n }
			},
		},
	])
	render(<Stub initialEntries={['/screen']} />)
	const release = async () => {
		await waitFor(() => expect(held.length).toBeGreaterThan(0))
		held.shift()!()
	}
	const hold = () => {
		holdLoads = true
	}
	const releaseLoads = () => {
		holdLoads = false
		for (const resolve of heldLoads.splice(0)) resolve()
	}
	return { first, late, release, hold, releaseLoads, heldLoads, loads: () => loads }
}

describe('useFetcherAnswer (docs/decisions/0125)', () => {
	test('each answer is heard once, as it comes: not again while the next submission shows it, nor when the page reloads', async () => {
		const screenState = renderScreen()
		fireEvent.click(await screen.findByRole('button', { name: 'Send 1' }))
		await screenState.release()
		await waitFor(() => expect(screenState.first).toEqual([1]))
		// The answer is the fetcher's until the next one: a new submission shows it while it waits.
		fireEvent.click(screen.getByRole('button', { name: 'Send 2' }))
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(screenState.first).toEqual([1])
		await screenState.release()
		await waitFor(() => expect(screenState.first).toEqual([1, 2]))
		// The page's data reloaded after each action; neither reload repeated an answer.
		await waitFor(() => expect(screenState.loads()).toBeGreaterThanOrEqual(3))
		expect(screenState.first).toEqual([1, 2])
	})

	test('a listener that mounts after an answer does not hear it; it hears the next one', async () => {
		const screenState = renderScreen()
		fireEvent.click(await screen.findByRole('button', { name: 'Send 1' }))
		await screenState.release()
		await waitFor(() => expect(screenState.first).toEqual([1]))
		fireEvent.click(screen.getByRole('button', { name: 'Add listener' }))
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(screenState.late).toEqual([])
		fireEvent.click(screen.getByRole('button', { name: 'Send 2' }))
		await screenState.release()
		await waitFor(() => expect(screenState.late).toEqual([2]))
	})

	test('a submission that cuts short the reload after an answer shows that answer meanwhile; a listener that missed it still does not hear it', async () => {
		const screenState = renderScreen()
		screenState.hold()
		fireEvent.click(await screen.findByRole('button', { name: 'Send 1' }))
		await screenState.release()
		// The answer came; the page's reload after it is held, so the fetcher is 'loading' with answer 1.
		await waitFor(() => expect(screenState.heldLoads.length).toBe(1))
		await waitFor(() => expect(screenState.first).toEqual([1]))
		fireEvent.click(screen.getByRole('button', { name: 'Add listener' }))
		fireEvent.click(screen.getByRole('button', { name: 'Send 2' }))
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(screenState.late).toEqual([])
		screenState.releaseLoads()
		await screenState.release()
		await waitFor(() => expect(screenState.late).toEqual([2]))
		expect(screenState.first).toEqual([1, 2])
	})

	test('the answer is heard when the button that sent it has gone (a row that left the list)', async () => {
		const screenState = renderScreen()
		fireEvent.click(await screen.findByRole('button', { name: 'Send 1' }))
		fireEvent.click(screen.getByRole('button', { name: 'Remove sender' }))
		expect(screen.queryByRole('button', { name: 'Send 1' })).toBeNull()
		await screenState.release()
		await waitFor(() => expect(screenState.first).toEqual([1]))
	})
})
