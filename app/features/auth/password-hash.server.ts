import { hash, verify } from '@node-rs/argon2'

/** OWASP's Argon2id parameters: 19 MiB of memory, 2 iterations, 1 degree of parallelism. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2ID)

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
	try {
		return await verify(stored, password)
	} catch {
		return false
	}
}
