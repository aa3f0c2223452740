import dns from 'node:dns'
import net from 'node:net'

/**
 * docs/decisions/0068: webhooks reach public addresses only. Private, loopback, link-local, shared, multicast and
 * reserved ranges are refused after DNS resolution (every address a name resolves to), unless the operator allowed
 * the host name or the address (WEBHOOK_ALLOWED_HOSTS).
 */
const BLOCKED_V4: Array<[string, number]> = [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
]
const BLOCKED_V6: Array<[string, number]> = [
	// IPv4-compatible (deprecated: ::7f00:1 is 127.0.0.1) and IPv4-translated (::ffff:0:a.b.c.d) addresses, which
	// also hold :: and ::1; IPv4-mapped ones (::ffff:a.b.c.d) are judged as the IPv4 address they are (unmapped).
	['::', 96],
	['::ffff:0:0:0', 96],
	// 6to4 (2002:7f00:1:: carries 127.0.0.1): a relay long retired, nothing a CRM is reached by.
	['2002::', 16],
	['64:ff9b::', 96],
	['64:ff9b:1::', 48],
	['100::', 64],
	['2001:db8::', 32],
	['fc00::', 7],
	['fe80::', 10],
	['fec0::', 10],
	['ff00::', 8],
]

const blocked = new net.BlockList()
for (const [address, prefix] of BLOCKED_V4) blocked.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of BLOCKED_V6) blocked.addSubnet(address, prefix, 'ipv6')

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
	if (mapped) return { address: mapped[1]!, family: 'ipv4' }
	return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' }
}

export type AddressPolicy = {
	/** Whether a resolved address may be connected to for this host name. */
	allows(hostname: string, address: string): boolean
}

export function createAddressPolicy(allowedHosts: readonly string[]): AddressPolicy {
	const names = new Set<string>()
	const allowed = new net.BlockList()
	for (const entry of allowedHosts) {
		const [address, prefix] = entry.split('/')
		const family = net.isIP(address ?? '')
		if (family === 0) names.add(entry.toLowerCase())
		else if (prefix === undefined) allowed.addAddress(address!, family === 4 ? 'ipv4' : 'ipv6')
		else allowed.addSubnet(address!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6')
	}
	return {
		allows(hostname, raw) {
			if (names.has(hostname.toLowerCase().replace(/\.$/, ''))) return true
			const { address, family } = unmapped(raw)
			if (net.isIP(address) === 0) return false
			if (allowed.check(address, family) || (family === 'ipv4' && allowed.check(`::ffff:${address}`, 'ipv6'))) return true
			return !blocked.check(address, family)
		},
	}
}

export class BlockedAddressError extends Error {
	constructor(hostname: string) {
		super(`The receiver's address is private, loopback or link-local (${hostname}); allow it with WEBHOOK_ALLOWED_HOSTS`)
		this.name = 'BlockedAddressError'
	}
}

/**
 * When an endpoint is saved: an address that is certainly refused (an IP address written as such, or localhost, not
 * allowed by the policy) is named at once rather than in its first failed delivery. A name is judged when it is sent.
 */
export function refusedAtOnce(policy: AddressPolicy, target: string): string | null {
	// A trailing dot (localhost.) names the same host.
	const hostname = new URL(target).hostname
		.replace(/^\[|\]$/g, '')
		.toLowerCase()
		.replace(/\.$/, '')
	if (net.isIP(hostname) !== 0) return policy.allows(hostname, hostname) ? null : new BlockedAddressError(hostname).message
	if (hostname === 'localhost' || hostname.endsWith('.localhost'))
		return policy.allows(hostname, '127.0.0.1') ? null : new BlockedAddressError(hostname).message
	return null
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void
/** How a name is resolved to every address it has (dns.lookup; a test passes its own). */
export type Resolver = (
	hostname: string,
	options: dns.LookupAllOptions,
	callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void

/**
 * A `lookup` for node:http(s) that resolves the name and refuses it when any of its addresses is refused: the
 * address checked is the address connected to (no second resolution can swap it).
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = dns.lookup) {
	return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
		resolve(hostname, { ...options, all: true }, (error, addresses) => {
			if (error) return callback(error, options.all ? [] : '')
			const list = addresses as dns.LookupAddress[]
			if (list.length === 0 || list.some((entry) => !policy.allows(hostname, entry.address))) {
				return callback(Object.assign(new BlockedAddressError(hostname), { code: 'EBLOCKED' }), options.all ? [] : '')
			}
			if (options.all) callback(null, list)
			else callback(null, list[0]!.address, list[0]!.family)
		})
	}
}
