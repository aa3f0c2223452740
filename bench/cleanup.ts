type Task = () => Promise<void>

const pending = new Set<Task>()

/** Registers a clean-up step and returns it wrapped so it runs once, whether called directly or by cleanupAll. */
export function deferCleanup(task: Task): Task {
	let done: Promise<void> | undefined
	const once: Task = () => {
		pending.delete(once)
		done ??= task()
		return done
	}
	pending.add(once)
	return once
}

/** Runs every step not yet run, newest first, so a server stops before its data folder is removed. */
export async function cleanupAll() {
	for (const task of [...pending].reverse()) {
		await task().catch((error: unknown) => console.error('cleanup failed:', error))
	}
}
