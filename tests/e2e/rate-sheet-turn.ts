import { mkdir, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { E2E_DATA_DIR } from './e2e-env.ts'

const TURN = path.join(E2E_DATA_DIR, 'rate-sheet-turn')
const WAIT_MS = 200_000

/**
 * The specs that publish a rate sheet take turns, across workers and viewports: a publish is refused when another was
 * published after its preview (docs/decisions/0073), and each of them reads the live sheet first. A directory is the
 * turn (mkdir is atomic); the server's data folder is new on every run, so a turn left by a killed run is gone.
 */
export async function withRateSheetTurn<T>(work: () => Promise<T>): Promise<T> {
	const giveUpAt = Date.now() + WAIT_MS
	for (;;) {
		try {
			await mkdir(TURN)
			break
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
			if (Date.now() > giveUpAt) throw new Error(`Waited ${WAIT_MS / 1000} s for another spec to finish publishing a rate sheet`)
			await new Promise((resolve) => setTimeout(resolve, 250))
		}
	}
	try {
		return await work()
	} finally {
		await rmdir(TURN)
	}
}
