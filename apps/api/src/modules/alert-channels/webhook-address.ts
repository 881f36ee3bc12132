import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

/** Every address a host name resolves to (both families). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const lookupAll = promisify(dnsLookup);
export const resolveAll: ResolveAll = (hostname) => lookupAll(hostname, { all: true });

/**
 * Whether a webhook may be sent to this address: only public unicast addresses. Private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, broadcast, unspecified and the
 * other special ranges are refused; an IPv4-mapped IPv6 address is judged as the IPv4 it maps.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process(): `::ffff:127.0.0.1` becomes 127.0.0.1, so the mapped form cannot slip through.
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL without IPv6 brackets (`[::1]` → `::1`). */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Why a webhook URL may not be used now. */
export type AddressRefusal = 'private' | 'unresolvable';

/**
 * Checks where the URL's host points: an address literal directly, a host name by resolving it
 * (every address it resolves to must be public). Undefined when the URL may be used.
 */
export async function refuseWebhookAddress(
  url: URL,
  resolve: ResolveAll = resolveAll,
): Promise<AddressRefusal | undefined> {
  const host = urlHost(url);
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : 'private';
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every((entry) => isPublicAddress(entry.address)) ? undefined : 'private';
}
