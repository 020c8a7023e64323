// The host around one table, with an in-memory store that can fail or conflict on demand and a recording
// listener: durable before published, one command at a time, a conflicting write changes nothing here.

import { Rng, type AnyGame } from '@razzia/contract';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import type { TableId } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import type { TokenHash } from '../src/ids.ts';
import { StoreConflict, type LoadedTable, type Store, type TableChange } from '../src/store/store.ts';
import { newTable } from '../src/tables/decide.ts';
import { TableHost, type TableBroadcast, type TableListener } from '../src/tables/host.ts';
import type { StoredEntry, Table, TableRecord } from '../src/tables/table.ts';
import { guess, guessWithMoments } from './support/guess-game.ts';
import { HeldThinking } from './support/held-thinking.ts';
import { ManualClock } from './harness.ts';

class MemoryStore implements Store {
  readonly tables = new Map<TableId, { record: TableRecord; setup: unknown; moves: unknown[]; log: StoredEntry[]; fairSeed: string | null }>();
  failNext: 'disk' | 'conflict' | null = null;
  async createTable(record: TableRecord, entries: readonly StoredEntry[], fairSeed: string | null = null) {
    this.tables.set(record.id, { record, setup: null, moves: [], log: [...entries], fairSeed });
  }
  async append(change: TableChange) {
    const t = this.tables.get(change.record.id);
    if (!t) throw new Error('no table');
    const fail = this.failNext;
    this.failNext = null;
    if (fail === 'disk') throw new Error('disk full');
    if (fail === 'conflict' || t.record.seq !== change.expectedSeq) throw new StoreConflict(change.record.id, 'moved on');
    t.record = change.record;
    if (change.setup !== undefined) t.setup = change.setup;
    t.moves.push(...change.moves);
    t.log.push(...change.entries);
  }
  async load(id: TableId) {
    const t = this.tables.get(id);
    return t ? ({ record: t.record, setup: t.setup, moves: t.moves, fairSeed: t.fairSeed } as LoadedTable) : null;
  }
  async readLog(id: TableId, after: number) {
    return (this.tables.get(id)?.log ?? []).filter((e) => e.seq > after);
  }
  async liveTableIds() {
    return [...this.tables.keys()];
  }
  async issueToken() {}
  async isIssuedToken() {
    return true;
  }
  async dueTables() {
    return [];
  }
  async nextWake() {
    return null;
  }
  async serverKey(_name: string, make: () => string) {
    return make();
  }
  async savePushSubscription() {
    return true;
  }
  async dropPushSubscription() {}
  async pushSubscriptions() {
    return [];
  }
  async setPushVisible() {
    return false;
  }
  async claimPush() {
    return true;
  }
  // Device codes are the gateway's, never a table host's.
  async saveDeviceCode(): Promise<boolean> {
    throw new Error('a table host does not make device codes');
  }
  async tryDeviceCode(): Promise<null> {
    throw new Error('a table host does not redeem device codes');
  }
  async useDeviceCode(): Promise<boolean> {
    throw new Error('a table host does not redeem device codes');
  }
  async close() {}
}

const HOST = 'host-hash' as TokenHash;
const GUEST = 'guest-hash' as TokenHash;

async function hosted(game: AnyGame) {
  const store = new MemoryStore();
  const heard: string[] = [];
  const listener: TableListener = {
    broadcast: (b) => {
      if (b.type === 'update') {
        const m = b.message(null);
        if (m?.type === 'update') heard.push(`changed ${m.entries.map((e) => (e.event as { type: string }).type).join(',')}`);
      } else heard.push(b.type === 'seat-changed' ? `seat ${b.owner}` : b.type);
    },
    lobbyChanged: () => undefined,
  };
  const clock = new ManualClock();
  const record = newTable('T'.repeat(22) as TableId, { game: game.id, name: 't', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, HOST, clock.now(), 'bots');
  await store.createTable(record, []);
  const table = new TableHost(game, { record, setup: null, state: null }, [], { store, clock, listener, random: Rng.fromSeed('host'), botDelayMs: 0 });
  table.presence.connect(HOST);
  table.presence.connect(GUEST);
  for (const c of [
    { type: 'sit', owner: HOST, name: 'Host' },
    { type: 'sit', owner: GUEST, name: 'Guest' },
    { type: 'start', owner: HOST },
  ] as const)
    expect((await table.run(c)).ok).toBe(true);
  return { store, heard, table, clock };
}

describe('TableHost', () => {
  it('a timer that fires a little early is armed again, so the bots still move', async () => {
    // Under load a timer fires up to a few milliseconds before the wall clock reaches its due time (it counts
    // from the event loop's cached time): that wake finds nothing due yet.
    const manual = new ManualClock();
    const clock = { now: manual.now, after: (ms: number, fn: () => void) => manual.after(Math.max(0, ms - 2), fn) };
    const store = new MemoryStore();
    const record = newTable('E'.repeat(22) as TableId, { game: razzia.id, name: 't', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, HOST, clock.now(), 'bots');
    await store.createTable(record, []);
    const listener: TableListener = { broadcast: () => undefined, lobbyChanged: () => undefined };
    const table = new TableHost(razzia, { record, setup: null, state: null }, [], { store, clock, listener, random: Rng.fromSeed('early'), botDelayMs: 50 });
    for (const c of [
      { type: 'add-bot', owner: HOST, bot: 'random' },
      { type: 'add-bot', owner: HOST, bot: 'random' },
      { type: 'start', owner: HOST },
    ] as const)
      expect((await table.run(c)).ok).toBe(true);
    for (let ms = 0; ms < 1000 && table.version < 5; ms++) {
      manual.advance(1);
      await table.settled();
    }
    expect(table.version).toBeGreaterThanOrEqual(5);
  });

  it('stores a move before it applies or publishes it: a failed write changes nothing and tells nobody', async () => {
    const { store, heard, table } = await hosted(razzia);
    const seat = table.record.decisions[0]?.seat as number;
    const owner = seat === 0 ? HOST : GUEST;
    store.failNext = 'disk';
    heard.length = 0;
    await expect(table.run({ type: 'act', owner, version: 0, intent: { type: 'draw', pile: 0 } })).rejects.toThrow('disk full');
    expect(heard).toEqual([]);
    expect(table.version).toBe(0);
    expect(await table.run({ type: 'act', owner, version: 0, intent: { type: 'draw', pile: 0 } })).toEqual({ ok: true, value: { version: 1 } });
    expect(heard[0]).toMatch(/^changed card-drawn/);
  });

  it('refuses a command whose write conflicts (the table was written elsewhere) and changes nothing here', async () => {
    const { store, heard, table } = await hosted(razzia);
    const seat = table.record.decisions[0]?.seat as number;
    store.failNext = 'conflict';
    heard.length = 0;
    const r = await table.run({ type: 'act', owner: seat === 0 ? HOST : GUEST, version: 0, intent: { type: 'call' } });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(heard).toEqual([]);
    expect(table.version).toBe(0);
  });

  it('a request that comes again (its reply was lost on the way) gets the same reply and changes nothing again', async () => {
    const { store, table } = await hosted(razzia);
    const said = { type: 'say', owner: GUEST, text: 'good luck' } as const;
    expect(await table.run(said, 'request-1')).toEqual({ ok: true, value: {} });
    const seq = table.seq;
    expect(await table.run(said, 'request-1')).toEqual({ ok: true, value: {} });
    expect(table.seq).toBe(seq);
    // Remembered in the stored record, so a host that loads the table next answers the repeat the same way.
    const stored = store.tables.get(table.id)?.record;
    expect(stored?.requests?.map((r) => r.id)).toEqual(['request-1']);
    const next = new TableHost(razzia, { record: stored as TableRecord, setup: null, state: table.state }, [], {
      store,
      clock: new ManualClock(),
      listener: { broadcast: () => undefined, lobbyChanged: () => undefined },
      random: Rng.fromSeed('next'),
      botDelayMs: 0,
    });
    expect(await next.run(said, 'request-1')).toEqual({ ok: true, value: {} });
    expect(next.seq).toBe(seq);
    // Another request with the same words is another line.
    expect(await next.run(said, 'request-2')).toEqual({ ok: true, value: {} });
    expect(next.seq).toBe(seq + 1);
  });

  it('runs commands one at a time: of two decisions sent at once on one version, the second is judged after the first', async () => {
    const { table } = await hosted(razzia);
    const seat = table.record.decisions[0]?.seat as number;
    const owner = seat === 0 ? HOST : GUEST;
    const both = await Promise.all([
      table.run({ type: 'act', owner, version: 0, intent: { type: 'draw', pile: 0 } }),
      table.run({ type: 'act', owner, version: 0, intent: { type: 'draw', pile: 1 } }),
    ]);
    expect(both[0]).toEqual({ ok: true, value: { version: 1 } });
    expect(both[1]?.ok).toBe(false);
    expect(table.version).toBe(1);
  });

  it('sends a viewer a patch that turns its last game into its new one, and the whole game to one that had none', async () => {
    const { table, store } = await hosted(guess);
    const before = table.gameFor(1);
    let published: Extract<TableBroadcast, { type: 'update' }> | null = null;
    (table as unknown as { deps: { listener: TableListener } }).deps.listener.broadcast = (b) => {
      if (b.type === 'update') published = b;
    };
    await table.run({ type: 'act', owner: HOST, version: 0, intent: { type: 'pick', n: 3 } });
    const sent = published as Extract<TableBroadcast, { type: 'update' }> | null;
    if (!sent) throw new Error('nothing published');
    const update = sent.message(1);
    if (update?.type !== 'update' || !update.game || !('patch' in update.game)) throw new Error('expected a patch');
    const { applyPatch } = await import('@razzia/protocol/patch');
    expect(applyPatch(before, update.game.patch)).toEqual(table.gameFor(1));
    // The guest's update tells it that seat 0 has chosen, never what.
    expect(JSON.stringify(update)).not.toContain('"n":3');
    expect(JSON.stringify(sent.message(0))).toContain('"n":3');
    expect(store.tables.size).toBe(1);
  });
});

/** A table of bots only (`bots` by seat), started, whose searching bots think in `thinking`. */
async function botTable(game: AnyGame, bots: readonly string[], thinking: HeldThinking, store = new MemoryStore()) {
  const logged: string[] = [];
  const changed: (() => void)[] = [];
  const listener: TableListener = { broadcast: (b) => b.type === 'update' && changed.splice(0).forEach((f) => f()), lobbyChanged: () => undefined };
  const clock = new ManualClock();
  const deps = { store, clock, listener, random: Rng.fromSeed('thinking'), botDelayMs: 0, thinking, log: (_f: object, m: string) => void logged.push(m) };
  const record = newTable('B'.repeat(22) as TableId, { game: game.id, name: 't', players: bots.length, visibility: 'private', clock: null, options: {}, hints: false }, HOST, clock.now(), 'seed');
  await store.createTable(record, []);
  const table = new TableHost(game, { record, setup: null, state: null }, [], deps);
  for (const bot of bots) expect((await table.run({ type: 'add-bot', owner: HOST, bot }))).toMatchObject({ ok: true });
  expect(await table.run({ type: 'start', owner: HOST })).toMatchObject({ ok: true });
  /** Resolves at the table's next published change. */
  const nextChange = () => new Promise<void>((resolve) => changed.push(resolve));
  /** Resolves when the host logs `message`. */
  const nextLog = async (message: string) => {
    const from = logged.length;
    while (!logged.slice(from).includes(message)) await new Promise((r) => setImmediate(r));
  };
  return { table, store, deps, nextChange, nextLog };
}

describe('thinking bots at a host', () => {
  it('asks the pool with the seat’s view, legal list, a seed from the table and the level’s ceiling — never the state — and applies its answer as a decision', async () => {
    const thinking = new HeldThinking();
    const { table, store, nextChange } = await botTable(razzia, ['hard', 'hard'], thinking);
    const held = await thinking.next('think');
    const seat = held.request.seat;
    expect(table.record.decisions.map((d) => d.seat)).toEqual([seat]);
    expect(Object.keys(held.request).sort()).toEqual(['budgetMs', 'gameId', 'legal', 'level', 'seat', 'seed', 'view']);
    expect(held.request).toMatchObject({ gameId: 'razzia', level: 'hard', seed: `seed/0/${seat}`, budgetMs: 1000 });
    expect(held.request.view).toEqual(razzia.view(table.state as never, seat));
    expect(held.request.legal).toEqual(razzia.legal(table.state as never, seat));
    // Thinking decides nothing until the answer comes.
    expect(table.version).toBe(0);
    const changed = nextChange();
    const action = held.request.legal.at(-1);
    held.answer(action);
    await changed;
    const moves = store.tables.get(table.id)?.moves ?? [];
    expect(moves[0]).toEqual({ seat, action });
    expect(table.version).toBeGreaterThanOrEqual(1);
  });

  it('drops an answer the table moved past: a stale answer changes nothing, and the new decision is thought about', async () => {
    const thinking = new HeldThinking();
    const { table, store, nextLog } = await botTable(razzia, ['hard', 'hard'], thinking);
    const held = await thinking.next('think');
    const { seat, legal } = held.request;
    // Another answer for the same decision is applied first (as a second thinker's would be).
    expect(await table.run({ type: 'bot-move', seat, version: 0, action: legal[0] })).toMatchObject({ ok: true });
    const next = await thinking.next('think');
    const stored = JSON.stringify(store.tables.get(table.id));
    const dropped = nextLog('a thinking bot’s answer was dropped');
    held.answer(legal.at(-1));
    await dropped;
    expect(JSON.stringify(store.tables.get(table.id))).toBe(stored);
    expect(next.request.seed).toBe(`seed/${table.version}/${next.request.seat}`);
  });

  it('lets the greedy bot decide when the pool fails', async () => {
    const thinking = new HeldThinking();
    const { table, store, nextChange } = await botTable(razzia, ['normal', 'hard'], thinking);
    const held = await thinking.next('think');
    const { seat, view, legal, seed } = held.request;
    const changed = nextChange();
    held.fail(new Error('a thinking worker stopped: exit code 1'));
    await changed;
    const rng = Rng.fromSeed(seed);
    const greedy = razzia.bots.greedy?.choose({ view, seat, legal } as never, () => rng.next());
    expect(store.tables.get(table.id)?.moves[0]).toEqual({ seat, action: greedy });
  });

  it('a host stopped mid-think drops its answer; the host that loads the table next thinks again, with the same seed', async () => {
    const thinking = new HeldThinking();
    const { table, store, deps } = await botTable(razzia, ['easy', 'hard'], thinking);
    const held = await thinking.next('think');
    table.dispose();
    const stored = JSON.stringify(store.tables.get(table.id));
    held.answer(held.request.legal[0]);
    await table.settled();
    expect(JSON.stringify(store.tables.get(table.id))).toBe(stored);
    const again = new HeldThinking();
    const reloaded = new TableHost(razzia, (table as unknown as { table: Table }).table, [], { ...deps, thinking: again });
    const asked = await again.next('think');
    expect(asked.request).toEqual(held.request);
    reloaded.dispose();
  });

  it('holds a thinking bot’s answer that comes while the table waits at a moment, and plays it when the pause ends', async () => {
    // A person (seat 0) and a normal bot (seat 1) pick at once; the person's pick is a moment that pauses the table
    // while the bot's pick stays open and is being thought about.
    const thinking = new HeldThinking();
    const store = new MemoryStore();
    const clock = new ManualClock();
    const listener: TableListener = { broadcast: () => undefined, lobbyChanged: () => undefined };
    const logged: string[] = [];
    const deps = { store, clock, listener, random: Rng.fromSeed('held'), botDelayMs: 0, thinking, log: (_f: object, m: string) => void logged.push(m) };
    const record = newTable('H'.repeat(22) as TableId, { game: 'guess', name: 't', players: 2, visibility: 'private', clock: null, options: {}, hints: false }, HOST, clock.now(), 'seed');
    await store.createTable(record, []);
    const table = new TableHost(guessWithMoments, { record, setup: null, state: null }, [], deps);
    table.presence.connect(HOST);
    for (const c of [{ type: 'sit', owner: HOST, name: 'Host' }, { type: 'add-bot', owner: HOST, bot: 'normal' }, { type: 'start', owner: HOST }] as const)
      expect(await table.run(c)).toMatchObject({ ok: true });
    const held = await thinking.next('think');
    expect(held.request.seat).toBe(1);
    expect(await table.run({ type: 'act', owner: HOST, version: 0, intent: { type: 'pick', n: 2 } })).toMatchObject({ ok: true });
    expect(table.record.pause?.waiting).toEqual([0]);
    const paused = JSON.stringify(store.tables.get(table.id));

    // The answer arrives during the pause: refused by the decision step, held by the host, nothing stored.
    held.answer({ type: 'pick', n: 3 });
    while (!(table as unknown as { held: Map<string, unknown> }).held.size) await new Promise((r) => setImmediate(r));
    await table.settled();
    expect(JSON.stringify(store.tables.get(table.id))).toBe(paused);
    expect(table.record.decisions.map((d) => d.seat)).toEqual([1]);
    expect(thinking.thinks).toEqual([]); // not thought about again
    expect(logged).not.toContain('a thinking bot’s answer was dropped');

    // The person moves on: the pause ends and the held answer is played as the bot's pick.
    expect(await table.run({ type: 'ready', owner: HOST })).toMatchObject({ ok: true });
    while (table.version < 2) await new Promise((r) => setImmediate(r));
    await table.settled();
    expect(store.tables.get(table.id)?.moves.slice(0, 2)).toEqual([
      { seat: 0, action: { type: 'pick', n: 2 } },
      { seat: 1, action: { type: 'pick', n: 3 } },
    ]);
    table.dispose();
  });

  it('thinks for every bot seat a simultaneous decision awaits, each on its own', async () => {
    const thinking = new HeldThinking();
    const { table } = await botTable(razziaDorra, ['hard', 'normal', 'easy'], thinking);
    // Play on with the first legal answer until several bot seats are awaited at once (a secret pick).
    for (let i = 0; i < 200 && table.record.decisions.length < 2; i++) {
      const held = await thinking.next('think');
      held.answer(held.request.legal[0]);
      await table.settled();
      while (thinking.thinks.length === 0 && table.record.decisions.length < 2) await new Promise((r) => setImmediate(r));
    }
    const awaited = table.record.decisions.map((d) => d.seat);
    expect(awaited.length).toBeGreaterThanOrEqual(2);
    const asked = await Promise.all(awaited.map(() => thinking.next('think')));
    expect(asked.map((h) => h.request.seat).sort()).toEqual([...awaited].sort());
    expect(new Set(asked.map((h) => h.request.level)).size).toBe(awaited.length);
    for (const h of asked) expect(h.request.view).toEqual(razziaDorra.view(table.state as never, h.request.seat));
    table.dispose();
  });
});
