import { performance } from 'node:perf_hooks'
import { SMTPServer } from 'smtp-server'
import { sql } from 'drizzle-orm'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { outbox } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { startOutboxWorker } from '#app/features/mail/outbox-worker.server.ts'
import { createSmtpTransport } from '#app/features/mail/transport.server.ts'
import { deferCleanup } from './cleanup.ts'
import { createBenchDatabase } from './postgres.ts'
import type { BenchReport, Benchmark } from './types.ts'

const BURST = 2_000
const TARGET_PER_SECOND = 50

// docs/decisions/0018: a burst of notifications drains at the transport's speed, not one batch per poll.
export const outboxDrainBenchmark: Benchmark = { name: 'outbox-drain', run }

async function startSmtpPeer() {
	let received = 0
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, _session, callback) {
			stream.on('data', () => {})
			stream.on('end', () => {
				received++
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	deferCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
	return { port: (server.server.address() as { port: number }).port, received: () => received }
}

async function measure(label: string, handle: DatabaseHandle) {
	await handle.migrate()
	const peer = await startSmtpPeer()
	const mail = {
		to: ['staff@example.com'],
		subject: 'New quote request',
		lines: Array.from({ length: 20 }, () => 'A new lead arrived.'),
		replyTo: 'lead@example.com',
	}
	for (let index = 0; index < BURST; index += 200) {
		await handle.db.transaction(async (tx) => {
			for (let n = index; n < Math.min(BURST, index + 200); n++) await enqueueMail(tx, 'bench', mail)
		})
	}
	const started = performance.now()
	const worker = startOutboxWorker({
		db: handle.db,
		transport: createSmtpTransport(`smtp://127.0.0.1:${peer.port}`),
		from: 'Bench <no-reply@example.com>',
		log: { error: () => {}, warn: () => {} },
	})
	while (peer.received() < BURST && performance.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 50))
	const seconds = (performance.now() - started) / 1000
	await worker.stop()
	const [pending] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(sql`${outbox.status} <> 'sent'`)
	const rate = peer.received() / seconds
	return {
		row: [label, BURST, peer.received(), pending!.n, seconds.toFixed(1), Math.round(rate), `≥ ${TARGET_PER_SECOND}`],
		met: rate >= TARGET_PER_SECOND && pending!.n === 0,
	}
}

async function run(): Promise<BenchReport> {
	const rows: Array<Array<string | number>> = []
	let targetsMet = true
	const pglite = await openDatabase({ inMemory: true })
	deferCleanup(() => pglite.close())
	const embedded = await measure('PGlite', pglite)
	rows.push(embedded.row)
	targetsMet &&= embedded.met
	const url = await createBenchDatabase('bench_outbox')
	if (url) {
		const postgres = await openDatabase({ url })
		deferCleanup(() => postgres.close())
		const server = await measure('PostgreSQL', postgres)
		rows.push(server.row)
		targetsMet &&= server.met
	}
	return {
		title: `Outbox: a burst of ${BURST} notifications to a local SMTP peer`,
		columns: ['database', 'queued', 'received', 'left unsent', 'seconds', 'mails/s', 'target'],
		rows,
		summary: [
			targetsMet
				? `Target met: every burst drained at ≥ ${TARGET_PER_SECOND} mails/s.`
				: `Target missed: below ${TARGET_PER_SECOND} mails/s or mail left unsent.`,
		],
		targetsMet,
	}
}
