/** `promise`, or a rejection with `error()` once `ms` have passed (the timer never outlives the race). */
export function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(error()), ms)
	})
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
