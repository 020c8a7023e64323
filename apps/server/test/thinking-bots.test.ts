// Searching bots and hints through the real server (socket.io-client over loopback, a real SQLite file): whole
// games with easy, normal and hard bots in every game; the event loop answering while a bot thinks; a restart
// mid-think; hints allowed or not, to the asker alone. Thinking is the real worker pool, or a pool the test holds
// (support/held-thinking.ts) where the order of things must be exact. No sleeps, no timing assertions.

import { createThinkingPool, type ThinkingPool } from '@razzia/bots/pool';
import { PING_EVENT, type TableId } from '@razzia/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Thinking } from '../src/tables/host.ts';
import { SECRET_KEYS, TestClient, autoPlay, seatedTable, tempDir, testServer, type Intent } from './harness.ts';
import { HeldThinking } from './support/held-thinking.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

const ping = (client: TestClient) => client.socket.timeout(120_000).emitWithAck(PING_EVENT); // against a hang only
/** The game version a bot was asked to think on: its seed is `<bot seed>/<version>/<seat>`. */
const versionOf = (seed: string) => Number(seed.split('/').at(-2));

describe('searching bots at the real server', () => {
  let server: Server;
  beforeAll(async () => {
    // The real pool; each decision capped at 25 ms so whole games stay quick (the levels' iterations still apply).
    server = await testServer({ botThinkMs: 25 });
  });
  afterAll(async () => {
    await server.close();
  });

  const games = [
    { game: 'razzia', bots: ['hard', 'easy'] },
    { game: 'razzia-dorra', bots: ['normal', 'hard'] },
    { game: 'robbery', bots: ['easy', 'normal'] },
  ] as const;
  for (const { game, bots } of games)
    it(`${game}: a person plays a whole game against ${bots[0]} and ${bots[1]} bots, to the end`, async () => {
      const { id, clients } = await seatedTable(server, { game, players: 3, people: ['Ann'], bots });
      const [ann] = clients as [TestClient];
      const spectator = await TestClient.connect(server.url);
      const watched = await spectator.watch(id);
      expect(watched.snapshot.table.seats.map((s) => [s.occupant?.name, s.occupant?.bot])).toEqual([
        ['Ann', null],
        [`${bots[0][0]?.toUpperCase()}${bots[0].slice(1)} bot`, bots[0]],
        [`${bots[1][0]?.toUpperCase()}${bots[1].slice(1)} bot`, bots[1]],
      ]);
      const done = autoPlay(ann, id);
      await ann.must({ type: 'start', table: id });
      await done;
      await spectator.waitFor((f) => f.type === 'update' && f.payload?.outcome != null);
      expect((await fetch(`${server.url}/api/tables/${id}/record`)).status).toBe(200);
      // Every bot seat made decisions of its own, and never on a timeout or a stand-in's behalf.
      const log = spectator.held.get(id)?.log ?? [];
      for (const seat of [1, 2]) expect(log.filter((e) => e.kind === 'game' && (e.event as { seat?: number }).seat === seat).length).toBeGreaterThan(0);
      expect(log.filter((e) => e.kind === 'table' && ['timed-out', 'stand-in'].includes(e.event.type))).toEqual([]);
      for (const raw of spectator.raw) expect(raw).not.toMatch(SECRET_KEYS);
      ann.close();
      spectator.close();
    });
});

describe('the event loop while a bot thinks', () => {
  it('answers a ping, another table’s decision and a chat line at the thinking table while a hard bot’s think is held; its answer then moves the table', async () => {
    const thinking = new HeldThinking();
    const server = await testServer({ thinking });
    try {
      const a = await seatedTable(server, { game: 'razzia', players: 2, people: ['Ann'], bots: ['hard'] });
      const b = await seatedTable(server, { game: 'razzia', players: 2, people: ['Bea', 'Cas'] });
      const [ann] = a.clients as [TestClient];
      const [bea, cas] = b.clients as [TestClient, TestClient];
      await bea.must({ type: 'start', table: b.id });
      // Ann plays whenever it is her turn; the bot's turn comes, and its think is held.
      const annDone = autoPlay(ann, a.id);
      await ann.must({ type: 'start', table: a.id });
      const held = await thinking.next('think');
      expect(held.request.level).toBe('hard');
      const version = versionOf(held.request.seed);
      // The update that opened the bot's decision went out before the think was asked for: after a round trip on
      // the same socket, Ann holds it.
      await ping(ann);
      expect(ann.payload(a.id)?.version).toBe(version);

      const turn = bea.payload(b.id)?.awaiting[0] as number;
      const mover = turn === 0 ? bea : cas;
      const game = mover.payload(b.id);
      const acted = await mover.send({ type: 'act', table: b.id, version: game?.version as number, intent: game?.legal[0] as Intent });
      expect(acted).toMatchObject({ ok: true });
      await ann.must({ type: 'say', table: a.id, text: 'your move, bot' });
      await ann.waitFor((f) => f.type === 'update' && f.entries.some((e) => e.kind === 'chat'));
      // All answered while the think was still held: the bot's table has not moved.
      expect(ann.payload(a.id)?.version).toBe(version);
      expect(thinking.thinks).toEqual([]);

      const seen = ann.frames.length;
      held.answer(held.request.legal[0]);
      const moved = await ann.waitFor((f) => f.type === 'update' && (f.payload?.version ?? 0) > version, seen);
      expect(moved.type === 'update' && moved.entries.some((e) => e.kind === 'game')).toBe(true);
      ann.close();
      bea.close();
      cas.close();
      void annDone.catch(() => undefined);
    } finally {
      await server.close();
    }
  });

  it('with the real pool: pings and another table’s decision are answered between a hard think’s start and its answer', async () => {
    const pool: ThinkingPool = createThinkingPool({ size: 1 });
    const order: string[] = [];
    let started: (() => void) | null = null;
    const thinkStarted = new Promise<void>((resolve) => (started = resolve));
    let watched = false;
    const thinking: Thinking = {
      async think(request) {
        // The first real search (a forced choice answers at once): its start and its answer, in order.
        const mine = !watched && request.legal.length > 1;
        if (mine) {
          watched = true;
          order.push('think started');
          started?.();
        }
        const action = await pool.think(request);
        if (mine) order.push('think answered');
        return action;
      },
      hint: (request) => pool.hint(request),
    };
    const server = await testServer({ thinking });
    try {
      const a = await seatedTable(server, { game: 'razzia', players: 2, people: ['Ann'], bots: ['hard'] });
      const b = await seatedTable(server, { game: 'razzia', players: 2, people: ['Bea', 'Cas'] });
      const [ann] = a.clients as [TestClient];
      const [bea, cas] = b.clients as [TestClient, TestClient];
      await bea.must({ type: 'start', table: b.id });
      void autoPlay(ann, a.id).catch(() => undefined);
      await ann.must({ type: 'start', table: a.id });
      await thinkStarted;
      await ping(bea);
      order.push('ping answered');
      const turn = bea.payload(b.id)?.awaiting[0] as number;
      const mover = turn === 0 ? bea : cas;
      const game = mover.payload(b.id);
      await mover.must({ type: 'act', table: b.id, version: game?.version as number, intent: game?.legal[0] as Intent });
      order.push('other table acted');
      while (!order.includes('think answered')) await ann.waitFor((f) => f.type === 'update', ann.frames.length);
      expect(order.slice(0, 4)).toEqual(['think started', 'ping answered', 'other table acted', 'think answered']);
      for (const c of [ann, bea, cas]) c.close();
    } finally {
      await server.close();
      await pool.close();
    }
  });
});

describe('a restart mid-think', () => {
  it('drops the stopped server’s answer; the restarted server thinks the same decision again, with the same seed, and plays it', async () => {
    const dataDir = tempDir();
    const first = new HeldThinking();
    const one = await testServer({ dataDir, thinking: first });
    const a = await seatedTable(one, { game: 'razzia', players: 2, people: ['Ann'], bots: ['normal'] });
    const [ann] = a.clients as [TestClient];
    // The first decision is the bot's, or Ann's and then the bot's.
    void autoPlay(ann, a.id).catch(() => undefined);
    await ann.must({ type: 'start', table: a.id });
    const held = await first.next('think');
    const version = versionOf(held.request.seed);
    ann.close();
    await one.close();
    held.answer(held.request.legal[0]);

    const second = new HeldThinking();
    const two = await testServer({ dataDir, thinking: second });
    try {
      const again = await second.next('think');
      expect(again.request).toEqual(held.request);
      const back = await TestClient.connect(two.url, a.tokens[0]);
      const snapshot = await back.watch(a.id);
      expect(snapshot.snapshot.payload?.version).toBe(version);
      again.answer(again.request.legal.at(-1));
      const moved = await back.waitFor((f) => f.type === 'update' && (f.payload?.version ?? 0) > version);
      expect(moved.type).toBe('update');
      back.close();
    } finally {
      await two.close();
    }
  });
});

describe('hints', () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A started 2-person Razzia! table, a spectator, and whose turn it is. */
  async function table(hints: boolean) {
    const t = await seatedTable(server, { game: 'razzia', players: 2, people: ['Ann', 'Ben'], hints });
    const [ann, ben] = t.clients as [TestClient, TestClient];
    const spectator = await TestClient.connect(server.url);
    await spectator.watch(t.id);
    await ann.must({ type: 'start', table: t.id });
    await spectator.waitFor((f) => f.type === 'update' && f.payload !== null);
    const game = ann.payload(t.id);
    const turn = game?.awaiting[0] as number;
    const [asker, other] = turn === 0 ? [ann, ben] : [ben, ann];
    return { id: t.id, asker, other, spectator, turn, close: () => [ann, ben, spectator].forEach((c) => c.close()) };
  }

  it('at a table without hints: hints-off, and nothing changes', async () => {
    const t = await table(false);
    expect(t.asker.held.get(t.id)?.info.hints).toBe(false);
    const seq = t.asker.held.get(t.id)?.seq as number;
    expect(await t.asker.send({ type: 'hint', table: t.id })).toMatchObject({ ok: false, error: { code: 'hints-off' } });
    const again = await t.spectator.watch(t.id, seq);
    expect(again.snapshot.seq).toBe(seq);
    expect(again.snapshot.log).toEqual([]);
    t.close();
  });

  it('gives the asking seat one of its legal decisions and a chance, to it alone; everyone sees that it asked', async () => {
    const t = await table(true);
    expect(t.spectator.held.get(t.id)?.info.hints).toBe(true);
    const game = t.asker.payload(t.id);
    const from = { other: t.other.raw.length, spectator: t.spectator.raw.length };
    const reply = await t.asker.send({ type: 'hint', table: t.id });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.version).toBe(game?.version);
    expect(game?.legal).toContainEqual(reply.intent);
    expect(reply.winChance).toBeGreaterThanOrEqual(0);
    expect(reply.winChance).toBeLessThanOrEqual(1);
    for (const c of [t.asker, t.other, t.spectator]) {
      const f = await c.waitFor((x) => x.type === 'update' && x.entries.some((e) => e.kind === 'table' && e.event.type === 'hint-asked'));
      expect(f.type === 'update' && f.entries).toEqual([expect.objectContaining({ kind: 'table', event: { type: 'hint-asked', seat: t.turn } })]);
    }
    // The hint itself went nowhere else: nothing the others received since carries it.
    for (const raw of [...t.other.raw.slice(from.other), ...t.spectator.raw.slice(from.spectator)]) expect(raw).not.toMatch(/winChance|intent/);
    // It was only advice: the game is where it was.
    expect(t.asker.payload(t.id)?.version).toBe(game?.version);
    t.close();
  });

  it('refuses a forged hint from a spectator, one for a seat not awaited, and malformed ones — typed, and nothing changes', async () => {
    const t = await table(true);
    const seq = t.spectator.held.get(t.id)?.seq as number;
    expect(await t.spectator.send({ type: 'hint', table: t.id })).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(await t.other.send({ type: 'hint', table: t.id })).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    expect(await t.asker.send({ type: 'hint' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await t.asker.send({ type: 'hint', table: t.id, seat: t.turn })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await t.asker.send({ type: 'hint', table: 'x'.repeat(22) })).toMatchObject({ ok: false, error: { code: 'no-such-table' } });
    const again = await t.spectator.watch(t.id, seq);
    expect(again.snapshot.log).toEqual([]);
    t.close();
  });
});

describe('hints, one at a time', () => {
  it('refuses a second hint for the same seat while one is being thought about (rate-limited), then answers the first', async () => {
    const thinking = new HeldThinking();
    const server = await testServer({ thinking });
    try {
      const { id: tableId, clients } = await seatedTable(server, { game: 'robbery', players: 2, people: ['Ann', 'Ben'], hints: true });
      const id = tableId as TableId;
      const [ann, ben] = clients as [TestClient, TestClient];
      await ann.must({ type: 'start', table: id });
      await ann.waitFor((f) => f.type === 'update' && f.payload !== null);
      const turn = ann.payload(id)?.awaiting[0] as number;
      const asker = turn === 0 ? ann : ben;
      const first = asker.send({ type: 'hint', table: id });
      const held = await thinking.next('hint');
      expect(held.request).toMatchObject({ level: 'normal', seat: turn, gameId: 'robbery' });
      expect(held.request.view).toEqual(asker.payload(id)?.view);
      expect(held.request.legal).toEqual(asker.payload(id)?.legal);
      expect(await asker.send({ type: 'hint', table: id })).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
      held.answer({ action: held.request.legal[0], winChance: 0.25 });
      expect(await first).toEqual({ ok: true, version: ann.payload(id)?.version, intent: held.request.legal[0], winChance: 0.25 });
      // And once answered, the seat may ask again.
      const second = asker.send({ type: 'hint', table: id });
      (await thinking.next('hint')).fail(new Error('a thinking worker stopped'));
      expect(await second).toMatchObject({ ok: false, error: { code: 'internal' } });
      ann.close();
      ben.close();
    } finally {
      await server.close();
    }
  });
});
