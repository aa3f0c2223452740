import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Webhook } from 'standardwebhooks'

export type Arrival = {
	webhookId: string
	body: string
	type: string | null
	leadId: string | null
	/** The signature verified with the endpoint's secret (the standardwebhooks package, not the app's code). */
	verified: boolean
	/** The connection was cut after the request was read, without an answer. */
	cut: boolean
	at: number
}

/**
 * A webhook receiver on 127.0.0.1 for the fault suite. `down()` closes it (a connection is refused, as when the
 * receiver's host is away); `up()` listens again on the same port. Every request is read whole and recorded with its
 * signature's check, then answered 204, or, when `cut` says so, its connection is destroyed without an answer: the
 * receiver may have acted on it, and the sender must retry it with the same webhook-id.
 */
export class WebhookReceiver {
	readonly arrivals: Arrival[] = []
	port = 0
	cut: (arrival: Arrival) => boolean = () => false
	private verifier: Webhook | null = null
	private server: http.Server | null = null
	private readonly sockets = new Set<Socket>()

	get url() {
		return `http://127.0.0.1:${this.port}`
	}

	verifyWith(secret: string) {
		this.verifier = new Webhook(secret)
	}

	async up() {
		const server = http.createServer((request, response) => {
			const chunks: Buffer[] = []
			request.on('data', (chunk: Buffer) => chunks.push(chunk))
			request.on('end', () => {
				const body = Buffer.concat(chunks).toString('utf8')
				const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
				let verified = false
				try {
					this.verifier?.verify(body, headers)
					verified = this.verifier !== null
				} catch {}
				let event: { type?: string; data?: { lead?: { id?: string } } } = {}
				try {
					event = JSON.parse(body) as typeof event
				} catch {}
				const arrival: Arrival = {
					webhookId: headers['webhook-id'] ?? '',
					body,
					type: event.type ?? null,
					leadId: event.data?.lead?.id ?? null,
					verified,
					cut: false,
					at: Date.now(),
				}
				arrival.cut = this.cut(arrival)
				this.arrivals.push(arrival)
				if (arrival.cut) request.socket.destroy()
				else response.writeHead(204).end()
			})
		})
		server.on('connection', (socket) => {
			this.sockets.add(socket)
			socket.on('close', () => this.sockets.delete(socket))
		})
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject)
			server.listen(this.port, '127.0.0.1', () => resolve())
		})
		this.port = (server.address() as AddressInfo).port
		this.server = server
	}

	/** Stops listening and drops every open connection: from now on a connection is refused. */
	async down() {
		const server = this.server
		if (!server) return
		this.server = null
		const closed = new Promise<void>((resolve) => server.close(() => resolve()))
		for (const socket of this.sockets) socket.destroy()
		await closed
	}
}
