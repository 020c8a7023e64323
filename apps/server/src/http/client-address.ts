// Who a request comes from, for the per-address limits (tables opened, sockets held, device codes tried, pushes
// subscribed): the connection's address, or — behind a reverse proxy named in TRUST_PROXY — the address that proxy
// says it forwarded for (X-Forwarded-For). Fastify's `req.ip` and socket.io's handshake address follow the same rule.

import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** The proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, or proxy-addr's names `loopback`,
 * `linklocal` and `uniquelocal`. Empty: none (the header is ignored, as it is by default). */
export type TrustProxy = readonly string[];

/** TRUST_PROXY as the environment says it: comma-separated. A hop count or `true` is refused: they would believe a
 * header that anyone reaching the server directly can write. */
export function parseTrustProxy(text: string): TrustProxy {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const entry of entries)
    if (/^(true|\d+)$/i.test(entry))
      throw new Error(`TRUST_PROXY names the proxies to believe (an address, a CIDR range, loopback, linklocal or uniquelocal), not ${JSON.stringify(entry)}`);
  // proxy-addr refuses what it cannot read, with its own words.
  proxyAddr.compile([...entries]);
  return entries;
}

/** The trust function for Fastify's `trustProxy` and for clientAddress; undefined when nothing is trusted. */
export function trustFunction(trust: TrustProxy | undefined): ((address: string, hop: number) => boolean) | undefined {
  return trust && trust.length > 0 ? proxyAddr.compile([...trust]) : undefined;
}

/** The client's address of a raw request (a socket.io handshake's): as Fastify's `req.ip` under the same trust. */
export function clientAddress(req: IncomingMessage, trust: ((address: string, hop: number) => boolean) | undefined): string {
  if (!trust) return req.socket.remoteAddress ?? '';
  return proxyAddr.all(req, trust).at(-1) ?? '';
}
