import { isIP } from 'node:net'

/**
 * docs/decisions/0077: the two addresses of a request. `socketIp` is the peer of the connection; `clientIp` is the
 * address the proxies named (Express's `req.ip` under TRUST_PROXY, the socket's without it) when it is a valid IP, else
 * the socket's: a forwarded header is text anyone can write, and "10.9.3600.118" is kept as evidence nowhere.
 */
export function requestAddresses({ forwarded, socket }: { forwarded: string | undefined; socket: string | undefined }) {
	const socketIp = socket && isIP(socket) ? socket : 'unknown'
	const clientIp = forwarded && isIP(forwarded) ? forwarded : socketIp
	return { clientIp, socketIp }
}
