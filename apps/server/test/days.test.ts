// Play over days, with a hand-driven server clock and a local push service that decrypts every push as a browser
// would: whole games of Razzia! and Robbery at a day per decision, each opened decision's push checked; no push to a
// visible tab; every device of a seat told (those continued on by a device code too); one digest for many tables; a
// gone device forgotten; three missed deadlines hand a seat to a bot; an idle table leaves memory and its deadline
// still fires, after a restart too.

import { afterEach, describe, expect, it } from 'vitest';
import { VISIBLE_FOR_MS, type TableId } from '@razzia/protocol';
import { ManualClock, TestClient, createTable, seatedTable, tempDir, testServer, type Intent } from './harness.ts';
import { PushService, browserKeys, type Received } from './support/push-service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** One person's pushes within this time go as one. */
const BATCH_MS = 1_000;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setUp(dataDir = tempDir(), clock = new ManualClock(), pushes?: PushService) {
  const service = pushes ?? (await PushService.start());
  const server = await testServer({ clock, dataDir, push: { endpoints: PushService.endpoints, batchMs: BATCH_MS }, sweep: { everyMs: 3_600_000 } });
  const key = (await (await fetch(`${server.url}/api/push/key`)).json()) as { key: string };
  service.vapidKey = key.key;
  const settle = async () => {
    await server.tables.settled();
    await server.push.settled();
  };
  cleanup.push(async () => {
    await server.close();
    if (!pushes) await service.close();
  });
  return { clock, server, pushes: service, settle, key: key.key, dataDir };
}

/** Waits until a client holds the table at the server's version. */
async function caughtUp(client: TestClient, id: TableId, version: number): Promise<void> {
  await client.waitFor((f) => (f.type === 'update' || f.type === 'snapshot') && f.held.info.id === id && (f.held.game?.version ?? -1) >= version);
}

const types = (legal: readonly Intent[]) => [...new Set(legal.map((a) => a.type))];

async function wholeGameOverDays(game: 'razzia' | 'robbery') {
  const { clock, server, pushes, settle } = await setUp();
  const { id, clients } = await seatedTable(server, { players: 2, people: ['Ada', 'Bo'], clock: 86_400, game, visibility: 'private' });
  const devices = ['ada-phone', 'bo-laptop'];
  for (const [seat, client] of clients.entries()) await client.must({ type: 'push-subscribe', subscription: pushes.subscribe(devices[seat] as string) });
  // Both tabs stay open in the background: hidden, so their devices get every push.
  await (clients[0] as TestClient).must({ type: 'start', table: id });
  const began = clock.now();
  let decisions = 0;
  let missed = 0;
  for (;;) {
    await settle();
    const host = server.tables.live(id);
    if (!host) throw new Error('the table left memory while its people watched it');
    for (const c of clients) await caughtUp(c, id, host.version);
    const payload = (clients[0] as TestClient).payload(id);
    if (!payload || payload.outcome) break;
    expect(host.record.pause ?? null).toBeNull(); // moments do not hold a table played over days
    const [seat] = payload.awaiting as [number];
    const mine = (clients[seat] as TestClient).payload(id);
    if (!mine) throw new Error('unreachable');
    const before = pushes.of(devices[seat] as string).length;
    clock.advance(BATCH_MS);
    await settle();
    // Exactly one push for this decision, to this seat's device, and what it says.
    const got = pushes.of(devices[seat] as string);
    expect(got.length, `decision ${decisions}`).toBe(before + 1);
    const push = (got.at(-1) as Received).payload;
    expect(push).toMatchObject({ type: 'turn', table: id, seat, game, name: 'Test table', url: `/t/${id}`, awaited: types(mine.legal) });
    if (push.type !== 'turn') throw new Error('unreachable');
    expect(push.deadline).toBe(host.record.decisions.find((d) => d.seat === seat)?.deadline);
    expect(push.title).toBe('Your turn: Test table');
    expect(push.body).toMatch(/24 h left$/);
    decisions++;
    if (decisions % 9 === 0) {
      // Nobody answers for a day: the greedy bot makes this one decision.
      clock.advance(DAY);
      missed++;
    } else {
      // An answer some hours later.
      clock.advance(((decisions % 5) + 1) * HOUR);
      const intent = mine.legal[mine.version % mine.legal.length] as Intent;
      await (clients[seat] as TestClient).must({ type: 'act', table: id, version: mine.version, intent });
    }
  }
  // The end: both hear of it.
  clock.advance(BATCH_MS);
  await settle();
  for (const device of devices) expect((pushes.of(device).at(-1) as Received).payload).toMatchObject({ type: 'over', table: id, url: `/t/${id}` });
  const turns = pushes.received.filter((r) => r.payload.type === 'turn').length;
  expect(turns).toBe(decisions);
  expect(pushes.errors).toEqual([]);
  const log = (clients[0] as TestClient).held.get(id)?.log ?? [];
  expect(log.filter((e) => e.event.type === 'timed-out')).toHaveLength(missed);
  // Over days indeed: a decision a few hours apart, some a day.
  expect(clock.now() - began).toBeGreaterThan(decisions * HOUR);
  return { decisions, days: (clock.now() - began) / DAY };
}

describe('play over days', () => {
  it('plays a whole game of Razzia! at a day per decision, each decision pushed, decrypted and checked', async () => {
    const { decisions, days } = await wholeGameOverDays('razzia');
    expect(decisions).toBeGreaterThan(20);
    expect(days).toBeGreaterThan(7);
  });

  it('plays a whole game of Robbery at a day per decision, each decision pushed, decrypted and checked', async () => {
    const { decisions, days } = await wholeGameOverDays('robbery');
    expect(decisions).toBeGreaterThan(20);
    expect(days).toBeGreaterThan(7);
  });

  it('sends nothing to a device whose tab is open and visible, and again once it is hidden or stops saying so', async () => {
    const { clock, server, pushes, settle } = await setUp();
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Ada', 'Bo'], clock: 7_200, game: 'guess', visibility: 'private' });
    const [ada, bo] = clients as [TestClient, TestClient];
    const phone = pushes.subscribe('ada-phone');
    const desk = pushes.subscribe('ada-desk');
    await ada.must({ type: 'push-subscribe', subscription: phone });
    await ada.must({ type: 'push-subscribe', subscription: desk });
    // Ada looks at the table on her desk: that device is visible, her phone is not.
    await ada.must({ type: 'visibility', visible: true, endpoint: desk.endpoint });
    await ada.must({ type: 'start', table: id });
    await settle();
    clock.advance(BATCH_MS);
    await settle();
    expect(pushes.of('ada-phone')).toHaveLength(1);
    expect(pushes.of('ada-desk')).toHaveLength(0);
    // Both decide; the next round opens. The desk tab stopped saying it is visible long ago: it hears again.
    clock.advance(VISIBLE_FOR_MS);
    await ada.must({ type: 'act', table: id, version: 0, intent: { type: 'pick', n: 1 } });
    await bo.must({ type: 'act', table: id, version: 0, intent: { type: 'pick', n: 2 } });
    await settle();
    clock.advance(BATCH_MS);
    await settle();
    expect(pushes.of('ada-desk')).toHaveLength(1);
    expect(pushes.of('ada-phone')).toHaveLength(2);
    // A tab that closes is not looking any more.
    await ada.must({ type: 'visibility', visible: true, endpoint: desk.endpoint });
    ada.close();
    await expect.poll(async () => (await server.tables.store.pushSubscriptions(ada.token ? (await import('../src/ids.ts')).hashToken(ada.token) : ('' as never))).find((s) => s.endpoint === desk.endpoint)?.visibleUntil).toBe(0);
    expect(pushes.errors).toEqual([]);
  });

  it('tells every device that holds a seat: one its person continued on with a device code hears of its turns too', async () => {
    const { clock, server, pushes, settle } = await setUp();
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Ada', 'Bo'], clock: 7_200, game: 'guess', visibility: 'private' });
    const [ada] = clients as [TestClient, TestClient];
    await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe('ada-desk') });
    // Ada's phone takes her seat too (it gets a token of its own), and subscribes with it.
    const { code } = await ada.must({ type: 'device-code', table: id });
    const phone = await TestClient.connect(server.url);
    cleanup.push(() => phone.close());
    expect(await phone.must({ type: 'redeem', code })).toMatchObject({ table: id, seat: 0 });
    await phone.must({ type: 'push-subscribe', subscription: pushes.subscribe('ada-phone') });
    await ada.must({ type: 'start', table: id });
    await settle();
    clock.advance(BATCH_MS);
    await settle();
    // One push for the decision (claimed once for the seat), to both of her devices.
    for (const device of ['ada-desk', 'ada-phone']) {
      expect(pushes.of(device), device).toHaveLength(1);
      expect((pushes.of(device)[0] as Received).payload).toMatchObject({ type: 'turn', table: id, seat: 0 });
    }
    expect(pushes.errors).toEqual([]);
  });

  it('sends one digest when several of a person’s tables await them at once', async () => {
    const { clock, server, pushes, settle } = await setUp();
    const first = await createTable(server, { players: 2, clock: 86_400, game: 'guess', name: 'Monday' });
    const ada = await TestClient.connect(server.url, first.token);
    await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe('ada-phone') });
    const ids: TableId[] = [first.id];
    for (const name of ['Tuesday', 'Wednesday']) ids.push((await createTable(server, { players: 2, clock: 86_400, game: 'guess', name }, first.token)).id);
    for (const id of ids) {
      await ada.watch(id);
      await ada.must({ type: 'sit', table: id, name: 'Ada' });
      await ada.must({ type: 'add-bot', table: id, bot: 'greedy' });
      await ada.must({ type: 'start', table: id });
    }
    await settle();
    clock.advance(BATCH_MS);
    await settle();
    const got = pushes.of('ada-phone');
    expect(got).toHaveLength(1);
    expect(got[0]?.payload).toMatchObject({ type: 'digest', count: 3, url: '/#my-tables', tag: 'razzia-digest', title: '3 tables await your move' });
    const digest = got[0]?.payload;
    if (digest?.type !== 'digest') throw new Error('unreachable');
    expect(digest.tables.map((t) => t.name).sort()).toEqual(['Monday', 'Tuesday', 'Wednesday']);
    expect(digest.body).toMatch(/^Monday, Tuesday, Wednesday · the first: 24 h left$|^.+ · the first: 24 h left$/);
    ada.close();
  });

  it('forgets a device the push service calls gone (410), and another one that is not found (404)', async () => {
    const { clock, server, pushes, settle } = await setUp();
    const { id, clients, tokens } = await seatedTable(server, { players: 2, people: ['Ada', 'Bo'], clock: 7_200, game: 'guess', visibility: 'private' });
    const [ada] = clients as [TestClient, TestClient];
    await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe('old-phone') });
    await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe('lost-tablet') });
    await ada.must({ type: 'push-subscribe', subscription: pushes.subscribe('new-phone') });
    pushes.answer('old-phone', 410);
    pushes.answer('lost-tablet', 404);
    await ada.must({ type: 'start', table: id });
    await settle();
    clock.advance(BATCH_MS);
    await settle();
    const { hashToken } = await import('../src/ids.ts');
    const held = await server.tables.store.pushSubscriptions(hashToken(tokens[0] as never));
    expect(held.map((s) => s.endpoint)).toEqual([`${pushes.origin}/push/new-phone`]);
    expect(pushes.of('new-phone')).toHaveLength(1);
  });

  it('hands a seat that missed three deadlines in a row to a bot for good, and tells its person', async () => {
    const { clock, server, pushes, settle } = await setUp();
    const { token } = await createTable(server, { players: 2, clock: 3_600, game: 'guess', visibility: 'private' });
    const host = await TestClient.connect(server.url, token);
    // The option is the host's, at opening: refused without a clock.
    const bad = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x', players: 2, visibility: 'private', clock: null, replaceAfterMisses: true }) });
    expect(bad.status).toBe(400);
    const replacing = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ game: 'razzia', name: 'Strict', players: 2, visibility: 'private', clock: 3_600, replaceAfterMisses: true }),
    });
    const strict = ((await replacing.json()) as { table: { id: TableId; replaceAfterMisses: boolean } }).table;
    expect(strict.replaceAfterMisses).toBe(true);
    const sleepy = await TestClient.connect(server.url);
    await sleepy.watch(strict.id);
    await sleepy.must({ type: 'sit', table: strict.id, name: 'Sleepy' });
    await sleepy.must({ type: 'push-subscribe', subscription: pushes.subscribe('sleepy') });
    await host.watch(strict.id);
    await host.must({ type: 'add-bot', table: strict.id, bot: 'greedy' });
    await host.must({ type: 'start', table: strict.id });
    sleepy.close();
    // Sleepy never answers: each of their decisions runs out after an hour (the bot's own turns come at once).
    const timedOut = async () => (await server.tables.store.readLog(strict.id, 0)).filter((e) => e.kind === 'table' && e.notice.type === 'timed-out').length;
    for (let hours = 0; hours < 20 && !server.tables.live(strict.id)?.record.seats[0]?.replaced; hours++) {
      await settle();
      clock.advance(0);
      await settle();
      clock.advance(HOUR);
      await settle();
    }
    expect(await timedOut()).toBe(3);
    await settle();
    clock.advance(BATCH_MS);
    await settle();
    const info = (await (await fetch(`${server.url}/api/tables/${strict.id}`)).json()) as { table: { seats: { occupant: { replaced: boolean; standIn: boolean } | null }[] } };
    expect(info.table.seats[0]?.occupant).toMatchObject({ replaced: true, standIn: true });
    const kinds = pushes.of('sleepy').map((r) => r.payload.type);
    expect(kinds.filter((k) => k === 'replaced')).toHaveLength(1);
    // Coming back does not take the seat back.
    const back = await TestClient.connect(server.url, sleepy.token);
    const snap = await back.watch(strict.id);
    await settle();
    expect(snap.snapshot.table.seats[0]?.occupant?.replaced).toBe(true);
    expect(server.tables.live(strict.id)?.record.seats[0]?.standIn).toBe('greedy');
    back.close();
    host.close();
  });

  it('lets an idle table leave memory, wakes it from the store at its deadline, and after a restart too', async () => {
    const dataDir = tempDir();
    const clock = new ManualClock();
    const pushes = await PushService.start();
    cleanup.push(() => pushes.close());
    const first = await setUp(dataDir, clock, pushes);
    const { id, clients } = await seatedTable(first.server, { players: 2, people: ['Ada', 'Bo'], clock: 86_400, game: 'razzia', visibility: 'private' });
    for (const [seat, c] of clients.entries()) await c.must({ type: 'push-subscribe', subscription: pushes.subscribe(`dev${seat}`) });
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    await first.settle();
    for (const c of clients) c.close();
    await expect.poll(() => first.server.tables.live(id)?.idle).toBe(true);
    // Nobody watches and nothing is due for a day: it leaves memory.
    expect(first.server.tables.sweep(clock.now() + 1, { waitingMs: DAY, idleMs: 0, horizonMs: 60_000 })).toBe(1);
    expect(first.server.tables.live(id)).toBeUndefined();
    clock.advance(BATCH_MS);
    await first.settle();
    const opened = pushes.received.length;
    // The deadline: the scheduler loads the table, whose clock fires.
    clock.advance(DAY);
    // (The hand-driven clock fires a timer armed for the past at its next advance.)
    await expect.poll(() => (clock.advance(0), first.server.tables.live(id))).toBeDefined();
    clock.advance(0);
    await first.settle();
    expect(first.server.tables.live(id)?.version).toBe(1);
    clock.advance(BATCH_MS);
    await first.settle();
    expect(pushes.received.length).toBe(opened + 1);
    // Unloaded again, then the server stops; a restart loads no table played over days until one is due.
    expect(first.server.tables.sweep(clock.now() + 1, { waitingMs: DAY, idleMs: 0, horizonMs: 60_000 })).toBe(1);
    await first.server.close();
    const second = await setUp(dataDir, clock, pushes);
    expect(second.key).toBe(first.key); // the same VAPID keys: every subscription still works
    expect(second.server.tables.size).toBe(0);
    clock.advance(DAY);
    await expect.poll(() => (clock.advance(0), second.server.tables.live(id))).toBeDefined();
    clock.advance(0);
    await second.settle();
    expect(second.server.tables.live(id)?.version).toBe(2);
    // The subscriptions came back from the store with it: the decision that opened is pushed.
    clock.advance(BATCH_MS);
    await second.settle();
    expect(pushes.received.length).toBe(opened + 2);
    const log = await second.server.tables.store.readLog(id, 0);
    expect(log.filter((e) => e.kind === 'table' && e.notice.type === 'timed-out')).toHaveLength(2);
    expect(pushes.errors).toEqual([]);
  });

  it('refuses a subscription it cannot use, changing nothing', async () => {
    // push.example.com resolves to a public address here (no name server asked); the rest does not matter.
    const server = await testServer({ push: { endpoints: { resolve: async (host) => (host === 'push.example.com' ? ['93.184.216.34'] : ['127.0.0.1']) } } });
    cleanup.push(() => server.close());
    const { id, clients } = await seatedTable(server, { players: 2, people: ['Ada'], bots: ['greedy'] });
    const [ada] = clients as [TestClient];
    const keys = browserKeys();
    const refusals = [
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'https://127.0.0.1/x', keys },
      { endpoint: 'https://localhost/x', keys },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'short' } },
      { endpoint: 'not a url', keys },
    ];
    for (const subscription of refusals) {
      const reply = await ada.send({ type: 'push-subscribe', subscription });
      expect(reply.ok ? 'accepted' : reply.error.code, JSON.stringify(subscription)).toBe('bad-message');
    }
    // A spectator with no token has no seats to be told of.
    const spectator = await TestClient.connect(server.url);
    const anonymous = await spectator.send({ type: 'push-subscribe', subscription: { endpoint: 'https://push.example.com/x', keys } });
    expect(anonymous.ok ? 'accepted' : anonymous.error.code).toBe('not-seated');
    const { hashToken } = await import('../src/ids.ts');
    expect(await server.tables.store.pushSubscriptions(hashToken(ada.token as never))).toEqual([]);
    expect((await ada.send({ type: 'push-subscribe', subscription: { endpoint: 'https://push.example.com/x', keys } })).ok).toBe(true);
    void id;
    spectator.close();
    ada.close();
  });
});
