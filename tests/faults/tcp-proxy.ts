import net from 'node:net'

/**
 * A TCP proxy between the app and PostgreSQL that can fail the way networks do: `kill()` resets every
 * connection and refuses new ones (a crashed or restarted database), `freeze()` keeps connections open
 * but silent (a partition, a hung host), `restore()` ends either.
 */
export class TcpProxy {
	private server: net.Server | null = null
	private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>()
	private frozen = false
	port = 0

	private readonly targetHost: string
	private readonly targetPort: number

	constructor(targetHost: string, targetPort: number) {
		this.targetHost = targetHost
		this.targetPort = targetPort
	}

	async start(port = 0) {
		const server = net.createServer((client) => this.accept(client))
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject)
			server.listen(port, '127.0.0.1', () => resolve())
		})
		this.server = server
		this.port = (server.address() as net.AddressInfo).port
		return this.port
	}

	private accept(client: net.Socket) {
		const upstream = net.connect(this.targetPort, this.targetHost)
		const pair = { client, upstream }
		this.pairs.add(pair)
		const drop = () => {
			this.pairs.delete(pair)
			client.destroy()
			upstream.destroy()
		}
		client.on('error', drop).on('close', drop)
		upstream.on('error', drop).on('close', drop)
		client.pipe(upstream)
		upstream.pipe(client)
		if (this.frozen) this.pause(pair)
	}

	private pause({ client, upstream }: { client: net.Socket; upstream: net.Socket }) {
		client.unpipe(upstream)
		upstream.unpipe(client)
		client.pause()
		upstream.pause()
	}

	/** Resets every open connection and refuses new ones until restore(). */
	async kill() {
		for (const { client, upstream } of this.pairs) {
			client.resetAndDestroy()
			upstream.destroy()
		}
		this.pairs.clear()
		await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
		this.server = null
	}

	/** Connections stay open (and new ones are accepted) but no byte goes through in either direction. */
	freeze() {
		this.frozen = true
		for (const pair of this.pairs) this.pause(pair)
	}

	async restore() {
		if (this.frozen) {
			this.frozen = false
			for (const { client, upstream } of this.pairs) {
				client.pipe(upstream)
				upstream.pipe(client)
				client.resume()
				upstream.resume()
			}
		}
		if (!this.server) await this.start(this.port)
	}

	async stop() {
		await this.kill()
	}
}
