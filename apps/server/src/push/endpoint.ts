// Where a push may go: a push service is a public host on the internet, reached over https. A browser names its push
// service's URL and the server POSTs to it, so an endpoint aimed inside (loopback, the private network, a cloud's
// metadata address) would make the server a door into places nobody outside should reach. The endpoint's host is
// resolved and every address it gives checked at subscribe time and again at each send, and the connection goes to
// an address so checked (the lookup is the check: no second lookup for the connection to be fooled by); the port is
// 443 unless configured; a redirect is never followed.
//
// Why this rather than a list of the known push services' domains (FCM, Mozilla's, Apple's, Microsoft's): every
// browser works, a self-hosted push service (UnifiedPush, autopush) too, and nothing breaks when a vendor adds a
// domain; what must never be reached — addresses that are not public — is a short, stable list.

import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How a host name resolves: its addresses (tests put a resolver of their own here). */
export type Resolve = (host: string) => Promise<readonly string[]>;

export interface EndpointPolicy {
  /** Ports a push service may listen on (default [443]). */
  readonly ports?: readonly number[];
  /** Tests only: any port and addresses on this machine allowed (a test's own push service). */
  readonly allowLocal?: boolean;
  readonly resolve?: Resolve;
  /** Tests only: a certificate authority to trust besides the system's (a test's own push service). */
  readonly ca?: string;
}

export const PUSH_PORTS: readonly number[] = [443];

const systemResolve: Resolve = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** IPv6's global unicast block (2000::/3): anything outside it is not a public host. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `address` is a public unicast address: not loopback, private (RFC 1918), link-local, carrier-grade NAT,
 * unique local, multicast, broadcast, unspecified, reserved or for documentation; an IPv4-mapped IPv6 address is
 * judged by the IPv4 address it carries, and IPv6 outside global unicast, or naming IPv4 through 6to4, NAT64 or Teredo,
 * is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return false;
  return ip.range() === 'unicast';
}

export interface CheckedEndpoint {
  readonly url: URL;
  /** The addresses the host resolved to, every one checked: the connection goes to one of these. */
  readonly addresses: readonly string[];
}

/** The endpoint, resolved and checked; or why it is not a push service's. */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<{ ok: true; endpoint: CheckedEndpoint } | { ok: false; reason: string }> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  const local = policy.allowLocal === true;
  if (url.protocol !== 'https:') return { ok: false, reason: 'a push service is reached over https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'a push service’s URL carries no user or password' };
  const port = url.port === '' ? 443 : Number(url.port);
  if (!local && !(policy.ports ?? PUSH_PORTS).includes(port)) return { ok: false, reason: `a push service listens on port ${(policy.ports ?? PUSH_PORTS).join(' or ')}` };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch (e) {
      return { ok: false, reason: `its host does not resolve (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: 'its host does not resolve' };
  if (!local && !addresses.every(isPublicAddress)) return { ok: false, reason: 'not a push service’s address (its host is not a public address)' };
  return { ok: true, endpoint: { url, addresses } };
}

/** A lookup that answers only the checked addresses, whatever it is asked (the connection's only lookup). */
function checkedLookup(addresses: readonly string[]): LookupFunction {
  const all = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, all);
    else callback(null, all[0]?.address, all[0]?.family);
  }) as LookupFunction;
}

/**
 * POSTs `body` to a checked endpoint, connecting only to its checked addresses; answers the status. A redirect is a
 * status like any other: never followed. The body of the answer is not read.
 */
export function postTo(target: CheckedEndpoint, headers: Record<string, string>, body: Buffer | null, timeoutMs: number, ca?: string): Promise<number> {
  const { url, addresses } = target;
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        ...(ca === undefined ? {} : { ca }),
        method: 'POST',
        headers: { ...headers, 'content-length': String(body?.length ?? 0) },
        lookup: checkedLookup(addresses),
        timeout: timeoutMs,
        // Every push its own connection: a kept one could outlive the check.
        agent: false,
      },
      (res: IncomingMessage) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.once('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.once('error', reject);
    req.end(body ?? undefined);
  });
}
