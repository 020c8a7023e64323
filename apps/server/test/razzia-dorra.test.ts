// Dorra's Razzia over real sockets: whole games at 3 to 8 seats with people, bots and spectators, every message to
// every seat and spectator checked against the true game (replayed from the stored record) — exactly the payload
// and the log the rules let that viewer see, and directly: nobody else's hand, no face-down card or secret answer
// before it is shown, no run of the deck's or the chit supply's order, no die before it is rolled; simultaneous
// picks with a clock per seat still to choose (a hand-driven clock); reconnects in the middle of a pick and of a
// deal; and a kill -9 of a real server process in the middle of a duel, after which the same clients finish.

import { Rng, step, type Move } from '@razzia/contract';
import { verifyRecord } from '@razzia/contract/verify';
import {
  eventFor,
  legal,
  pending,
  razziaDorra,
  readRecord,
  view,
  type Action,
  type Card,
  type GameEvent,
  type GameState,
  type GameView,
  type Seat,
} from '@razzia/game-razzia-dorra';
import type { GamePayload, LogEntry, TableId, Token } from '@razzia/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock, SECRET_KEYS, TestClient, autoPlay, expectFairKept, fairSecrets, seatedTable, serverProcess, tempDir, testServer, type Frame, type Intent } from './harness.ts';
import type { NodeProcess } from './support/processes.ts';

const GAME = 'razzia-dorra';

// ── The truth, from the stored record ─────────────────────────────────────────────────────────────────────────

interface Truth {
  /** states[v]: the game after v moves (decisions, shuffles and die rolls). */
  readonly states: readonly GameState[];
  /** Every event in order, and how many the moves before version v made (cum[v]). */
  readonly events: readonly GameEvent[];
  readonly cum: readonly number[];
  /** For each event, the move that made it. */
  readonly moveOf: readonly number[];
  readonly moves: readonly Move<Action>[];
  /** The record as the server gave it, headers and all. */
  readonly record: unknown;
}

async function truthOf(url: string, id: TableId): Promise<Truth> {
  const res = await fetch(`${url}/api/tables/${id}/record`);
  expect(res.status).toBe(200);
  const record: unknown = await res.json();
  const read = readRecord(record);
  if (!read.ok) throw new Error(read.message);
  const started = razziaDorra.start(read.setup);
  if (!started.ok) throw new Error(started.error);
  const states: GameState[] = [started.state];
  const events: GameEvent[] = [];
  const moveOf: number[] = [];
  const cum = [0];
  for (const [i, move] of read.moves.entries()) {
    const r = step<GameState, Action, GameEvent>(razziaDorra, states[states.length - 1] as GameState, move);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    for (const e of r.events) {
      events.push(e);
      moveOf.push(i);
    }
    cum.push(events.length);
    states.push(r.state);
  }
  return { states, events, cum, moveOf, moves: read.moves, record };
}

/** JSON with sorted keys: two payloads compare equal exactly when they hold the same data. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v,
  );
}

/** A run of a secret sequence as it would appear inside a JSON array (whole items at both ends). */
function runs(items: readonly unknown[], length: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + length <= items.length; i++) out.push(JSON.stringify(items.slice(i, i + length)).slice(1, -1));
  return out;
}
const inArray = (raw: string, run: string) => raw.includes(`[${run},`) || raw.includes(`,${run},`) || raw.includes(`,${run}]`) || raw.includes(`[${run}]`);

/**
 * Everything `client` received at table `id` against the truth. At every game version it held: its payload is
 * exactly the rules' view for its viewer, its legal list, the awaited seats and the outcome; its log's game events
 * are exactly those of the moves so far, each in the form told to it — none missing, none from a later move (so no
 * die before it is rolled). Then directly: nobody else's dealt cards, face-down card or answer; no other hand; no
 * run of 8 cards of the deck or 12 chits of the supply in their order as they lay at that moment; no secret key.
 * Returns how many payloads it checked.
 */
function expectHidden(client: TestClient, id: TableId, truth: Truth): number {
  let checked = 0;
  let received = 0; // game events this client holds, in order
  const told = new Map<Seat | null, string[]>();
  const toldFor = (viewer: Seat | null) => {
    let list = told.get(viewer);
    if (!list) told.set(viewer, (list = truth.events.map((e) => canonical(eventFor(e, viewer)))));
    return list;
  };
  client.frames.forEach((frame: Frame, i) => {
    if (frame.type !== 'snapshot' && frame.type !== 'update') return;
    if ((frame.type === 'snapshot' ? frame.table : frame.table.id) !== id) return;
    const viewer = frame.held.you.seat;
    const game = frame.held.log.filter((e: LogEntry) => e.kind === 'game');
    if (frame.type === 'snapshot' && frame.snapshot.from === 0) received = 0;
    const expected = toldFor(viewer);
    for (; received < game.length; received++) expect(canonical((game[received] as LogEntry).event), `event ${received} to ${viewer}`).toBe(expected[received]);
    const payload = frame.held.game as GamePayload | null;
    if (!payload) return;
    const v = payload.version;
    const state = truth.states[v];
    if (!state) throw new Error(`a payload at version ${v}, which the record never reached`);
    // The log holds exactly the events of the moves so far: nothing missing, nothing from the future.
    expect(received, `events held at version ${v}`).toBe(truth.cum[v]);
    const p = pending(state);
    expect(canonical(payload.view)).toBe(canonical(view(state, viewer)));
    expect(payload.legal).toEqual(viewer === null ? [] : legal(state, viewer));
    expect(payload.awaiting).toEqual(p.kind === 'decide' ? p.seats : []);
    expect(payload.outcome).toEqual(p.kind === 'over' ? p.outcome : null);
    expect(payload.opened, `the version ${viewer}'s decision opened at, at version ${v}`).toBe(openedAt(truth, v, viewer));

    // What the view must mean, said directly against the true state.
    const seen = payload.view as unknown as GameView;
    expect(seen.hand).toEqual(viewer === null ? null : state.hands[viewer]);
    state.table.forEach((card, seat) => {
      if (seat !== viewer && state.phase.kind === 'pick') expect(seen.table[seat], `seat ${seat}'s face-down card, to ${viewer}`).toBeNull();
    });
    if (state.phase.kind === 'answer') {
      const phase = seen.phase as Extract<GameView['phase'], { kind: 'answer' }>;
      expect(phase.answer).toBe(viewer === null ? null : (state.phase.answers[viewer] ?? null));
      expect(Object.keys(phase).sort()).toEqual(['answer', 'answered', 'deal', 'kind']);
    }
    const raw = client.raw[i] as string;
    expect(raw).not.toMatch(SECRET_KEYS);
    expect(raw).not.toMatch(/"(hands|deck|supply)"\s*:/);
    for (const run of runs(state.deck, 8)) if (raw.includes(run)) throw new Error(`a message to ${viewer} holds 8 cards of the deck in order`);
    for (const run of runs(state.supply, 12)) if (inArray(raw, run)) throw new Error(`a message to ${viewer} holds 12 chits of the supply in order`);
    state.hands.forEach((hand, seat) => {
      if (seat !== viewer && hand.length === 5 && raw.includes(JSON.stringify(hand).slice(1, -1))) throw new Error(`a message to ${viewer} holds seat ${seat}'s hand`);
    });
    checked++;
  });
  // Secrets told to one seat reached that seat only.
  for (const frame of client.frames) {
    const entries = frame.type === 'update' ? frame.entries : frame.type === 'snapshot' ? frame.snapshot.log : [];
    const viewer = frame.type === 'update' || frame.type === 'snapshot' ? frame.held.you.seat : null;
    for (const e of entries) {
      if (e.kind !== 'game') continue;
      const event = e.event as unknown as GameEvent;
      if (event.type === 'dealt') expect(event.cards === null).toBe(event.seat !== viewer);
      if (event.type === 'picked') expect(event.card === null).toBe(event.seat !== viewer);
      if (event.type === 'answered') expect(event.answer === null).toBe(event.seat !== viewer);
    }
  }
  return checked;
}

/** The version at which `viewer`'s decision open at version `v` opened: it stays open back through every version at
 * which the game awaited that seat and the move made was another's (a simultaneous pick); null if none is open. */
function openedAt(truth: Truth, v: number, viewer: Seat | null): number | null {
  const awaits = (u: number) => {
    const p = pending(truth.states[u] as GameState);
    return viewer !== null && p.kind === 'decide' && p.seats.includes(viewer);
  };
  if (!awaits(v)) return null;
  let u = v;
  while (u > 0 && awaits(u - 1) && !('seat' in (truth.moves[u - 1] as Move<Action>) && (truth.moves[u - 1] as { seat: Seat }).seat === viewer)) u--;
  return u;
}

const randomPick = (seed: string) => {
  const rng = Rng.fromSeed(seed);
  return (options: readonly Intent[]) => options[rng.int(options.length)] as Intent;
};

const payloadOf = (client: TestClient, id: TableId) => client.payload(id) as GamePayload | null;
const viewOf = (client: TestClient, id: TableId) => payloadOf(client, id)?.view as unknown as GameView | undefined;

// ── Whole games ───────────────────────────────────────────────────────────────────────────────────────────────

describe.each([
  { players: 3, people: 2, bots: ['greedy'] },
  { players: 4, people: 2, bots: ['random', 'greedy'] },
  { players: 5, people: 3, bots: ['greedy', 'random'] },
  { players: 6, people: 2, bots: ['greedy', 'random', 'greedy', 'random'] },
  { players: 7, people: 3, bots: ['greedy', 'greedy', 'random', 'random'] },
  { players: 8, people: 4, bots: ['greedy', 'random', 'greedy', 'random'] },
])('a whole $players-seat game: $people people, bots $bots, two spectators', ({ players, people, bots }) => {
  it('every message to every seat and spectator shows exactly what the rules allow, to the end', async () => {
    const server = await testServer();
    const names = ['Host', ...Array.from({ length: people - 1 }, (_, i) => `Player ${i + 1}`)];
    const { id, clients } = await seatedTable(server, { game: GAME, players, people: names, bots, contribute: true });
    const early = await TestClient.connect(server.url);
    await early.watch(id);
    const finals = clients.map((c, seat) => autoPlay(c, id, randomPick(`dorra-${players}-${seat}`)));
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    // A second spectator arrives in the middle of the game: its snapshot holds the whole log, redacted.
    await (clients[0] as TestClient).waitFor((m) => m.type === 'update' && (m.payload?.version ?? 0) >= 60);
    const late = await TestClient.connect(server.url);
    expect((await late.watch(id)).snapshot.you).toEqual({ seat: null, host: false });
    await Promise.all(finals);
    const over = (c: TestClient) => c.waitFor((m) => (m.type === 'update' || m.type === 'snapshot') && !!m.held.game?.outcome);
    await Promise.all([over(early), over(late)]);

    const truth = await truthOf(server.url, id);
    const last = truth.states[truth.states.length - 1] as GameState;
    expect(last.phase.kind).toBe('over');
    expect(last.round).toBe(players === 3 ? 15 : 12);
    let checked = 0;
    for (const c of [...clients, early, late]) checked += expectHidden(c, id, truth);
    expect(checked).toBeGreaterThan(30 * (people + 2));
    // Every die was rolled by the server during the game, and every roll was told to everyone after it happened.
    const dice = truth.moves.filter((m) => 'chance' in m && m.chance.kind === 'die').length;
    expect(truth.events.filter((e) => e.type === 'rolled')).toHaveLength(dice);
    // Every shuffle and die is the fair draws' (the record verifies), and their seed reached nobody before the end.
    expect(verifyRecord(razziaDorra, truth.record)).toMatchObject({ ok: true, contributed: names.map((_, seat) => seat) });
    const secrets = await fairSecrets(server.dataDir, id);
    for (const c of [...clients, early, late]) expect(expectFairKept(c, secrets)).toBeGreaterThan(0);
    for (const c of [...clients, early, late]) c.close();
    await server.close();
  });
});

// ── Driving people by hand ────────────────────────────────────────────────────────────────────────────────────

/** Sends one decision for `seat` (one of the server's legal list, with the version its client holds). */
async function act(client: TestClient, id: TableId, intent: Intent): Promise<number> {
  const payload = payloadOf(client, id);
  if (!payload) throw new Error('no game');
  const reply = await client.must({ type: 'act', table: id, version: payload.version, intent });
  return reply.version;
}

/** Waits until every client holds at least this game version. */
const caughtUp = (clients: readonly TestClient[], id: TableId, version: number) =>
  Promise.all(clients.map((c) => c.waitFor((m) => (m.type === 'update' || m.type === 'snapshot') && (m.held.game?.version ?? -1) >= version)));

/** Picks that make a deal when they can: at a bar where two or more seats hold a gambler (the most such seats, or
 * just two if `pair`), two or more of them lay theirs and everybody else a card of another bar. Null if no bar
 * allows it. */
function dealMakingPicks(hands: readonly (readonly Card[])[], pair = false): { bar: number; picks: Card[] } | null {
  let best: { bar: number; picks: Card[]; parties: number } | null = null;
  for (let bar = 0; bar < 6; bar++) {
    let gamblers = hands.map((h) => h.find((c) => c.bar === bar && c.kind === 'gambler') ?? null);
    if (pair) {
      const two = gamblers.flatMap((g, seat) => (g ? [seat] : [])).slice(0, 2);
      gamblers = gamblers.map((g, seat) => (two.includes(seat) ? g : null));
    }
    const parties = gamblers.filter((g) => g !== null).length;
    if (parties < 2 || (best && best.parties >= parties)) continue;
    const picks = hands.map((h, seat) => gamblers[seat] ?? h.find((c) => c.bar !== bar) ?? null);
    if (picks.every((p) => p !== null)) best = { bar, picks: picks as Card[], parties };
  }
  return best;
}

/**
 * Plays a people-only table by hand until `until` holds for the game the first client holds: picks make deals
 * where the hands allow (of two parties if `pair`; the dealer puts the extra chit there), the proposer keeps every
 * chit, everybody else refuses (so duels are fought); one chit and one answer at a time. Returns the payload
 * `until` accepted.
 */
async function playUntil(clients: readonly TestClient[], id: TableId, until: (p: GamePayload) => boolean, pair = false): Promise<GamePayload> {
  for (;;) {
    const payload = payloadOf(clients[0] as TestClient, id) as GamePayload;
    if (until(payload)) return payload;
    if (payload.outcome) throw new Error('the game ended first');
    const seen = payload.view as unknown as GameView;
    let version = payload.version;
    const plan = dealMakingPicks(
      clients.map((c) => viewOf(c, id)?.hand ?? []),
      pair,
    );
    if (seen.phase.kind === 'pick') {
      for (const [seat, c] of clients.entries()) {
        const options = payloadOf(c, id)?.legal ?? [];
        if (options.length === 0) continue;
        const card = plan?.picks[seat];
        const intent = (card ? options.find((o) => JSON.stringify(o) === JSON.stringify({ type: 'pick', card })) : undefined) ?? (options[0] as Intent);
        version = await act(c, id, intent);
      }
    } else {
      for (const seat of payload.awaiting) {
        const c = clients[seat] as TestClient;
        const options = payloadOf(c, id)?.legal ?? [];
        const intent =
          options.find((o) => o.type === 'refuse' || (o.type === 'give' && o.to === seat) || (o.type === 'place' && o.bar === (plan?.bar ?? 0))) ??
          (options[0] as Intent);
        version = await act(c, id, intent);
        break; // one decision at a time: look again
      }
    }
    await caughtUp(clients, id, version);
  }
}

const phaseOf = (p: GamePayload) => (p.view as unknown as GameView).phase;

// ── Clocks at a simultaneous pick ─────────────────────────────────────────────────────────────────────────────

describe('simultaneous picks with clocks', () => {
  it('runs one clock per seat still to choose; those who chose leave the list; each seat times out on its own deadline', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock });
    const { id, clients } = await seatedTable(server, { game: GAME, players: 4, clock: 30, people: ['Dealer', 'Quick', 'Slow', 'Away'] });
    const [dealer, quick, slow] = clients as [TestClient, TestClient, TestClient, TestClient];
    const spectator = await TestClient.connect(server.url);
    await spectator.watch(id);
    await dealer.must({ type: 'start', table: id });
    await caughtUp([...clients, spectator], id, 2);
    // The dealer places the extra chit: one decision, one clock.
    const placing = payloadOf(spectator, id) as GamePayload;
    expect(phaseOf(placing).kind).toBe('place');
    expect(spectator.held.get(id)?.info.clocks).toEqual([{ seat: 0, remainingMs: 30_000 }]);
    let version = await act(dealer, id, { type: 'place', bar: 2 });
    await caughtUp([...clients, spectator], id, version);
    expect(spectator.held.get(id)?.info.clocks).toEqual([0, 1, 2, 3].map((seat) => ({ seat, remainingMs: 30_000 })));
    expect(payloadOf(spectator, id)?.awaiting).toEqual([0, 1, 2, 3]);

    // Quick chooses after 10 s: the others' clocks run on from where they were; Quick's is gone.
    clock.advance(10_000);
    const card = (viewOf(quick, id)?.hand as Card[])[0] as Card;
    version = await act(quick, id, { type: 'pick', card });
    await caughtUp([...clients, spectator], id, version);
    expect(spectator.held.get(id)?.info.clocks).toEqual([0, 2, 3].map((seat) => ({ seat, remainingMs: 20_000 })));
    // Who has chosen is public; what, only Quick sees.
    for (const c of [dealer, slow, spectator]) {
      const v = viewOf(c, id) as GameView;
      expect(v.phase).toMatchObject({ kind: 'pick', chosen: [false, true, false, false] });
      expect(v.table[1]).toBeNull();
      expect(c.held.get(id)?.log.at(-1)?.event).toEqual({ type: 'picked', seat: 1, card: null });
    }
    expect(viewOf(quick, id)?.table[1]).toEqual(card);

    // Away drops; the host lets a bot stand in, but Away is back before the bot's turn: a fresh clock for Away only.
    const away = clients[3] as TestClient;
    const awayToken = away.token as Token;
    const n0 = dealer.frames.length;
    away.close();
    await dealer.waitFor((m) => m.type === 'presence' && m.connected[3] === false, n0);
    await dealer.must({ type: 'stand-in', table: id, seat: 3 });
    const back = await TestClient.connect(server.url, awayToken);
    back.held.set(id, away.held.get(id)!);
    await back.watch(id, away.held.get(id)!.seq);
    await dealer.waitFor((m) => m.type === 'update' && m.entries.some((e) => e.event.type === 'stand-in-ended'), n0);
    await server.tables.settled();
    expect(dealer.held.get(id)?.info.clocks).toEqual([
      { seat: 0, remainingMs: 20_000 },
      { seat: 2, remainingMs: 20_000 },
      { seat: 3, remainingMs: 30_000 },
    ]);

    // At 30 s the dealer's and Slow's clocks run out: a bot chooses for each, one notice each; Away still chooses.
    const n = spectator.frames.length;
    clock.advance(19_999);
    await server.tables.settled();
    expect(payloadOf(spectator, id)?.awaiting).toEqual([0, 2, 3]);
    clock.advance(1);
    await server.tables.settled();
    const timedOut = await spectator.waitFor((m) => m.type === 'update' && m.entries.filter((e) => e.event.type === 'timed-out').length === 2, n);
    if (timedOut.type !== 'update') throw new Error('unreachable');
    expect(timedOut.entries.map((e) => e.event)).toEqual([
      { type: 'timed-out', seat: 0 },
      { type: 'picked', seat: 0, card: null },
      { type: 'timed-out', seat: 2 },
      { type: 'picked', seat: 2, card: null },
    ]);
    expect(timedOut.table.clocks).toEqual([{ seat: 3, remainingMs: 10_000 }]);
    expect(phaseOf(timedOut.payload as GamePayload)).toMatchObject({ kind: 'pick', chosen: [true, true, true, false] });

    // Away's own deadline: ten seconds later its card is chosen for it too, and all turn over together.
    const m = spectator.frames.length;
    clock.advance(10_000);
    await server.tables.settled();
    const revealed = await spectator.waitFor((f) => f.type === 'update' && f.entries.some((e) => e.event.type === 'revealed'), m);
    if (revealed.type !== 'update') throw new Error('unreachable');
    expect(revealed.entries.slice(0, 3).map((e) => e.event.type)).toEqual(['timed-out', 'picked', 'revealed']);
    const shown = revealed.entries.find((e) => e.event.type === 'revealed')?.event as unknown as Extract<GameEvent, { type: 'revealed' }>;
    expect(shown.cards[1]).toEqual(card);
    for (const c of [dealer, quick, slow, back, spectator]) c.close();
    await server.close();
  });
});

// ── Reconnects ────────────────────────────────────────────────────────────────────────────────────────────────

/** Closes a client's socket for real and brings the same person back on a new one, with its last log number (a
 * browser tab keeps its page): the snapshot holds what it missed. The new client takes the old one's place. */
async function reconnect(url: string, clients: TestClient[], seat: Seat, id: TableId, whileAway: () => Promise<void>) {
  const gone = clients[seat] as TestClient;
  const watcher = clients[seat === 0 ? 1 : 0] as TestClient;
  const token = gone.token as Token;
  const held = gone.held.get(id)!;
  const n = watcher.frames.length;
  gone.close();
  await watcher.waitFor((m) => m.type === 'presence' && m.connected[seat] === false, n);
  await whileAway();
  const back = await TestClient.connect(url, token);
  back.held.set(id, held);
  const snapshot = (await back.watch(id, held.seq)).snapshot;
  clients[seat] = back;
  return { back, snapshot, before: held };
}

describe('a reconnect mid-pick and mid-deal', () => {
  it('comes back with what it missed: its own face-down card and answer, nobody else’s; and plays on to the end', async () => {
    const server = await testServer();
    const { id, clients } = await seatedTable(server, { game: GAME, players: 4, people: ['Ann', 'Ben', 'Cas', 'Dee'] });
    const spectator = await TestClient.connect(server.url);
    await spectator.watch(id);
    const all = () => [...clients, spectator];
    const everyone = [...clients, spectator];
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    await caughtUp(all(), id, 2);
    let version = await act(clients[0] as TestClient, id, (payloadOf(clients[0] as TestClient, id)?.legal[0] as Intent) ?? { type: 'place', bar: 0 });
    await caughtUp(all(), id, version);

    // Mid-pick: Ben lays a card and drops; Cas chooses while Ben is away; Ben comes back with `since`.
    const benCard = (viewOf(clients[1] as TestClient, id)?.hand as Card[])[0] as Card;
    version = await act(clients[1] as TestClient, id, { type: 'pick', card: benCard });
    await caughtUp(all(), id, version);
    const pick = await reconnect(server.url, clients, 1, id, async () => {
      const cas = clients[2] as TestClient;
      const v = await act(cas, id, payloadOf(cas, id)?.legal[0] as Intent);
      await caughtUp([clients[0] as TestClient, cas, spectator], id, v);
    });
    everyone.push(pick.back);
    expect(pick.snapshot.from).toBe(pick.before.seq);
    expect(pick.snapshot.you).toEqual({ seat: 1, host: false });
    expect(pick.snapshot.log.map((e) => e.event)).toEqual([{ type: 'picked', seat: 2, card: null }]);
    const benView = pick.snapshot.payload?.view as unknown as GameView;
    expect(benView.phase).toMatchObject({ kind: 'pick', chosen: [false, true, true, false] });
    expect(benView.table).toEqual([null, benCard, null, null]);
    expect(pick.snapshot.payload?.legal).toEqual([]);
    // Dee drops before choosing, and chooses after coming back: her decision waited for her.
    const dee = await reconnect(server.url, clients, 3, id, async () => undefined);
    everyone.push(dee.back);
    expect(dee.snapshot.log).toEqual([]);
    expect(dee.snapshot.payload?.legal.length).toBeGreaterThan(0);

    // Play on (deals made where the hands allow) until a proposal is half given.
    const halfGiven = await playUntil(clients, id, (p) => {
      const phase = phaseOf(p);
      return phase.kind === 'propose' && phase.deal.to.length === 1 && phase.deal.chits.length >= 2;
    });
    const deal = (phaseOf(halfGiven) as Extract<GameView['phase'], { kind: 'propose' }>).deal;
    const proposer = deal.parties[0] as Seat;
    // Mid-deal: the proposer drops after giving a chit; a watcher sees the chit given; the proposer comes back to
    // the same half-made proposal and gives the rest.
    const mid = await reconnect(server.url, clients, proposer, id, async () => undefined);
    everyone.push(mid.back);
    expect((mid.snapshot.payload?.view as unknown as GameView).phase).toEqual({ kind: 'propose', deal });
    expect(mid.snapshot.payload?.legal).toEqual(deal.parties.map((to) => ({ type: 'give', to })));
    // A deal of three or more: one party has answered in secret, drops, and comes back to its own answer; the
    // others still see only that it has answered.
    const answering = await playUntil(clients, id, (p) => {
      const phase = phaseOf(p);
      return phase.kind === 'answer' && phase.answered.filter(Boolean).length === 1 && phase.deal.parties.length >= 3;
    });
    const phase = phaseOf(answering) as Extract<GameView['phase'], { kind: 'answer' }>;
    const answered = phase.deal.parties.find((s) => phase.answered[s]) as Seat;
    const again = await reconnect(server.url, clients, answered, id, async () => undefined);
    everyone.push(again.back);
    const theirs = (again.snapshot.payload?.view as unknown as GameView).phase as Extract<GameView['phase'], { kind: 'answer' }>;
    expect(theirs).toEqual({ ...phase, answer: 'refuse' });
    for (const c of clients.filter((_, s) => s !== answered)) expect(viewOf(c, id)?.phase).toEqual({ ...phase, answer: null });

    const ends = await Promise.all(clients.map((c, seat) => autoPlay(c, id, randomPick(`dorra-reconnect-${seat}`))));
    for (const end of ends) expect(end.phase.kind).toBe('over');
    const truth = await truthOf(server.url, id);
    for (const c of everyone) expectHidden(c, id, truth);
    for (const c of all()) c.close();
    await server.close();
  });
});

// ── kill -9 mid-duel ──────────────────────────────────────────────────────────────────────────────────────────

/** The same people, back on a restarted server, each with the log number it last held. */
async function comeBack(url: string, before: readonly TestClient[], id: TableId): Promise<TestClient[]> {
  return Promise.all(
    before.map(async (old) => {
      const held = old.held.get(id)!;
      const c = await TestClient.connect(url, old.token as Token);
      c.held.set(id, held);
      await c.watch(id, held.seq);
      return c;
    }),
  );
}

/** The duels a client was told of, in order: each one's two rolls and winner. */
function duelsSeen(client: TestClient, id: TableId): { first: Seat; second: Seat; rolls: number[]; winner: Seat | null }[] {
  const duels: { first: Seat; second: Seat; rolls: number[]; winner: Seat | null }[] = [];
  for (const e of client.held.get(id)?.log ?? []) {
    if (e.kind !== 'game') continue;
    const event = e.event as unknown as GameEvent;
    if (event.type === 'duel-started') duels.push({ first: event.first, second: event.second, rolls: [], winner: null });
    const duel = duels[duels.length - 1];
    if (event.type === 'rolled' && duel) duel.rolls.push(event.value);
    if (event.type === 'duel-won' && duel) duel.winner = event.winner;
  }
  return duels;
}

describe('kill -9 mid-duel', () => {
  const processes: NodeProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await p.stop();
  });

  it('never leaves half a duel, never rolls a die again, draws every die from the same fair seed, and the same clients finish the game', async () => {
    const dataDir = tempDir();
    let server = await serverProcess(dataDir);
    processes.push(server);
    const { id, clients } = await seatedTable(server, { game: GAME, players: 3, people: ['Ann', 'Ben', 'Cas'], contribute: true });
    const everyone = [...clients];
    await (clients[0] as TestClient).must({ type: 'start', table: id });
    await caughtUp(clients, id, 2);

    // A deal of two where the proposer keeps everything: the other's refusal is the last answer and starts a duel.
    const atAnswer = await playUntil(
      clients,
      id,
      (p) => {
        const phase = phaseOf(p);
        return phase.kind === 'answer' && phase.deal.parties.length === 2;
      },
      true,
    );
    const deal = (phaseOf(atAnswer) as Extract<GameView['phase'], { kind: 'answer' }>).deal;
    const refuser = deal.parties[1] as Seat;
    const duelsBefore = duelsSeen(clients[0] as TestClient, id).length;
    // The refusal goes out and the server dies at once: before or after storing it, never in between.
    void (clients[refuser] as TestClient).send({ type: 'act', table: id, version: atAnswer.version, intent: { type: 'refuse' } }).catch(() => undefined);
    await server.kill9();
    for (const c of clients) c.close();
    server = await serverProcess(dataDir);
    processes.push(server);
    let now = await comeBack(server.url, clients, id);
    everyone.push(...now);
    const p = payloadOf(now[0] as TestClient, id) as GamePayload;
    if (p.version === atAnswer.version) {
      // Not stored: nothing of it anywhere; the refuser is still asked, and refuses again.
      expect(p.awaiting).toEqual([refuser]);
      expect(duelsSeen(now[0] as TestClient, id)).toHaveLength(duelsBefore);
      const v = await act(now[refuser] as TestClient, id, { type: 'refuse' });
      await caughtUp(now, id, v);
    }
    // Stored (now or on the first try): the whole duel, both dice and its winner, and the money moved.
    const fought = duelsSeen(now[0] as TestClient, id);
    expect(fought.length).toBe(duelsBefore + 1);
    const duel = fought[fought.length - 1]!;
    expect([duel.first, duel.second].sort()).toEqual([...deal.parties].sort());
    expect(duel.rolls).toHaveLength(2);
    expect(deal.parties).toContain(duel.winner);
    const log = (now[0] as TestClient).held.get(id)!.log.map((e) => e.event as unknown as GameEvent);
    const started = log.findLastIndex((e) => e.type === 'duel-started');
    expect(log.slice(started).find((e) => e.type === 'took')).toMatchObject({ seat: duel.winner, bar: deal.bar, reason: 'duel' });

    // Killed again right after everyone saw the dice: the restarted server rolls nothing again.
    const seen = now.map((c) => c.held.get(id)!.seq);
    await server.kill9();
    for (const c of now) c.close();
    server = await serverProcess(dataDir);
    processes.push(server);
    const last = now;
    now = await comeBack(server.url, last, id);
    everyone.push(...now);
    now.forEach((c, seat) => {
      expect(c.held.get(id)!.seq).toBe(seen[seat]);
      expect(canonical(c.payload(id))).toBe(canonical(last[seat]?.payload(id)));
    });
    expect(duelsSeen(now[1] as TestClient, id)).toEqual(fought);

    const ends = await Promise.all(now.map((c, seat) => autoPlay(c, id, randomPick(`dorra-kill-${seat}`))));
    for (const end of ends) expect(end.phase.kind).toBe('over');
    const truth = await truthOf(server.url, id);
    // The record holds the dice the clients were told, in order.
    const rolls = truth.moves.flatMap((m) => ('chance' in m && m.chance.kind === 'die' ? [m.chance.value] : []));
    expect(duelsSeen(now[2] as TestClient, id).flatMap((d) => d.rolls)).toEqual(rolls);
    for (const c of everyone) expectHidden(c, id, truth);
    // Three processes drew this game's chance, each from the seed stored with the table: the record verifies, and
    // no client of any of them saw the seed (or anything drawn from it) before the end.
    expect(verifyRecord(razziaDorra, truth.record)).toMatchObject({ ok: true, contributed: [0, 1, 2] });
    const secrets = await fairSecrets(dataDir, id);
    for (const c of everyone) expectFairKept(c, secrets);
    expect(now.map((c) => expectFairKept(c, secrets) > 0)).toEqual([true, true, true]);
    for (const c of now) c.close();
  });
});
