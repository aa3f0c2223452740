import crypto from 'node:crypto'
import pg from 'pg'
import { deferCleanup } from './cleanup.ts'

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A fresh PostgreSQL database beside the admin URL, dropped when the benchmark cleans up; null when unreachable. */
export async function createBenchDatabase(prefix: string): Promise<string | null> {
	const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 })
	try {
		await admin.connect()
	} catch {
		return null
	}
	const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
	await admin.query(`create database ${name}`)
	await admin.end()
	deferCleanup(async () => {
		const dropper = new pg.Client({ connectionString: adminUrl })
		await dropper.connect()
		await dropper.query(`drop database if exists ${name} with (force)`)
		await dropper.end()
	})
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return url.toString()
}
