import dns from 'node:dns'
import net from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * docs/decisions/0068: webhooks reach public addresses only. Private, loopback, link-local, shared, multicast and
 * reserved ranges are refused after DNS resolution (every address a name resolves to), unless the operator allowed
 * the host name or the address (WEBHOOK_ALLOWED_HOSTS). docs/decisions/0083: the ranges are ipaddr.js's list of
 * special-purpose addresses (IANA's registries): an address is public when ipaddr.js calls it unicast.
 *
 * An IPv4-mapped address (::ffff:10.0.0.1) is judged as the IPv4 address it is. Every other IPv6 form that carries an
 * IPv4 address is refused whole: IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16, where
 * 2002:7f00:1:: carries 127.0.0.1), Teredo (2001::/32, whose last 32 bits are a client's IPv4 address, inverted) and
 * IPv4-compatible (::a.b.c.d, deprecated: ::7f00:1 is 127.0.0.1; ipaddr.js names no range for it, so it is refused
 * here). Relays long retired or translators of a private network: nothing a CRM is reached by.
 */
function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6) {
	if (address.range() !== 'unicast') return false
	return !(address instanceof ipaddr.IPv6 && address.parts.slice(0, 6).every((part) => part === 0))
}

/** An address the way it is judged: an IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address; null when not an address. */
function parsed(raw: string) {
	if (net.isIP(raw) === 0) return null
	try {
		return ipaddr.process(raw)
	} catch {
		return null
	}
}

export type AddressPolicy = {
	/** Whether a resolved address may be connected to for this host name. */
	allows(hostname: string, address: string): boolean
}

export function createAddressPolicy(allowedHosts: readonly string[]): AddressPolicy {
	const names = new Set<string>()
	const allowed: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = []
	for (const entry of allowedHosts) {
		const [address, prefix] = entry.split('/')
		const family = net.isIP(address ?? '')
		if (family === 0) names.add(entry.toLowerCase())
		else allowed.push([ipaddr.parse(address!), prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix)])
	}
	// An IPv4 address is also allowed by a range written in its IPv4-mapped form (::ffff:10.0.0.0/104).
	const isAllowed = (address: ipaddr.IPv4 | ipaddr.IPv6) => {
		const forms = address instanceof ipaddr.IPv4 ? [address, address.toIPv4MappedAddress()] : [address]
		return forms.some((form) => allowed.some(([range, bits]) => range.kind() === form.kind() && form.match(range, bits)))
	}
	return {
		allows(hostname, raw) {
			if (names.has(hostname.toLowerCase().replace(/\.$/, ''))) return true
			const address = parsed(raw)
			if (!address) return false
			return isAllowed(address) || isPublic(address)
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
