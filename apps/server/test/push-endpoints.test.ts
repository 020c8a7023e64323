// Pushes go only to push services: public https hosts, checked by the addresses their names resolve to when a device
// subscribes and again at each send, connected to at an address so checked, never through a redirect. A subscription
// stays its first owner's; keys must be a real P-256 point and a 16-byte secret; no unknown keys; a cap per address
// as well as per token. (A test resolver stands for DNS: no name server is asked.)

import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { hashToken } from '../src/ids.ts';
import { isPublicAddress, type Resolve } from '../src/push/endpoint.ts';
import { ManualClock, TestClient, createTable, seatedTable, tempDir, testServer } from './harness.ts';
import { PushService, browserKeys } from './support/push-service.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** Names under .push.example resolve to a public address; `names` to what they say; anything else fails. */
function resolver(names: Record<string, readonly string[]> = {}): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const known = names[host] ?? (host.endsWith('.push.example') ? ['93.184.216.34'] : undefined);
    if (!known) throw Object.assign(new Error(`${host} is unknown here`), { code: 'ENOTFOUND' });
    return known;
  };
  return Object.assign(resolve, { asked });
}

/** A server whose warnings a test reads. */
async function server(options: Parameters<typeof testServer>[0] = {}) {
  const warnings: string[] = [];
  const s = await testServer({ logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }), ...options });
  cleanup.push(() => s.close());
  return Object.assign(s, { warnings });
}

/** A client holding a token of its own (it opened a table): it may subscribe. */
async function subscriber(url: string): Promise<TestClient> {
  const { token } = await createTable({ url }, { players: 2 });
  const client = await TestClient.connect(url, token);
  cleanup.push(() => client.close());
  return client;
}

const refusal = (reply: { ok: boolean; error?: { code: string; message: string } }) => (reply.ok ? 'accepted' : `${reply.error?.code}: ${reply.error?.message}`);

describe('which addresses are a push service’s', () => {
  it('public unicast only: not loopback, private, link-local, CGNAT, ULA, multicast, reserved, nor IPv4 inside IPv6', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
      '240.0.0.1', '192.0.2.1', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
      '64:ff9b::7f00:1', '2002:7f00:1::1', '2001::1', '2001:db8::1', '::127.0.0.1', 'not an address',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('subscribing', () => {
  it('refuses an endpoint whose name resolves inside, or to a port other than 443, and keeps nothing', async () => {
    const resolve = resolver({ 'inside.example': ['127.0.0.1'], 'mixed.example': ['93.184.216.34', '10.0.0.7'], 'metadata.example': ['169.254.169.254'], 'localhost.': ['127.0.0.1'] });
    const s = await server({ push: { endpoints: { resolve } } });
    const ada = await subscriber(s.url);
    const keys = browserKeys();
    for (const endpoint of [
      'https://inside.example/push/1',
      'https://mixed.example/push/1',
      'https://metadata.example/push/1',
      'https://localhost.:3309/push/1',
      'https://localhost./push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://[::1]/push/1',
      'https://10.0.0.1/push/1',
      'https://fcm.push.example:8443/push/1',
      'https://user:secret@fcm.push.example/push/1',
      'https://nowhere.example/push/1',
    ]) {
      const reply = await ada.send({ type: 'push-subscribe', subscription: { endpoint, keys } });
      expect(refusal(reply), endpoint).toMatch(/^bad-message: subscription\.endpoint/);
    }
    expect(resolve.asked).toContain('inside.example');
    expect(await s.tables.store.pushSubscriptions(hashToken(ada.token as never))).toEqual([]);
    expect(refusal(await ada.send({ type: 'push-subscribe', subscription: { endpoint: 'https://fcm.push.example/push/1', keys } }))).toBe('accepted');
  });

  it('refuses http and other schemes, unknown keys, a p256dh that is not a P-256 point and an auth that is not 16 bytes', async () => {
    const s = await server({ push: { endpoints: { resolve: resolver() } } });
    const ada = await subscriber(s.url);
    const keys = browserKeys();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    for (const subscription of [
      { endpoint: 'http://fcm.push.example/push/1', keys },
      { endpoint: 'file:///etc/passwd', keys },
      { endpoint: 'https://fcm.push.example/push/1', keys, extra: true },
      { endpoint: 'https://fcm.push.example/push/1', keys: { ...keys, extra: 'x' } },
      { endpoint: 'https://fcm.push.example/push/1', keys: { ...keys, p256dh: notOnCurve } },
      { endpoint: 'https://fcm.push.example/push/1', keys: { ...keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { endpoint: 'https://fcm.push.example/push/1', keys: { ...keys, auth: Buffer.alloc(17, 1).toString('base64url') } },
    ]) {
      const reply = await ada.send({ type: 'push-subscribe', subscription });
      expect(reply.ok ? 'accepted' : reply.error.code, JSON.stringify(subscription)).toBe('bad-message');
    }
    expect(await s.tables.store.pushSubscriptions(hashToken(ada.token as never))).toEqual([]);
  });

  it('keeps a subscription its first owner’s: another token cannot take the endpoint over, nor unsubscribe it', async () => {
    const s = await server({ push: { endpoints: { resolve: resolver() } } });
    const [ada, eve] = [await subscriber(s.url), await subscriber(s.url)];
    const subscription = { endpoint: 'https://fcm.push.example/push/ada-phone', keys: browserKeys() };
    expect(refusal(await ada.send({ type: 'push-subscribe', subscription }))).toBe('accepted');
    const taken = await eve.send({ type: 'push-subscribe', subscription: { ...subscription, keys: browserKeys() } });
    expect(taken.ok ? 'accepted' : taken.error.code).toBe('not-yours');
    await eve.must({ type: 'push-unsubscribe', endpoint: subscription.endpoint });
    const held = await s.tables.store.pushSubscriptions(hashToken(ada.token as never));
    expect(held.map((h) => [h.endpoint, h.p256dh])).toEqual([[subscription.endpoint, subscription.keys.p256dh]]);
    expect(await s.tables.store.pushSubscriptions(hashToken(eve.token as never))).toEqual([]);
    // Its owner may subscribe it again (new keys), and unsubscribe it.
    expect(refusal(await ada.send({ type: 'push-subscribe', subscription: { ...subscription, keys: browserKeys() } }))).toBe('accepted');
    await ada.must({ type: 'push-unsubscribe', endpoint: subscription.endpoint });
    expect(await s.tables.store.pushSubscriptions(hashToken(ada.token as never))).toEqual([]);
  });

  it('caps new subscriptions per address as well as per token: tokens are free, the address is not', async () => {
    const s = await server({ push: { endpoints: { resolve: resolver() }, subscribeLimit: { perSecond: 1e-6, burst: 3 } } });
    const clients = [await subscriber(s.url), await subscriber(s.url)];
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await (clients[i % 2] as TestClient).send({ type: 'push-subscribe', subscription: { endpoint: `https://fcm.push.example/push/${i}`, keys: browserKeys() } });
      codes.push(reply.ok ? 'accepted' : reply.error.code);
    }
    expect(codes).toEqual(['accepted', 'accepted', 'accepted', 'rate-limited']);
    // Subscribing one's own device again is not a new subscription.
    expect(refusal(await (clients[0] as TestClient).send({ type: 'push-subscribe', subscription: { endpoint: 'https://fcm.push.example/push/0', keys: browserKeys() } }))).toBe('accepted');
  });
});

describe('sending', () => {
  /** A server on a hand-moved clock whose pushes go to `endpoints`, and a table of two where Ada's turn comes first. */
  async function table(endpoints: Parameters<typeof testServer>[0] extends infer O ? O extends { push?: { endpoints?: infer E } } ? E : never : never) {
    const clock = new ManualClock();
    const s = await server({ clock, dataDir: tempDir(), push: { endpoints, batchMs: 1_000 }, sweep: { everyMs: 3_600_000 } });
    const { id, clients } = await seatedTable(s, { players: 2, people: ['Ada', 'Bo'], clock: 7_200, game: 'guess', visibility: 'private' });
    for (const c of clients) cleanup.push(() => c.close());
    const settle = async () => {
      await s.tables.settled();
      await s.push.settled();
    };
    /** Starts the game: Ada's first decision opens, and its push goes out. */
    const start = async () => {
      await (clients[0] as TestClient).must({ type: 'start', table: id });
      await settle();
      clock.advance(1_000);
      await settle();
    };
    return { s, ada: clients[0] as TestClient, start };
  }

  it('connects to the address its check resolved (a name no name server knows reaches the push service)', async () => {
    const pushes = await PushService.start();
    cleanup.push(() => pushes.close());
    const resolve = resolver({ 'fcm.push.test': ['127.0.0.1'] });
    const { s, ada, start } = await table({ ...PushService.endpoints, resolve });
    pushes.vapidKey = s.push.publicKey;
    await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe('named', 'fcm.push.test') });
    await start();
    expect(pushes.of('named')).toHaveLength(1);
    expect(pushes.received[0]?.headers.host).toBe(`fcm.push.test:${new URL(pushes.origin).port}`);
    expect(pushes.errors).toEqual([]);
    // Resolved when subscribed and again to send.
    expect(resolve.asked.filter((h) => h === 'fcm.push.test').length).toBeGreaterThanOrEqual(2);
  });

  it('resolves again at each send: a name that now points inside gets nothing, and no connection', async () => {
    let inside = false;
    const resolve: Resolve = async (host) => (host === 'rebind.push.example' ? [inside ? '127.0.0.1' : '93.184.216.34'] : []);
    const { s, ada, start } = await table({ resolve });
    await ada.must({ type: 'push-subscribe', subscription: { endpoint: 'https://rebind.push.example/push/ada', keys: browserKeys() } });
    inside = true;
    await start();
    expect(s.warnings.filter((w) => w.includes('push not sent: the endpoint is not a push service'))).toHaveLength(1);
    expect(s.warnings.filter((w) => w.includes('did not answer'))).toEqual([]);
  });

  it('never follows a redirect (307 or 302) to wherever it points, and keeps the subscription', async () => {
    const [pushes, inside] = [await PushService.start(), await PushService.start()];
    cleanup.push(() => pushes.close());
    cleanup.push(() => inside.close());
    const { s, ada, start } = await table(PushService.endpoints);
    pushes.vapidKey = s.push.publicKey;
    inside.subscribe('secret');
    for (const [device, status] of [['bounce-307', 307], ['bounce-302', 302]] as const) {
      await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe(device) });
      pushes.answer(device, status, `${inside.origin}/push/secret`);
    }
    await start();
    expect(pushes.requests.filter((r) => r.startsWith('POST /push/bounce-'))).toHaveLength(2);
    expect(inside.requests).toEqual([]);
    expect(s.warnings.filter((w) => w.includes('redirect, which is never followed'))).toHaveLength(2);
    expect((await s.tables.store.pushSubscriptions(hashToken(ada.token as never))).map((h) => h.endpoint).sort()).toEqual(
      [`${pushes.origin}/push/bounce-302`, `${pushes.origin}/push/bounce-307`],
    );
  });
});
