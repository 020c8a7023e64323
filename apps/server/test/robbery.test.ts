// Robbery over real sockets: whole games at 2-5 seats with people, bots and spectators, every message every seat
// and spectator received checked against the true game (replayed from the stored record) for what it must hide —
// other hands, the draw pile's order (the deal's and every reshuffle's), others' banked tiles before the end; the
// Guard Dog's offer on clocked tables (the holder's own clock, timing out to a bot's decision); a reconnect in the
// middle of a steal; and a kill -9 in the middle of a raid after which the same clients finish the game.

import { Rng, step, type Move } from '@razzia/contract';
import { verifyRecord } from '@razzia/contract/verify';
import { legalActions, readRecord, robbery, view, type Action, type GameEvent, type GameState, type GameView, type Seat, type Tile, type TileValue } from '@razzia/game-robbery';
import type { GamePayload, LogEntry, TableId, Token } from '@razzia/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { CATCH_UP_LIMIT, type TableHost } from '../src/tables/host.ts';
import { ManualClock, SECRET_KEYS, TestClient, autoPlay, expectFairKept, fairSecrets, seatedTable, serverProcess, tempDir, testServer, type Frame, type Intent } from './harness.ts';
import type { NodeProcess } from './support/processes.ts';

// ── The truth, from the stored record ─────────────────────────────────────────────────────────────────────────

interface Truth {
  /** states[v]: the game after v moves (decisions and reshuffles). */
  readonly states: readonly GameState[];
  /** JSON runs of 10 cards in the order of every draw pile the game had (the deal's, every reshuffle's). */
  readonly pileRuns: readonly string[];
  /** The record as the server gave it, headers and all. */
  readonly record: unknown;
}

/** Replays the finished table's stored record (GET /api/tables/:id/record) through the rules, keeping every state. */
async function truthOf(server: { url: string }, id: TableId): Promise<Truth> {
  const res = await fetch(`${server.url}/api/tables/${id}/record`);
  expect(res.status).toBe(200);
  const record: unknown = await res.json();
  const read = readRecord(record);
  if (!read.ok) throw new Error(read.message);
  const started = robbery.start(read.setup);
  if (!started.ok) throw new Error(started.error);
  const states: GameState[] = [started.state];
  const piles: (readonly unknown[])[] = [read.setup.deck];
  for (const move of read.moves) {
    const r = step<GameState, Action, GameEvent>(robbery, states.at(-1) as GameState, move as Move<Action>);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    if ('chance' in move) piles.push(r.state.deck); // a reshuffle: the new draw pile's order
    states.push(r.state);
  }
  const pileRuns: string[] = [];
  for (const pile of piles) for (let i = 0; i + 10 <= pile.length; i++) pileRuns.push(JSON.stringify(pile.slice(i, i + 10)).slice(1, -1));
  return { states, pileRuns, record };
}

/**
 * Everything `client` received at table `id`, as `viewer` (a seat or null), against the truth: at every game version
 * it held, its payload is exactly what the rules let that viewer see (its own hand and banked tiles only, others'
 * banked tiles as counts until the end) and its own legal decisions; a drawn card reached the drawer only; no raw
 * message holds a secret key or ten cards of any draw pile in their order. Returns how many payloads it checked.
 */
function expectHidden(client: TestClient, id: TableId, viewer: Seat | null, truth: Truth): number {
  let checked = 0;
  const seen = new Map<number, LogEntry>();
  for (const frame of client.frames) {
    if (frame.type !== 'snapshot' && frame.type !== 'update') continue;
    if ((frame.type === 'snapshot' ? frame.table : frame.table.id) !== id) continue;
    const payload = frame.held.game as GamePayload | null;
    const entries = frame.type === 'snapshot' ? frame.snapshot.log : frame.entries;
    for (const e of entries) seen.set(e.seq, e);
    if (!payload) continue;
    const state = truth.states[payload.version];
    if (!state) throw new Error(`a payload at version ${payload.version}, which the record never reached`);
    const v = payload.view as unknown as GameView;
    // The rules' own filter, and what it must mean, said directly against the true state.
    expect(v).toEqual(view(state, viewer));
    expect(v.hand).toEqual(viewer === null ? null : state.players[viewer]?.hand);
    expect(v.banked).toEqual(viewer === null ? null : state.players[viewer]?.banked);
    expect(v.final === null).toBe(state.phase.kind !== 'over');
    for (const [s, p] of v.players.entries()) {
      expect(Object.keys(p).sort()).toEqual(['bankedCounts', 'handSize', 'loot']);
      expect(p.bankedCounts.reduce((a, b) => a + b, 0)).toBe(state.players[s]?.banked.length);
    }
    const awaited = viewer !== null && payload.awaiting.includes(viewer);
    expect(payload.legal).toEqual(awaited ? legalActions(state, viewer) : []);
    checked++;
  }
  for (const e of seen.values()) {
    if (e.kind !== 'game') continue;
    const event = e.event as unknown as GameEvent;
    if (event.type === 'drew') expect(event.card === null, `a drawn card as seat ${viewer} saw it`).toBe(event.seat !== viewer);
  }
  for (const raw of client.raw) {
    expect(raw).not.toMatch(SECRET_KEYS);
    for (const run of truth.pileRuns) if (raw.includes(run)) throw new Error(`a message to ${viewer} holds 10 cards of a draw pile in order: ${raw.slice(0, 160)}`);
  }
  return checked;
}

const pick = (seed: string) => {
  const rng = Rng.fromSeed(seed);
  return (legal: readonly Intent[]) => legal[rng.int(legal.length)] as Intent;
};

// ── Whole games ───────────────────────────────────────────────────────────────────────────────────────────────

describe.each([
  { players: 2, people: 2, bots: [] as string[] },
  { players: 3, people: 2, bots: ['greedy'] },
  { players: 4, people: 2, bots: ['random', 'greedy'] },
  { players: 5, people: 3, bots: ['greedy', 'random'] },
])('a whole $players-player Robbery game with $people people, bots $bots and two spectators', ({ players, people, bots }) => {
  it('every message to every seat and spectator shows exactly what the rules allow, to the end', async () => {
    const server = await testServer();
    const names = ['Host', ...Array.from({ length: people - 1 }, (_, i) => `Player ${i + 1}`)];
    const { id, clients } = await seatedTable(server, { game: 'robbery', players, people: names, bots, contribute: true });
    const early = await TestClient.connect(server.url);
    await early.watch(id);
    const finals = clients.map((c, seat) => autoPlay(c, id, pick(`robbery-${players}-${seat}`)));
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    // A second spectator arrives in the middle of the game: its snapshot holds the whole log, redacted.
    await (clients[0] as TestClient).waitFor((m) => m.type === 'update' && (m.payload?.version ?? 0) >= 20);
    const late = await TestClient.connect(server.url);
    const joined = await late.watch(id);
    expect(joined.snapshot.you).toEqual({ seat: null, host: false });
    const ends = await Promise.all(finals);
    const over = (c: TestClient) => c.waitFor((m) => m.type === 'update' && m.payload?.outcome !== null && m.payload?.outcome !== undefined);
    await Promise.all([over(early), over(late)]);

    const truth = await truthOf(server, id);
    const last = truth.states.at(-1) as GameState;
    expect(last.phase.kind).toBe('over');
    // Everyone ends on the same public table, which shows every banked tile (B9.5).
    for (const [seat, end] of ends.entries()) expect(end as unknown as GameView).toEqual(view(last, seat));
    expect((late.lastGame(id) as unknown as GameView).final?.banked).toEqual(last.players.map((p) => p.banked));
    const viewers: [TestClient, Seat | null][] = [...clients.map((c, seat): [TestClient, Seat] => [c, seat]), [early, null], [late, null]];
    for (const [client, viewer] of viewers) expect(expectHidden(client, id, viewer, truth)).toBeGreaterThan(10);
    // The drawer saw its own card in full: the log is the same entries for everyone, a drawn card aside.
    const drawn = (c: TestClient) => (c.held.get(id)?.log ?? []).filter((e) => e.event.type === 'drew' && (e.event as unknown as { card: unknown }).card !== null).length;
    expect(drawn(clients[0] as TestClient)).toBeGreaterThan(0);
    expect(drawn(early) + drawn(late)).toBe(0);
    expect(late.held.get(id)?.log.length).toBe(early.held.get(id)?.log.length);
    // The deal and every reshuffle are the fair draws' (the record verifies), and their seed reached nobody before
    // the end.
    expect(verifyRecord(robbery, truth.record)).toMatchObject({ ok: true, contributed: names.map((_, seat) => seat) });
    const secrets = await fairSecrets(server.dataDir, id);
    for (const [client] of viewers) expect(expectFairKept(client, secrets)).toBeGreaterThan(0);
    for (const [client] of viewers) client.close();
    await server.close();
  });
});

// ── The memory aid (ours, B8.3) ───────────────────────────────────────────────────────────────────────────────

/** The perfect memory of issue 20: every seat's banked tiles rebuilt from a log's `took`, Boss checks and `banked`
 * (null where a faded entry leaves a tile unknown). */
function rebuilt(log: readonly LogEntry[], players: number): (Tile[] | null)[] {
  let loot: (TileValue | null)[][] = Array.from({ length: players }, () => []);
  const banked: (Tile[] | null)[] = Array.from({ length: players }, () => []);
  for (const entry of log) {
    if (entry.kind !== 'game') continue;
    const e = entry.event as unknown as GameEvent;
    if (e.type === 'took') {
      loot[e.seat]?.push(e.tile);
      if (e.from !== null) loot[e.from]?.splice(loot[e.from]?.indexOf(e.tile) ?? -1, 1);
    } else if (e.type === 'boss-check' && e.seat !== null && e.kept === false) loot[e.seat]?.splice(loot[e.seat]?.indexOf('boss') ?? -1, 1);
    else if (e.type === 'banked') {
      loot.forEach((values, s) => {
        const known = banked[s];
        banked[s] = known && values.every((v) => v !== null) ? [...known, ...values.map((value) => ({ raid: e.raid, value: value as TileValue }))] : null;
      });
      loot = loot.map(() => []);
    }
  }
  return banked.map((b) => b && [...b].sort((x, y) => x.raid - y.raid || String(x.value).localeCompare(String(y.value))));
}

describe('the memory aid: what a late spectator and a reconnecting player get of the banked raids', () => {
  for (const memoryAid of [false, true])
    it(`${memoryAid ? 'with' : 'without'} it: those at the table got every move whole; a snapshot's banked raids come ${memoryAid ? 'whole' : 'faded, and nobody’s banked tiles can be rebuilt from them'}`, async () => {
      const server = await testServer();
      try {
        const { id, clients, tokens } = await seatedTable(server, { game: 'robbery', players: 2, people: ['Host'], bots: ['greedy'], options: { memoryAid } });
        const host = clients[0] as TestClient;
        const early = await TestClient.connect(server.url);
        await early.watch(id);
        const done = autoPlay(host, id, pick(`aid-${memoryAid}`));
        await host.must({ type: 'start', table: id });
        await done;
        const truth = await truthOf(server, id);
        const banked = (truth.states.at(-1) as GameState).reckoning?.discarded.map((gone, s) => [...gone, ...(truth.states.at(-1) as GameState).players[s]!.banked]) ?? [];
        const sorted = (tiles: readonly Tile[]) => [...tiles].sort((x, y) => x.raid - y.raid || String(x.value).localeCompare(String(y.value)));

        // Live: every raid's moves arrived whole, so a perfect memory rebuilds every seat's banked tiles.
        const live = early.held.get(id)?.log ?? [];
        expect(rebuilt(live, 2)).toEqual(banked.map(sorted));

        // Late: a spectator who comes now, and the host reconnecting with the log number it held after raid 1.
        const late = await TestClient.connect(server.url);
        const joined = await late.watch(id);
        const firstBank = live.find((e) => e.event.type === 'banked')?.seq as number;
        const back = await TestClient.connect(server.url, tokens[0]);
        back.held.set(id, host.held.get(id)!); // it holds the log up to where it asks from
        // (From just before the first raid was banked, or as far back as a catch-up reaches: a long game, its deal
        // drawn from the table's fair seed, may hold more than CATCH_UP_LIMIT entries since then.)
        const since = Math.max(firstBank - 5, (live.at(-1)?.seq as number) - CATCH_UP_LIMIT);
        const caught = await back.watch(id, since);
        expect(caught.snapshot.from).toBe(since);
        for (const log of [joined.snapshot.log, caught.snapshot.log]) {
          const lastBank = log.findLast((e) => e.event.type === 'banked')?.seq as number;
          const before = log.filter((e) => e.kind === 'game' && e.seq < lastBank).map((e) => e.event as unknown as GameEvent);
          const whole = before.filter((e) => (e.type === 'took' && e.tile !== null) || (e.type === 'played' && e.card !== null) || (e.type === 'boss-check' && e.seat !== null));
          if (memoryAid) expect(whole.length).toBeGreaterThan(10);
          else expect(whole).toEqual([]);
        }
        expect(rebuilt(joined.snapshot.log, 2)).toEqual(memoryAid ? banked.map(sorted) : [null, null]);
        // Nothing else differs: the same entries, numbered alike, and the same final table (B9.5 shows every tile).
        expect(joined.snapshot.log.map((e) => e.seq)).toEqual(live.map((e) => e.seq));
        expect(late.lastGame(id)).toEqual(early.lastGame(id));
        // The record is the whole game: it replays to the same end, and says whether the aid was on.
        const record = (await (await fetch(`${server.url}/api/tables/${id}/record`)).json()) as Record<string, unknown>;
        expect(record.memoryAid).toBe(memoryAid ? true : undefined);
        // And its fair draws verify, the memory aid's deal too (dealt again with the options the record keeps).
        expect(verifyRecord(robbery, record)).toMatchObject({ ok: true });
        for (const c of [host, early, late, back]) c.close();
      } finally {
        await server.close();
      }
    });
});

// ── Steering a game to the Guard Dog's offer ──────────────────────────────────────────────────────────────────

const stateOf = (table: TableHost) => table.state as GameState;

/**
 * A decision for `seat` that makes a Guard Dog offer likely: rob the dog's holder when possible, otherwise take the
 * dog if nobody has it or the holder has no tiles yet, otherwise take from the middle (a number card whose tile
 * has left the middle must steal), otherwise anything.
 */
function steer(state: GameState, seat: Seat): Action {
  const legal = legalActions(state, seat);
  const play = (test: (a: Extract<Action, { type: 'play' }>) => boolean) => legal.find((a) => a.type === 'play' && test(a));
  const holder = state.dog;
  return (
    (holder !== null && holder !== seat ? play((a) => a.from === holder) : undefined) ??
    (holder === null || (state.players[holder]?.loot.length ?? 0) === 0 ? play((a) => a.card === 'dog') : undefined) ??
    play((a) => a.card !== 'dog' && a.from === undefined && a.card !== 'greedy') ??
    (legal[0] as Action)
  );
}

/** Plays the people's decisions (and lets bots play) until the game asks a person to defend with the Guard Dog
 * (against a person too, with `personThief`). */
async function steerToGuard(
  server: Awaited<ReturnType<typeof testServer>>,
  table: TableHost,
  clients: ReadonlyMap<Seat, TestClient>,
  clock: ManualClock,
  personThief = false,
): Promise<boolean> {
  for (;;) {
    await server.tables.settled();
    const state = stateOf(table);
    if (state.phase.kind === 'over') return false;
    if (state.phase.kind === 'guard' && clients.has(state.phase.seat) && (!personThief || clients.has(state.phase.thief))) return true;
    // A raid's end is a moment the table waits at: the people move on at once.
    const pause = table.record.pause;
    if (pause) {
      for (const seat of pause.waiting) await clients.get(seat)?.must({ type: 'ready', table: table.id });
      continue;
    }
    const seat = table.gameFor(null)?.awaiting[0];
    const client = seat === undefined ? undefined : clients.get(seat);
    if (seat === undefined || !client) {
      clock.advance(0); // a bot's turn (its timer fires now), or a reshuffle
      continue;
    }
    await client.must({ type: 'act', table: table.id, version: table.version, intent: steer(state, seat) as Intent });
  }
}

/** Seats people (and bots) at a seeded server with a hand-driven clock and steers a game to a Guard Dog offer; a new
 * table if a game ends without one. */
async function tableAtGuard(options: { players: number; people: string[]; bots?: string[]; clock: number | null; seed: string; personThief?: boolean }) {
  const clock = new ManualClock();
  const dataDir = tempDir();
  const server = await testServer({ clock, dataDir, random: Rng.fromSeed(options.seed) });
  for (let attempt = 0; attempt < 8; attempt++) {
    const { id, clients, tokens } = await seatedTable(server, { game: 'robbery', players: options.players, people: options.people, bots: options.bots ?? [], clock: options.clock });
    const spectator = await TestClient.connect(server.url);
    await spectator.watch(id);
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    const table = server.tables.live(id) as TableHost;
    if (await steerToGuard(server, table, new Map(clients.map((c, seat) => [seat, c])), clock, options.personThief)) return { server, clock, dataDir, id, table, clients, tokens, spectator };
    for (const c of [...clients, spectator]) c.close();
  }
  throw new Error('eight games without a Guard Dog offer to a person');
}

type GuardPhase = Extract<GameState['phase'], { kind: 'guard' }>;

describe("the Guard Dog's offer on a clocked table", () => {
  it("runs on the holder's own clock; answered in time, the thief's turn ends and the next decision has a full clock", async () => {
    const { server, clock, id, table, clients, spectator } = await tableAtGuard({ players: 2, people: ['Ann', 'Ben'], clock: 30, seed: 'guard-in-time' });
    const phase = stateOf(table).phase as GuardPhase;
    const holder = clients[phase.seat] as TestClient;
    const thief = clients[phase.thief] as TestClient;

    // The holder alone is awaited, with a fresh clock of its own; the thief has no decision and no clock.
    const asked = await holder.waitFor((m) => m.type === 'update' && m.payload?.version === table.version);
    if (asked.type !== 'update' || !asked.payload) throw new Error('unreachable');
    expect(asked.payload.awaiting).toEqual([phase.seat]);
    expect(asked.payload.legal).toEqual([
      { type: 'guard', give: 'tile' },
      { type: 'guard', give: 'dog' },
    ]);
    expect(asked.table.clocks).toEqual([{ seat: phase.seat, remainingMs: 30_000 }]);
    expect(asked.entries.map((e) => e.event)).toContainEqual({ type: 'guard-asked', seat: phase.seat, thief: phase.thief, tile: phase.tile });
    await thief.waitFor((m) => m.type === 'update' && m.payload?.version === table.version);
    expect(thief.payload(id)?.awaiting).toEqual([phase.seat]);
    expect(thief.payload(id)?.legal).toEqual([]);
    const seen = await spectator.waitFor((m) => m.type === 'update' && m.payload?.version === table.version);
    expect(seen.type === 'update' && seen.table.clocks).toEqual([{ seat: phase.seat, remainingMs: 30_000 }]);

    // Answered after 10 s: no time-out; the dog goes to the thief, who draws; the next decision's clock is full.
    clock.advance(10_000);
    await server.tables.settled();
    expect(table.info().clocks).toEqual([{ seat: phase.seat, remainingMs: 20_000 }]);
    const n = thief.frames.length;
    await holder.must({ type: 'act', table: id, version: table.version, intent: { type: 'guard', give: 'dog' } });
    const answered = await thief.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'guarded'), n);
    if (answered.type !== 'update') throw new Error('unreachable');
    const events = answered.entries.map((e) => e.event as unknown as GameEvent);
    expect(events.map((e) => e.type)).not.toContain('timed-out');
    expect(events.slice(0, 2)).toEqual([
      { type: 'guarded', seat: phase.seat, thief: phase.thief, tile: phase.tile, give: 'dog' },
      { type: 'dog-taken', seat: phase.thief, from: phase.seat },
    ]);
    expect(stateOf(table).dog).toBe(phase.thief);
    const next = answered.payload?.awaiting[0];
    expect(answered.table.clocks).toEqual(next === undefined ? [] : [{ seat: next, remainingMs: 30_000 }]);
    for (const c of [...clients, spectator]) c.close();
    await server.close();
  });

  it('left alone until its clock runs out, a bot answers for the holder, and the log says so to everyone', async () => {
    const { server, clock, id, table, clients, spectator } = await tableAtGuard({ players: 2, people: ['Cas', 'Dee'], clock: 30, seed: 'guard-timeout' });
    const phase = stateOf(table).phase as GuardPhase;
    const raid = stateOf(table).raid;
    const holder = clients[phase.seat] as TestClient;
    const thief = clients[phase.thief] as TestClient;
    const version = table.version;
    expect(table.info().clocks).toEqual([{ seat: phase.seat, remainingMs: 30_000 }]);
    clock.advance(29_999);
    await server.tables.settled();
    expect(table.version).toBe(version);
    const n = thief.frames.length;
    clock.advance(1);
    await server.tables.settled();
    const timedOut = await thief.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'timed-out'), n);
    if (timedOut.type !== 'update') throw new Error('unreachable');
    const events = timedOut.entries.map((e) => e.event as unknown as GameEvent | { type: 'timed-out'; seat: number });
    expect(events[0]).toEqual({ type: 'timed-out', seat: phase.seat });
    const guarded = events[1] as Extract<GameEvent, { type: 'guarded' }>;
    expect(guarded).toMatchObject({ type: 'guarded', seat: phase.seat, thief: phase.thief, tile: phase.tile });
    expect(events[2]).toEqual(
      guarded.give === 'dog' ? { type: 'dog-taken', seat: phase.thief, from: phase.seat } : { type: 'took', seat: phase.thief, raid, tile: phase.tile, from: phase.seat },
    );
    expect(timedOut.payload?.version).toBe(version + 1);
    const next = timedOut.payload?.awaiting[0];
    expect(timedOut.table.clocks).toEqual(next === undefined ? [] : [{ seat: next, remainingMs: 30_000 }]);
    // Everyone reads the same notice; the thief drew, and only the thief saw what.
    const drawn = (m: Frame) => (m.type === 'update' ? m.entries.find((e) => e.event.type === 'drew')?.event : undefined) as { card: unknown } | undefined;
    for (const c of [holder, spectator]) {
      const same = await c.waitFor((m) => m.type === 'update' && m.seq === timedOut.seq);
      expect(same.type === 'update' && same.entries.map((e) => e.event.type)).toEqual(timedOut.entries.map((e) => e.event.type));
      if (drawn(timedOut)) expect(drawn(same)?.card).toBeNull();
    }
    if (drawn(timedOut)) expect(drawn(timedOut)?.card).not.toBeNull();
    for (const c of [...clients, spectator]) c.close();
    await server.close();
  });
});

// ── A reconnect in the middle of a steal ──────────────────────────────────────────────────────────────────────

describe('a reconnect in the middle of a steal', () => {
  it('the robbed holder and the thief drop; each comes back with its last log number and gets exactly what it missed', async () => {
    const { server, clock, id, table, clients, tokens, spectator } = await tableAtGuard({
      players: 3,
      people: ['Ann', 'Ben'],
      bots: ['greedy'],
      clock: null,
      seed: 'guard-reconnect',
      personThief: true,
    });
    const phase = stateOf(table).phase as GuardPhase;
    const raid = stateOf(table).raid;
    const holder = clients[phase.seat] as TestClient;
    const thief = clients[phase.thief] as TestClient;
    await holder.waitFor((m) => m.type === 'update' && m.payload?.version === table.version);
    await thief.waitFor((m) => m.type === 'update' && m.payload?.version === table.version);

    // Both drop with a real socket close, mid-steal.
    const heldBy = (c: TestClient) => c.held.get(id)!;
    const holderSeq = heldBy(holder).seq;
    const thiefSeq = heldBy(thief).seq;
    holder.close();
    thief.close();
    await spectator.waitFor((m) => m.type === 'presence' && m.connected[phase.seat] === false);

    // The holder comes back first: nothing happened while it was away, and it is still asked.
    const holderBack = await TestClient.connect(server.url, tokens[phase.seat]);
    holderBack.held.set(id, heldBy(holder));
    const again = (await holderBack.watch(id, holderSeq)).snapshot;
    expect([again.from, again.log]).toEqual([holderSeq, []]);
    expect(again.you).toEqual({ seat: phase.seat, host: phase.seat === 0 });
    expect(again.payload?.legal).toEqual([
      { type: 'guard', give: 'tile' },
      { type: 'guard', give: 'dog' },
    ]);
    expect(again.payload).toEqual(heldBy(holder).game);
    await holderBack.must({ type: 'act', table: id, version: table.version, intent: { type: 'guard', give: 'tile' } });
    await server.tables.settled();

    // The thief comes back after the holder answered: it gets the answer, the tile it stole and its own draw.
    {
      const thiefBack = await TestClient.connect(server.url, tokens[phase.thief]);
      thiefBack.held.set(id, heldBy(thief));
      const caught = (await thiefBack.watch(id, thiefSeq)).snapshot;
      expect(caught.from).toBe(thiefSeq);
      const events = caught.log.map((e) => e.event as unknown as GameEvent);
      expect(events.slice(0, 2)).toEqual([
        { type: 'guarded', seat: phase.seat, thief: phase.thief, tile: phase.tile, give: 'tile' },
        { type: 'took', seat: phase.thief, raid, tile: phase.tile, from: phase.seat },
      ]);
      const draw = events.find((e) => e.type === 'drew' && e.seat === phase.thief) as Extract<GameEvent, { type: 'drew' }> | undefined;
      // A steal never ends a raid, so the thief's turn ends with its draw, told to it in full.
      expect(draw?.card ?? null).not.toBeNull();
      expect(thiefBack.held.get(id)?.log.map((e) => e.seq)).toEqual(Array.from({ length: caught.seq }, (_, i) => i + 1));
      clients[phase.thief] = thiefBack;
    }
    clients[phase.seat] = holderBack;

    // Everybody plays on to the end; bots move as their timers fire.
    const people = new Map(clients.map((c, seat) => [seat, c]));
    for (;;) {
      await server.tables.settled();
      const state = stateOf(table);
      if (state.phase.kind === 'over') break;
      // A raid's end waits for the people at the table: they move on at once.
      for (const waiting of table.record.pause?.waiting ?? []) await people.get(waiting)?.must({ type: 'ready', table: id });
      if (table.record.pause) continue;
      const seat = table.gameFor(null)?.awaiting[0];
      const client = seat === undefined ? undefined : people.get(seat);
      if (seat === undefined || !client) clock.advance(0);
      else await client.must({ type: 'act', table: id, version: table.version, intent: legalActions(state, seat)[0] as Intent });
    }
    const truth = await truthOf(server, id);
    for (const [seat, c] of clients.entries()) {
      await c.waitFor((m) => m.type === 'update' && !!m.payload?.outcome);
      expectHidden(c, id, seat, truth);
    }
    // What they received before the drop was checked too.
    expectHidden(holder, id, phase.seat, truth);
    expectHidden(thief, id, phase.thief, truth);
    expectHidden(spectator, id, null, truth);
    for (const c of [...clients, spectator]) c.close();
    await server.close();
  });
});

// ── kill -9 in the middle of a raid ───────────────────────────────────────────────────────────────────────────

describe('kill -9 in the middle of a raid', () => {
  const processes: NodeProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await p.stop();
  });

  it('brings back the raid exactly — tiles, hands, the Guard Dog, the clock — and the same clients finish the game', async () => {
    const dataDir = tempDir();
    let server = await serverProcess(dataDir);
    processes.push(server);
    const { id, clients, tokens } = await seatedTable(server, { game: 'robbery', players: 3, clock: 600, people: ['Host', 'Guest'], bots: ['greedy'] });
    const [host, guest] = clients as [TestClient, TestClient];
    const spectator = await TestClient.connect(server.url);
    await spectator.watch(id);

    // Play until raid 2 is under way with tiles still in the middle and a person to play, then stop acting.
    let frozen = false;
    const midRaid = (v: GameView) => v.raid >= 2 && v.middle.length >= 3 && v.middle.length <= 6 && v.phase.kind === 'turn' && v.phase.seat !== 2;
    const untilMidRaid = (c: TestClient, seed: string) => {
      const choose = pick(seed);
      return autoPlay(c, id, choose, { beforeAct: (v) => !(frozen ||= midRaid(v as unknown as GameView)) });
    };
    void untilMidRaid(host, 'kill-host').catch(() => undefined);
    void untilMidRaid(guest, 'kill-guest').catch(() => undefined);
    await host.must({ type: 'start', table: id });
    const atKill = await host.waitFor((m) => m.type === 'update' && !!m.payload && midRaid(m.payload.view as unknown as GameView));
    if (atKill.type !== 'update' || !atKill.payload) throw new Error('unreachable');
    await guest.waitFor((m) => m.type === 'update' && m.seq === atKill.seq);
    await spectator.waitFor((m) => m.type === 'update' && m.seq === atKill.seq);
    const before = { host: host.held.get(id)!, guest: guest.held.get(id)!, spectator: spectator.held.get(id)! };

    await server.kill9();
    for (const c of [host, guest, spectator]) c.close();
    server = await serverProcess(dataDir);
    processes.push(server);

    // The same clients, on new connections with their tokens and their last log numbers.
    const back = async (token: Token | undefined, held: typeof before.host) => {
      const client = await TestClient.connect(server.url, token);
      client.held.set(id, held);
      const snapshot = (await client.watch(id, held.seq)).snapshot;
      expect([snapshot.from, snapshot.log]).toEqual([held.seq, []]);
      expect(snapshot.payload).toEqual(held.game);
      return { client, snapshot };
    };
    const h = await back(tokens[0], before.host);
    const g = await back(tokens[1], before.guest);
    const s = await back(undefined, before.spectator);
    expect(h.snapshot.you).toEqual({ seat: 0, host: true });
    expect(g.snapshot.you).toEqual({ seat: 1, host: false });
    expect(s.snapshot.you).toEqual({ seat: null, host: false });
    const v = h.snapshot.payload?.view as unknown as GameView;
    expect(v.raid).toBeGreaterThanOrEqual(2);
    expect(v.middle.length).toBeGreaterThanOrEqual(3);
    // The clock came back with the same deadline: what remains cannot have grown.
    const [now, then] = [h.snapshot.table.clocks[0], atKill.table.clocks[0]];
    expect(now?.seat).toBe(then?.seat);
    expect(now?.remainingMs).toBeLessThanOrEqual(then?.remainingMs ?? -1);
    // …nor shrunk by more than the time that passed since it was told (the update's log entries say when, by the
    // server's clock, the same machine's): the same deadline, however long the restart took.
    expect(now?.remainingMs).toBeGreaterThanOrEqual((then?.remainingMs ?? 0) - (Date.now() - (atKill.entries.at(-1)?.at ?? 0)) - 1_000);

    const [a, b] = await Promise.all([autoPlay(h.client, id, pick('after-host')), autoPlay(g.client, id, pick('after-guest'))]);
    await s.client.waitFor((m) => m.type === 'update' && !!m.payload?.outcome);
    expect((a as unknown as GameView).final).toEqual((b as unknown as GameView).final);
    const truth = await truthOf(server, id);
    expect(truth.states.at(-1)?.phase.kind).toBe('over');
    expectHidden(h.client, id, 0, truth);
    expectHidden(g.client, id, 1, truth);
    expectHidden(s.client, id, null, truth);
    for (const c of [h.client, g.client, s.client]) c.close();
  });
});
