// Behind the documented reverse proxy (a real nginx running deploy/nginx.conf), two people on two addresses
// (127.0.0.2 and 127.0.0.3) do not share the per-address limits when the server trusts the proxy (TRUST_PROXY): one
// who opens tables or holds sockets to the limit blocks only themself. Without the setting, everyone behind the proxy
// is one address, and X-Forwarded-For is ignored, from the proxy or from anyone.

import { request as httpRequest } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/http/client-address.ts';
import { testServer } from './harness.ts';
import { startNginx, type Nginx } from './support/nginx.ts';

const ALICE = '127.0.0.2';
const BOB = '127.0.0.3';
const LIMITS = { createLimit: { perSecond: 1e-6, burst: 2 }, connectionLimit: 2 } as const;

/** POST /api/tables from `from` (a local address this client binds to): the status. */
function openTable(url: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ name: 'Behind the proxy' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/api/tables`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** A socket from `from`: connected, or the reason it was refused. */
function connectFrom(url: string, from: string, opened: Socket[]): Promise<'connected' | string> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, localAddress: from } as Parameters<typeof io>[1]);
  opened.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (e: Error & { data?: { code?: string } }) => resolve(e.data?.code ?? e.message));
  });
}

describe.each([
  { trusted: true, what: 'with TRUST_PROXY naming the proxy, each person behind it has their own limits' },
  { trusted: false, what: 'without TRUST_PROXY, everyone behind the proxy shares one address, whatever X-Forwarded-For says' },
])('$what', ({ trusted }) => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let nginx: Nginx;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await testServer({ ...LIMITS, ...(trusted ? { trustProxy: parseTrustProxy('127.0.0.1') } : {}) });
    nginx = await startNginx(server.port);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await nginx?.stop();
    await server?.close();
  });

  it('tables opened: one person at the limit', async () => {
    // Alice opens her two; a third is refused, also when she writes an X-Forwarded-For of her own (nginx replaces it).
    expect([await openTable(nginx.url, ALICE), await openTable(nginx.url, ALICE)]).toEqual([201, 201]);
    expect(await openTable(nginx.url, ALICE)).toBe(429);
    expect(await openTable(nginx.url, ALICE, { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
    // Bob, on another address behind the same proxy: his own limit when the proxy is trusted, Alice's otherwise.
    expect(await openTable(nginx.url, BOB)).toBe(trusted ? 201 : 429);
    // Straight to the server, X-Forwarded-For is believed from the proxy's address only, and only when it is trusted.
    expect(await openTable(server.url, '127.0.0.1', { 'x-forwarded-for': '198.51.100.8' })).toBe(trusted ? 201 : 429);
    // From anyone else it changes nothing: Alice is still Alice (through nginx, her tables were counted as hers only
    // when the proxy was trusted; untrusted, they were counted as the proxy's, and this is her first from her address).
    expect(await openTable(server.url, ALICE, { 'x-forwarded-for': '198.51.100.9' })).toBe(trusted ? 429 : 201);
  });

  it('sockets held: one person at the limit', async () => {
    expect([await connectFrom(nginx.url, ALICE, sockets), await connectFrom(nginx.url, ALICE, sockets)]).toEqual(['connected', 'connected']);
    expect(await connectFrom(nginx.url, ALICE, sockets)).toBe('rate-limited');
    expect(await connectFrom(nginx.url, BOB, sockets)).toBe(trusted ? 'connected' : 'rate-limited');
  });
});

describe('TRUST_PROXY', () => {
  it('names proxies (addresses, ranges, loopback, linklocal, uniquelocal); a hop count or true, which anyone could pass, is refused', () => {
    expect(parseTrustProxy(' 10.0.0.0/8, uniquelocal ,::1')).toEqual(['10.0.0.0/8', 'uniquelocal', '::1']);
    expect(parseTrustProxy('')).toEqual([]);
    for (const bad of ['true', '1', 'loopback,2']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY names the proxies/);
    expect(() => parseTrustProxy('not-an-address')).toThrow();
  });
});
