// Whole games over real sockets: 2 to 5 seats with people, bots and spectators. Every message every seat and
// spectator receives is validated against the strict protocol schemas (in the harness) and checked for leaks, the
// fair draws' seed among them (also in the server's log lines and /metrics); the finished record verifies.

import { verifyRecord } from '@razzia/contract/verify';
import { fromRecord, razzia, type CardKind, type GameView } from '@razzia/game-razzia';
import { LogEntrySchema, type TableId } from '@razzia/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { SECRET_KEYS, TestClient, autoPlay, createTable, expectFairKept, fairFormIn, fairSecrets, seatedTable, storeFor, testServer, type Intent } from './harness.ts';
import { operatorHeaders } from './support/operator.ts';

let server: Awaited<ReturnType<typeof testServer>>;
/** Every line the server logs, at every level. */
const logLines: string[] = [];
beforeAll(async () => {
  server = await testServer({ logger: pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) }) });
});
afterAll(async () => {
  await server.close();
});

/** JSON fragments of every run of 8 consecutive cards in either starting pile: no message may hold one. */
async function pileWindows(id: TableId): Promise<string[]> {
  const store = await storeFor(server.dataDir);
  const setup = (await store.load(id))?.setup as { piles: readonly (readonly CardKind[])[] } | null;
  await store.close();
  if (!setup) throw new Error('no deal stored');
  const windows: string[] = [];
  for (const pile of setup.piles)
    for (let i = 0; i + 8 <= pile.length; i++) windows.push(JSON.stringify(pile.slice(i, i + 8)).slice(1, -1));
  return windows;
}

function expectNoLeaks(client: TestClient, windows: readonly string[]) {
  for (const raw of client.raw) {
    expect(raw).not.toMatch(SECRET_KEYS);
    for (const w of windows) if (raw.includes(w)) throw new Error(`a message holds 8 cards of a pile in order: ${raw.slice(0, 200)}`);
  }
}

/** The log as this client saw it: numbered from 1 without gaps or repeats. */
function logOf(client: TestClient) {
  const entries = new Map<number, unknown>();
  for (const m of client.frames) {
    const list = m.type === 'update' ? m.entries : m.type === 'snapshot' ? m.snapshot.log : [];
    for (const e of list) {
      LogEntrySchema.parse(e);
      const seen = entries.get(e.seq);
      if (seen) expect(seen).toEqual(e);
      entries.set(e.seq, e);
    }
  }
  const seqs = [...entries.keys()].sort((a, b) => a - b);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  return seqs.map((s) => entries.get(s));
}

const rand = (seed: number) => {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
};

describe.each([
  { players: 2, people: 2, bots: [] as string[] },
  { players: 3, people: 2, bots: ['greedy'] },
  { players: 4, people: 3, bots: ['random'] },
  { players: 5, people: 3, bots: ['greedy', 'random'] },
])('a whole $players-player game with $people people, bots $bots and two spectators', ({ players, people, bots }) => {
  it('every seat and spectator sees the same public game, in valid messages, with a gapless log and no leaks, to the end', async () => {
    const names = ['Host', ...Array.from({ length: people - 1 }, (_, i) => `Player ${i + 1}`)];
    const { id, clients } = await seatedTable(server, { players, people: names, bots, contribute: true });
    const [host, ...others] = clients as [TestClient, ...TestClient[]];
    const spectators = [await TestClient.connect(server.url), await TestClient.connect(server.url)];
    for (const s of spectators) expect((await s.watch(id)).snapshot.you).toEqual({ seat: null, host: false });
    const seated = [host, ...others];
    const pick = rand(players);
    const finals = seated.map((c) => autoPlay(c, id, (legal: readonly Intent[]) => legal[pick(legal.length)] as Intent));
    await host.must({ type: 'start', table: id });
    const views = await Promise.all(finals);
    const spectatorViews = await Promise.all(
      spectators.map((s) => s.waitFor((m) => m.type === 'update' && m.game?.phase.kind === 'over')),
    );

    // Everybody ends on the same public state; only `viewer` differs.
    const strip = (v: object) => ({ ...v, viewer: undefined });
    for (const v of [...views, ...spectatorViews.map((m) => (m as Extract<typeof m, { type: 'update' }>).game as GameView)])
      expect(strip(v as object)).toEqual(strip(views[0] as object));
    views.forEach((v, seat) => expect(v.viewer).toBe(seat));
    expect(views[0]?.results).toHaveLength(3);
    for (const c of [...seated, ...spectators]) expect(c.payload(id)).toMatchObject({ legal: [], awaiting: [], outcome: { winners: expect.any(Array) } });

    const windows = await pileWindows(id);
    const logs = [...seated, ...spectators].map((c) => {
      expectNoLeaks(c, windows);
      return logOf(c);
    });
    // Spectators joined before the start, so every client holds the whole log, the same one.
    for (const log of logs) expect(log.slice(-50)).toEqual(logs[0]?.slice(-50));

    // The record, once over, replays to the same final result, and its fair draws verify with every person's
    // contribution in it.
    const res = await fetch(`${server.url}/api/tables/${id}/record`);
    expect(res.status).toBe(200);
    const record = (await res.json()) as { fair: { seed: string } };
    const replayed = fromRecord(record);
    if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
    expect(replayed.game.state.results).toEqual(views[0]?.results);
    expect(verifyRecord(razzia, record)).toEqual({ ok: true, draws: 1, contributed: names.map((_, seat) => seat) });

    // The seed: in no message, reply, log line or metric before the end; revealed to every viewer at the end.
    const secrets = await fairSecrets(server.dataDir, id);
    expect(record.fair.seed).toBe(secrets.seed);
    for (const c of [...seated, ...spectators]) expect(expectFairKept(c, secrets)).toBeGreaterThan(0);
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: operatorHeaders })).text();
    for (const text of [...logLines, metrics]) {
      expect(text).not.toContain(secrets.seed);
      expect(fairFormIn(text, secrets)).toBeNull();
    }
    expect(logLines.length).toBeGreaterThan(10);
    for (const c of [...seated, ...spectators]) c.close();
  });
});

describe('lobby', () => {
  it('lists public tables live and never private ones', async () => {
    const watcher = await TestClient.connect(server.url);
    const first = await watcher.must({ type: 'lobby', follow: true });
    expect(Array.isArray(first.tables)).toBe(true);
    const pub = await createTable(server, { players: 3, name: 'Open table' });
    const priv = await createTable(server, { players: 3, name: 'Secret table', visibility: 'private' });
    const seen = await watcher.waitFor((m) => m.type === 'lobby' && m.tables.some((t) => t.id === pub.id));
    expect(seen.type === 'lobby' && seen.tables.some((t) => t.id === priv.id)).toBe(false);
    const host = await TestClient.connect(server.url, pub.token);
    await host.must({ type: 'sit', table: pub.id, name: 'Hostess' });
    const update = await watcher.waitFor((m) => m.type === 'lobby' && m.tables.some((t) => t.id === pub.id && t.seated === 1));
    expect(update.type === 'lobby' && update.tables.find((t) => t.id === pub.id)?.names).toEqual(['Hostess']);
    watcher.close();
    host.close();
  });
});
