// The decision step alone: a table, a command and the moment in, the next table, entries, moves and reply out.
// No sockets, no store, no timers — plain function calls, with a seeded source standing in for the server's
// randomness.

import { Rng, seenBy, type AnyGame } from '@razzia/contract';
import { commitTo, FAIR_SCHEME } from '@razzia/contract/fair';
import { verifyRecord } from '@razzia/contract/verify';
import { razzia } from '@razzia/game-razzia';
import type { TableId, TableSettings } from '@razzia/protocol';
import { describe, expect, it } from 'vitest';
import type { TokenHash } from '../src/ids.ts';
import { REQUEST_MEMORY_MS, answered, decide, dueThinkers, newTable, nextWake, remembering, type Command, type DecideContext, type Decided } from '../src/tables/decide.ts';
import type { StoredEntry, Table } from '../src/tables/table.ts';
import { guess, guessWithMoments } from './support/guess-game.ts';

const HOST = 'host-hash' as TokenHash;
const GUEST = 'guest-hash' as TokenHash;
const THIRD = 'third-hash' as TokenHash;
const T0 = 1_800_000_000_000;

function settings(game: string, players: number, clock: number | null = null): TableSettings {
  return { game, name: 'Test', players, visibility: 'private', clock, options: {}, hints: false };
}

function context(now = T0, connected: readonly TokenHash[] = [HOST, GUEST, THIRD]): DecideContext {
  return { now, random: Rng.fromSeed(`ctx/${now}`), connected: (o) => connected.includes(o), botDelayMs: 700 };
}

/** Runs commands that must all be accepted; returns the table and everything each one produced. */
function run(game: AnyGame, table: Table, ...commands: (Command | [Command, DecideContext])[]): { table: Table; all: Decided[] } {
  const all: Decided[] = [];
  for (const c of commands) {
    const [command, ctx] = Array.isArray(c) ? c : [c, context()];
    const r = decide(game, table, command, ctx);
    if (!r.ok) throw new Error(`${command.type} refused: ${r.error.code} ${r.error.message}`);
    table = r.value.table;
    all.push(r.value);
  }
  return { table, all };
}

function fresh(game: AnyGame, players: number, clock: number | null = null, hints = false): Table {
  return { record: newTable('T'.repeat(22) as TableId, { ...settings(game.id, players, clock), hints }, HOST, T0, 'bots'), setup: null, state: null };
}

function started(game: AnyGame, clock: number | null = null): Table {
  return run(
    game,
    fresh(game, 2, clock),
    { type: 'sit', owner: HOST, name: 'Host' },
    { type: 'sit', owner: GUEST, name: 'Guest' },
    { type: 'start', owner: HOST },
  ).table;
}

const owners = [HOST, GUEST];

describe('seats before the start', () => {
  it('numbers every entry on from the last, with no gaps, and says who must get a new snapshot', () => {
    const { table, all } = run(razzia, fresh(razzia, 3), { type: 'sit', owner: HOST, name: 'Host' }, { type: 'add-bot', owner: HOST, bot: 'greedy' }, { type: 'sit', owner: GUEST, name: 'Guest' });
    expect(all.flatMap((d) => d.entries.map((e) => e.seq))).toEqual([1, 2, 3]);
    expect(table.record.seq).toBe(3);
    expect(all.map((d) => d.seatChanged)).toEqual([[HOST], [], [GUEST]]);
    expect(table.record.seats.map((s) => s?.name)).toEqual(['Host', 'Greedy bot', 'Guest']);
    expect(all.every((d) => d.moves.length === 0 && d.infoChanged)).toBe(true);
  });

  it('refuses a name that looks like one at the table, whatever the case, accents or look-alike letters', () => {
    const { table } = run(razzia, fresh(razzia, 3), { type: 'sit', owner: HOST, name: 'Anna' });
    for (const name of ['anna', 'Ánna', 'Аnna' /* Cyrillic А */, 'An na', 'Αnna' /* Greek Α */])
      expect(decide(razzia, table, { type: 'sit', owner: GUEST, name }, context())).toMatchObject({ ok: false, error: { code: 'name-taken' } });
    expect(decide(razzia, table, { type: 'sit', owner: GUEST, name: 'Hanna' }, context()).ok).toBe(true);
  });

  it('refuses a bot the game does not have, and counts seats from 0 in every message', () => {
    const table = fresh(razzia, 2);
    expect(decide(razzia, table, { type: 'add-bot', owner: HOST, bot: 'chess-engine' }, context())).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    const r = decide(razzia, table, { type: 'remove', owner: HOST, seat: 1 }, context());
    expect(r).toMatchObject({ ok: false, error: { code: 'no-free-seat', message: 'seat 1 is empty' } });
    expect(decide(razzia, table, { type: 'remove', owner: HOST, seat: 7 }, context())).toMatchObject({ ok: false, error: { message: 'this table has seats 0 to 1' } });
  });
});

describe('the start', () => {
  it('deals from the randomness it is handed, stores the deal once, and opens the first decision', () => {
    const { table, all } = run(razzia, fresh(razzia, 2), { type: 'sit', owner: HOST, name: 'Host' }, { type: 'sit', owner: GUEST, name: 'Guest' }, { type: 'start', owner: HOST });
    const start = all[2] as Decided;
    expect(start.setup).toBeDefined();
    expect(table.record.status).toBe('playing');
    const pending = razzia.pending(table.state as never);
    expect(pending.kind).toBe('decide');
    const seat = pending.kind === 'decide' ? pending.seats[0] : -1;
    expect(table.record.decisions).toEqual([{ seat, since: 0, openedAt: T0, deadline: null }]);
    // The same randomness deals the same game.
    const again = run(razzia, fresh(razzia, 2), { type: 'sit', owner: HOST, name: 'Host' }, { type: 'sit', owner: GUEST, name: 'Guest' }, { type: 'start', owner: HOST });
    expect(again.all[2]?.setup).toEqual(start.setup);
  });
});

describe('decisions', () => {
  it('applies a decision made on the current version, stores it as one move, and refuses a stale or future one', () => {
    const table = started(razzia);
    const seat = table.record.decisions[0]?.seat as number;
    const owner = owners[seat] as TokenHash;
    const draw = { type: 'act', owner, version: 0, intent: { type: 'draw', pile: 0 } } as const;
    // A version the game has not reached is no stale one: it has its own code and says what is wrong.
    expect(decide(razzia, table, { ...draw, version: 1 }, context())).toMatchObject({
      ok: false,
      error: { code: 'future-version', message: 'that move names version 1, but the game is at version 0: send the version of the newest game payload' },
    });
    const r = decide(razzia, table, draw, context());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.moves).toEqual([{ seat, action: { type: 'draw', pile: 0 } }]);
    expect(r.value.reply).toEqual({ version: 1 });
    expect(r.value.table.record.version).toBe(1);
    // The same decision again, on the version it was made on: the seat's next decision opened at 1.
    expect(decide(razzia, r.value.table, draw, context())).toMatchObject({ ok: false });
  });

  it('refuses an intent naming another seat, a malformed one, and one the rules refuse, with the rule number', () => {
    const table = started(razzia);
    const seat = table.record.decisions[0]?.seat as number;
    const owner = owners[seat] as TokenHash;
    const other = owners[1 - seat] as TokenHash;
    const act = (o: TokenHash, intent: Record<string, unknown>) => decide(razzia, table, { type: 'act', owner: o, version: 0, intent }, context());
    expect(act(other, { type: 'draw', pile: 0, seat })).toMatchObject({ ok: false, error: { code: 'not-yours' } });
    expect(act(owner, { type: 'draw', pile: 'zero' })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(act(owner, { type: 'draw', pile: 2 })).toMatchObject({ ok: false, error: { code: 'rule', rule: { code: 'draw/no-such-pile', rule: 'R4.1' } } });
    expect(act(other, { type: 'draw', pile: 0 })).toMatchObject({ ok: false, error: { code: 'rule', rule: { code: 'turn/not-your-turn', rule: 'R3.1' } } });
    expect(decide(razzia, table, { type: 'act', owner: 'nobody' as TokenHash, version: 0, intent: { type: 'call' } }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
  });

  it('accepts two seats deciding at once on the same version: each decision is judged against when it opened', () => {
    const table = started(guess);
    expect(table.record.decisions.map((d) => [d.seat, d.since])).toEqual([[0, 0], [1, 0]]);
    const first = run(guess, table, { type: 'act', owner: HOST, version: 0, intent: { type: 'pick', n: 2 } });
    // The guest still decides on version 0, though the game is at version 1 now.
    expect(first.table.record.decisions).toEqual([{ seat: 1, since: 0, openedAt: T0, deadline: null }]);
    const second = run(guess, first.table, { type: 'act', owner: GUEST, version: 0, intent: { type: 'pick', n: 3 } });
    const d = second.all[0] as Decided;
    // Both picked: the picks are shown and the server's die is rolled, recorded as a move of its own.
    expect(d.moves).toEqual([{ seat: 1, action: { type: 'pick', n: 3 } }, { chance: { kind: 'die', value: expect.any(Number) } }]);
    expect(second.table.record.version).toBe(3);
    // A new round: both decide again, from version 3.
    expect(second.table.record.decisions.map((x) => [x.seat, x.since])).toEqual([[0, 3], [1, 3]]);
    // The old version is stale now.
    expect(decide(guess, second.table, { type: 'act', owner: HOST, version: 0, intent: { type: 'pick', n: 1 } }, context())).toMatchObject({ ok: false, error: { code: 'stale-version' } });
  });

  it('addresses a secret pick to its seat alone: the others get the redacted form, the log has no gap for anyone', () => {
    const table = started(guess);
    const r = run(guess, table, { type: 'act', owner: HOST, version: 0, intent: { type: 'pick', n: 2 } });
    const entry = r.all[0]?.entries[0] as Extract<StoredEntry, { kind: 'game' }>;
    expect(seenBy(entry.told, 0)).toEqual({ type: 'picked', seat: 0, n: 2 });
    expect(seenBy(entry.told, 1)).toEqual({ type: 'picked', seat: 0 });
    expect(seenBy(entry.told, null)).toEqual({ type: 'picked', seat: 0 });
  });
});

describe('clocks and bots', () => {
  it('gives each awaited seat its own clock; one seat deciding leaves the other’s deadline as it was', () => {
    const table = started(guess, 30);
    expect(table.record.decisions.map((d) => d.deadline)).toEqual([T0 + 30_000, T0 + 30_000]);
    const later = run(guess, table, [{ type: 'act', owner: GUEST, version: 0, intent: { type: 'pick', n: 1 } }, context(T0 + 10_000)]).table;
    expect(later.record.decisions).toEqual([{ seat: 0, since: 0, openedAt: T0, deadline: T0 + 30_000 }]);
    expect(nextWake(later, 700)).toBe(T0 + 30_000);
    // Before the deadline a wake does nothing; at it, a bot decides for the seat, and the log says so first.
    expect(run(guess, later, [{ type: 'wake' }, context(T0 + 29_999)]).all[0]?.moves).toEqual([]);
    const woken = run(guess, later, [{ type: 'wake' }, context(T0 + 30_000)]).all[0] as Decided;
    expect(woken.moves[0]).toEqual({ seat: 0, action: { type: 'pick', n: 2 }, timedOut: true });
    expect(woken.entries[0]).toMatchObject({ kind: 'table', notice: { type: 'timed-out', seat: 0 } });
  });

  it('lets bots decide once their delay has passed, each open decision once per wake, and gives them no clock', () => {
    let table = run(
      razzia,
      fresh(razzia, 2, 30),
      { type: 'add-bot', owner: HOST, bot: 'greedy' },
      { type: 'add-bot', owner: HOST, bot: 'random' },
      { type: 'start', owner: HOST },
    ).table;
    expect(table.record.decisions[0]?.deadline).toBeNull();
    expect(nextWake(table, 700)).toBe(T0 + 700);
    expect(run(razzia, table, [{ type: 'wake' }, context(T0 + 699)]).all[0]?.moves).toHaveLength(0);
    let now = T0 + 700;
    for (let i = 0; i < 5; i++) {
      const r = run(razzia, table, [{ type: 'wake' }, context(now)]);
      expect(r.all[0]?.moves).toHaveLength(1);
      table = r.table;
      now += 700;
    }
    expect(table.record.version).toBe(5);
  });

  it('a stand-in bot takes the seat’s decisions without a clock until the person is back, who gets a fresh one', () => {
    const table = started(razzia, 30);
    const seat = table.record.decisions[0]?.seat as number;
    const owner = owners[seat] as TokenHash;
    const away = context(T0 + 5_000, owners.filter((o) => o !== owner));
    expect(decide(razzia, table, { type: 'stand-in', owner: HOST, seat }, context())).toMatchObject({ ok: false, error: { code: 'not-removable' } });
    const stood = run(razzia, table, [{ type: 'stand-in', owner: HOST, seat }, away]).table;
    expect(stood.record.seats[seat]?.standIn).toBe('greedy');
    expect(stood.record.decisions[0]).toMatchObject({ seat, deadline: null, openedAt: T0 + 5_000 });
    const back = run(razzia, stood, [{ type: 'back', owner }, context(T0 + 6_000)]);
    expect(back.table.record.decisions[0]).toMatchObject({ seat, deadline: T0 + 36_000 });
    expect(back.all[0]?.entries[0]).toMatchObject({ notice: { type: 'stand-in-ended', seat } });
  });
});

describe('moments of the game (a round scored): the table waits for its people', () => {
  /** Who sits where: a person (their token) or a bot. */
  type Sitter = TokenHash | 'greedy' | 'normal';
  const MAX = 20_000;
  const at = (now: number, connected: readonly TokenHash[], max = MAX): DecideContext => ({ ...context(now, connected), momentMaxMs: max });

  /** A Razzia! table with a 30 s clock played on (people by the greedy bot's choice, bots in wakes after their
   * delay) until the command that scored round 1. */
  function toRoundEnd(sitters: readonly Sitter[], connected: readonly TokenHash[], max = MAX): { table: Table; last: Decided; now: number } {
    let table = fresh(razzia, sitters.length, 30);
    for (const [seat, s] of sitters.entries())
      table = run(razzia, table, s === 'greedy' || s === 'normal' ? { type: 'add-bot', owner: HOST, bot: s, seat } : { type: 'sit', owner: s, name: `P${seat}`, seat }).table;
    table = run(razzia, table, [{ type: 'start', owner: HOST }, at(T0, connected)]).table;
    let now = T0;
    for (let i = 0; i < 2_000; i++) {
      now += 1_000;
      const open = table.record.decisions[0];
      if (!open) throw new Error('no decision open');
      const sitter = sitters[open.seat] as Sitter;
      let command: Command = { type: 'wake' };
      if (sitter !== 'greedy' && sitter !== 'normal') {
        const legal = (razzia as AnyGame).legal(table.state, open.seat);
        const rng = Rng.fromSeed(`p/${i}`);
        const intent = (razzia as AnyGame).bots.greedy!.choose({ view: (razzia as AnyGame).view(table.state, open.seat), seat: open.seat, legal }, () => rng.next());
        command = { type: 'act', owner: sitter, version: table.record.version, intent: intent as Record<string, unknown> };
      } else if (sitter === 'normal') command = { type: 'bot-move', seat: open.seat, version: table.record.version, action: (razzia as AnyGame).bots.greedy!.choose({ view: (razzia as AnyGame).view(table.state, open.seat), seat: open.seat, legal: (razzia as AnyGame).legal(table.state, open.seat) }, () => 0.5) };
      const r = decide(razzia, table, command, at(now, connected, max));
      if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
      table = r.value.table;
      if (r.value.entries.some((e) => e.kind === 'game' && (e.told.event as { type: string }).type === 'round-scored')) return { table, last: r.value, now };
    }
    throw new Error('round 1 never ended');
  }
  const notices = (d: Decided) => d.entries.flatMap((e) => (e.kind === 'table' ? [e.notice] : []));

  it('begins only when a seated person is connected: not for bots, nor for people who are away', () => {
    expect(toRoundEnd([HOST, 'greedy'], []).table.record.pause ?? null).toBeNull();
    const { table, last, now } = toRoundEnd([HOST, 'greedy', GUEST], [HOST]);
    expect(table.record.pause).toEqual({ since: now, until: now + MAX, waiting: [0] });
    expect(table.record.status).toBe('playing');
    // Told after the scoring (in the same command), to everyone, numbered on without a gap; the table info changes.
    expect(notices(last)).toContainEqual({ type: 'paused', waiting: [0], until: now + MAX });
    expect(last.entries.map((e) => e.seq)).toEqual(last.entries.map((_, i) => table.record.seq - last.entries.length + i + 1));
    expect(last.infoChanged).toBe(true);
  });

  it('holds every bot and every clock until its longest time: nothing is due, a wake does nothing', () => {
    // A longer pause than the 30 s clock: a clock whose deadline passes during it does not run out.
    const { table, now } = toRoundEnd([HOST, 'greedy', 'normal'], [HOST], 60_000);
    const until = now + 60_000;
    expect(nextWake(table, 700)).toBe(until);
    expect(dueThinkers(razzia, table, until - 1, 700)).toEqual([]);
    for (const t of [now + 700, now + 30_001, until - 1]) {
      const r = decide(razzia, table, { type: 'wake' }, at(t, [HOST], 60_000));
      expect(r.ok && r.value.moves.length + r.value.entries.length).toBe(0);
    }
  });

  it('ends when each person sent ready; every open decision’s clock and delay move on by the time it waited', () => {
    const { table, now } = toRoundEnd([HOST, GUEST, 'greedy'], [HOST, GUEST]);
    expect(table.record.pause?.waiting).toEqual([0, 1]);
    const first = run(razzia, table, [{ type: 'ready', owner: GUEST }, at(now + 2_000, [HOST, GUEST])]);
    expect(first.table.record.pause?.waiting).toEqual([0]);
    expect(notices(first.all[0] as Decided)).toEqual([{ type: 'ready', seat: 1 }]);
    expect(first.table.record.decisions).toEqual(table.record.decisions);
    const both = run(razzia, first.table, [{ type: 'ready', owner: HOST }, at(now + 5_000, [HOST, GUEST])]);
    expect(both.table.record.pause).toBeNull();
    expect(notices(both.all[0] as Decided)).toEqual([{ type: 'ready', seat: 0 }, { type: 'resumed' }]);
    expect(both.all[0]?.infoChanged).toBe(true);
    expect(both.table.record.decisions).toEqual(
      table.record.decisions.map((d) => ({ ...d, openedAt: d.openedAt + 5_000, deadline: d.deadline === null ? null : d.deadline + 5_000 })),
    );
  });

  it('ends at its longest time (a wake), and the clock gives its full time from then', () => {
    const { table, now } = toRoundEnd([HOST, GUEST], [HOST, GUEST]);
    const woken = run(razzia, table, [{ type: 'wake' }, at(now + MAX, [HOST, GUEST])]);
    expect(woken.table.record.pause).toBeNull();
    expect(notices(woken.all[0] as Decided)).toEqual([{ type: 'resumed' }]);
    const open = woken.table.record.decisions[0];
    expect(open).toMatchObject({ openedAt: now + MAX, deadline: now + MAX + 30_000 });
    expect(nextWake(woken.table, 700)).toBe(now + MAX + 30_000);
  });

  it('a person who decides during the pause has moved on; one who leaves the table too', () => {
    const { table, now } = toRoundEnd([HOST, GUEST, THIRD], [HOST, GUEST, THIRD]);
    const open = table.record.decisions[0] as { seat: number };
    const owner = ([HOST, GUEST, THIRD] as TokenHash[])[open.seat] as TokenHash;
    const legal = (razzia as AnyGame).legal(table.state, open.seat);
    const acted = run(razzia, table, [{ type: 'act', owner, version: table.record.version, intent: legal[0] as Record<string, unknown> }, at(now + 1_000, [HOST, GUEST, THIRD])]);
    expect(acted.table.record.pause?.waiting).toEqual([0, 1, 2].filter((s) => s !== open.seat));
    expect(notices(acted.all[0] as Decided)[0]).toEqual({ type: 'ready', seat: open.seat });
    // Someone else's connection closed: the host sends `away`; still connected, `away` changes nothing.
    const other = [0, 1, 2].find((s) => s !== open.seat) as number;
    const otherOwner = ([HOST, GUEST, THIRD] as TokenHash[])[other] as TokenHash;
    const stay = decide(razzia, acted.table, { type: 'away', owner: otherOwner }, at(now + 2_000, [HOST, GUEST, THIRD]));
    expect(stay.ok && stay.value.entries).toEqual([]);
    const gone = run(razzia, acted.table, [{ type: 'away', owner: otherOwner }, at(now + 2_000, [owner])]);
    expect(gone.table.record.pause?.waiting).toEqual([0, 1, 2].filter((s) => s !== open.seat && s !== other));
  });

  it('refuses ready from someone without a seat (nothing changes); one not waited for is harmless', () => {
    const { table, now } = toRoundEnd([HOST, 'greedy'], [HOST]);
    expect(decide(razzia, table, { type: 'ready', owner: THIRD }, at(now, [HOST]))).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(decide(razzia, table, { type: 'ready', owner: null }, at(now, [HOST]))).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    const done = run(razzia, table, [{ type: 'ready', owner: HOST }, at(now, [HOST])]).table;
    const again = decide(razzia, done, { type: 'ready', owner: HOST }, at(now + 1, [HOST]));
    expect(again.ok && again.value.entries).toEqual([]);
    expect(again.ok && again.value.table.record).toEqual(done.record);
  });
});

describe('thinking bots', () => {
  it('seats the searching levels of a game that can sample (named by level), and refuses them where it cannot', () => {
    const { table } = run(razzia, fresh(razzia, 5), ...(['hard', 'normal', 'easy', 'greedy', 'hard'] as const).map((bot) => ({ type: 'add-bot', owner: HOST, bot }) as const));
    expect(table.record.seats.map((s) => [s?.bot, s?.name])).toEqual([
      ['hard', 'Hard bot'],
      ['normal', 'Normal bot'],
      ['easy', 'Easy bot'],
      ['greedy', 'Greedy bot'],
      ['hard', 'Hard bot 2'],
    ]);
    // The test game cannot sample a seat's hidden part: only its own bots.
    expect(decide(guess, fresh(guess, 2), { type: 'add-bot', owner: HOST, bot: 'hard' }, context())).toMatchObject({
      ok: false,
      error: { code: 'bad-message', message: expect.stringContaining('not "hard"') },
    });
  });

  it('never decides for a searching bot in a wake: the host has it think, and its timer skips what is being thought about', () => {
    const table = run(razzia, fresh(razzia, 2), { type: 'add-bot', owner: HOST, bot: 'hard' }, { type: 'add-bot', owner: HOST, bot: 'easy' }, { type: 'start', owner: HOST }).table;
    const woken = run(razzia, table, [{ type: 'wake' }, context(T0 + 5_000)]).all[0] as Decided;
    expect(woken.moves).toEqual([]);
    expect(dueThinkers(razzia, table, T0 + 699, 700)).toEqual([]);
    expect(dueThinkers(razzia, table, T0 + 700, 700)).toEqual(table.record.decisions);
    expect(nextWake(table, 700)).toBe(T0 + 700);
    expect(nextWake(table, 700, () => true)).toBeNull();
  });

  it('judges a bot’s answer like a decision: still its open decision, legal; else a typed refusal and nothing changes', () => {
    const table = run(razzia, fresh(razzia, 3), { type: 'sit', owner: HOST, name: 'Host' }, { type: 'add-bot', owner: HOST, bot: 'hard' }, { type: 'add-bot', owner: HOST, bot: 'greedy' }, { type: 'start', owner: HOST }).table;
    const seat = table.record.decisions[0]?.seat as number;
    const legal = (razzia as AnyGame).legal(table.state as never, seat);
    const move = (c: Partial<Extract<Command, { type: 'bot-move' }>>) => decide(razzia, table, { type: 'bot-move', seat, version: 0, action: legal[0], ...c }, context());
    expect(table.record.seats[seat]?.bot).toBe('hard'); // this deal opens with the hard bot's turn
    {
      expect(move({ version: 1 })).toMatchObject({ ok: false, error: { code: 'stale-version' } });
      expect(move({ action: { type: 'draw', pile: 7 } })).toMatchObject({ ok: false, error: { code: 'rule' } });
      expect(move({ action: { type: 'fly' } })).toMatchObject({ ok: false, error: { code: 'bad-message' } });
      const r = move({});
      expect(r).toMatchObject({ ok: true, value: { reply: { version: 1 }, moves: [{ seat, action: legal[0] }] } });
      // The same answer again (a second thinker's, late): its decision has closed.
      if (!r.ok) throw new Error(r.error.message);
      expect(decide(razzia, r.value.table, { type: 'bot-move', seat, version: 0, action: legal[0] }, context())).toMatchObject({ ok: false, error: { code: 'stale-version' } });
    }
    // Not a thinking bot's seat: the person's, the greedy bot's; and a thinking bot with no open decision.
    const bySeat = (bot: string | null) => table.record.seats.findIndex((s) => (s?.bot ?? null) === bot);
    for (const other of [bySeat(null), bySeat('greedy')])
      expect(decide(razzia, table, { type: 'bot-move', seat: other, version: 0, action: legal[0] }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
  });
});

describe('a thinking bot’s answer and a pause', () => {
  it('refuses an answer that comes while the table waits at a moment (its decision still open), and takes it after', () => {
    // Each pick of this test game is a moment: the person's pauses the table while the bot's pick stays open — the
    // one way an answer thought before a pause can still fit its decision. (Dorra's Razzia and Robbery tell their
    // moments only in moves that close every open decision: see the games' tests.)
    const table = run(guessWithMoments, fresh(guessWithMoments, 2), { type: 'sit', owner: HOST, name: 'Host' }, { type: 'add-bot', owner: HOST, bot: 'normal' }, { type: 'start', owner: HOST }).table;
    const paused = run(guessWithMoments, table, { type: 'act', owner: HOST, version: 0, intent: { type: 'pick', n: 1 } }).table;
    expect(paused.record.pause?.waiting).toEqual([0]);
    expect(paused.record.decisions).toMatchObject([{ seat: 1, since: 0 }]);
    const answer = { type: 'bot-move', seat: 1, version: 0, action: { type: 'pick', n: 2 } } as const;
    expect(decide(guessWithMoments, paused, answer, context(T0 + 100))).toMatchObject({ ok: false, error: { code: 'paused' } });
    const resumed = run(guessWithMoments, paused, [{ type: 'ready', owner: HOST }, context(T0 + 200)]).table;
    const played = decide(guessWithMoments, resumed, answer, context(T0 + 300));
    expect(played).toMatchObject({ ok: true, value: { moves: [{ seat: 1, action: { type: 'pick', n: 2 } }, { chance: { kind: 'die' } }] } });
  });
});

describe('hints', () => {
  it('refuses a hint where they are off, to a spectator, to a seat not awaited; logs who asked where allowed', () => {
    const off = started(razzia);
    const seat = off.record.decisions[0]?.seat as number;
    const asker = owners[seat] as TokenHash;
    expect(decide(razzia, off, { type: 'hint', owner: asker }, context())).toMatchObject({ ok: false, error: { code: 'hints-off' } });
    const on = run(razzia, fresh(razzia, 2, null, true), { type: 'sit', owner: HOST, name: 'Host' }, { type: 'sit', owner: GUEST, name: 'Guest' }, { type: 'start', owner: HOST }).table;
    const turn = on.record.decisions[0]?.seat as number;
    expect(decide(razzia, on, { type: 'hint', owner: null }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(decide(razzia, on, { type: 'hint', owner: THIRD }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(decide(razzia, on, { type: 'hint', owner: owners[1 - turn] as TokenHash }, context())).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    const asked = run(razzia, on, { type: 'hint', owner: owners[turn] as TokenHash }).all[0] as Decided;
    expect(asked.entries).toEqual([{ seq: on.record.seq + 1, at: T0, kind: 'table', notice: { type: 'hint-asked', seat: turn } }]);
    expect(asked.moves).toEqual([]);
    expect(asked.reply).toEqual({ seat: turn, version: 0 });
    const waiting = run(razzia, fresh(razzia, 2, null, true), { type: 'sit', owner: HOST, name: 'Host' }).table;
    expect(decide(razzia, waiting, { type: 'hint', owner: HOST }, context())).toMatchObject({ ok: false, error: { code: 'not-playing' } });
    // A second hint while the first is thought about (the host says `busy`): refused only once the rest passes.
    expect(decide(razzia, on, { type: 'hint', owner: owners[turn] as TokenHash, busy: true }, context())).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    expect(decide(razzia, on, { type: 'hint', owner: owners[1 - turn] as TokenHash, busy: true }, context())).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
  });
});

describe('when several checks fail, one order answers (docs/protocol.md): who you are, the moment, the seat or name, the decision, the rate', () => {
  const no = (code: string) => ({ ok: false, error: { code } });
  it('act: not-seated before not-playing, before not-yours, before a malformed intent, before future-version and stale-version, before the rules', () => {
    const waiting = run(razzia, fresh(razzia, 2), { type: 'sit', owner: HOST, name: 'Host' }).table;
    const act = (owner: TokenHash | null, version: number, intent: Record<string, unknown>) => ({ type: 'act', owner, version, intent }) as const;
    expect(decide(razzia, waiting, act(THIRD, 99, { type: 'fly', seat: 4 }), context())).toMatchObject(no('not-seated'));
    expect(decide(razzia, waiting, act(HOST, 99, { type: 'fly', seat: 4 }), context())).toMatchObject(no('not-playing'));
    const table = started(razzia);
    const seat = table.record.decisions[0]?.seat as number;
    const owner = owners[seat] as TokenHash;
    const other = owners[1 - seat] as TokenHash;
    expect(decide(razzia, table, act(owner, 99, { type: 'fly', seat: 1 - seat }), context())).toMatchObject(no('not-yours'));
    expect(decide(razzia, table, act(owner, 99, { type: 'fly' }), context())).toMatchObject(no('bad-message'));
    expect(decide(razzia, table, act(owner, 99, { type: 'bid', cheque: 99 }), context())).toMatchObject(no('future-version'));
    // After the draw the other seat decides (its turn, or first to speak in a police auction), opened at version 1.
    const moved = run(razzia, table, act(owner, 0, { type: 'draw', pile: 0 })).table;
    expect(moved.record.decisions).toMatchObject([{ seat: 1 - seat, since: 1 }]);
    expect(decide(razzia, moved, act(other, 0, { type: 'bid', cheque: 99 }), context())).toMatchObject(no('stale-version'));
    expect(decide(razzia, moved, act(other, 1, { type: 'bid', cheque: 99 }), context())).toMatchObject(no('rule'));
  });

  it('seat changes: already-seated or not-seated before not-waiting; not-host before everything else', () => {
    const table = started(razzia);
    expect(decide(razzia, table, { type: 'sit', owner: HOST, name: 'Anyone' }, context())).toMatchObject(no('already-seated'));
    expect(decide(razzia, table, { type: 'sit', owner: THIRD, name: 'Anyone' }, context())).toMatchObject(no('not-waiting'));
    expect(decide(razzia, table, { type: 'leave', owner: THIRD }, context())).toMatchObject(no('not-seated'));
    expect(decide(razzia, table, { type: 'leave', owner: HOST }, context())).toMatchObject(no('not-waiting'));
    expect(decide(razzia, table, { type: 'add-bot', owner: GUEST, bot: 'chess', seat: 7 }, context())).toMatchObject(no('not-host'));
    expect(decide(razzia, table, { type: 'add-bot', owner: HOST, bot: 'chess', seat: 7 }, context())).toMatchObject(no('not-waiting'));
    expect(decide(razzia, table, { type: 'remove', owner: GUEST, seat: 9 }, context())).toMatchObject(no('not-host'));
    expect(decide(razzia, table, { type: 'start', owner: GUEST }, context())).toMatchObject(no('not-host'));
  });

  it('chat: muted before a line with nothing visible, before the rate', () => {
    const table = run(razzia, fresh(razzia, 2), { type: 'sit', owner: GUEST, name: 'Guest' }, { type: 'mute', owner: HOST, target: 0, muted: true }).table;
    expect(decide(razzia, table, { type: 'say', owner: GUEST, text: '\u200b', limited: true }, context())).toMatchObject(no('muted'));
    expect(decide(razzia, table, { type: 'say', owner: null, text: '\u200b', limited: true }, context())).toMatchObject(no('bad-message'));
    expect(decide(razzia, table, { type: 'say', owner: null, text: 'hello', limited: true }, context())).toMatchObject(no('rate-limited'));
    expect(decide(razzia, table, { type: 'say', owner: null, text: 'hello' }, context())).toMatchObject({ ok: true });
  });
});

describe('fair draws', () => {
  const SEED = '5eed'.repeat(16);
  const ID = 'F'.repeat(22) as TableId;
  const fairTable = (game: AnyGame, players: number): Table => ({
    record: newTable(ID, settings(game.id, players), HOST, T0, 'bots', SEED),
    setup: null,
    state: null,
    fairSeed: SEED,
  });
  const A = 'a1'.repeat(32);
  const B = 'b2'.repeat(32);

  it('a new table publishes the commitment only; each seated person contributes once before the start, and a freed seat loses its own', () => {
    const table = fairTable(guess, 3);
    expect(table.record.fair).toEqual({ commitment: commitTo(SEED, ID), contributions: [null, null, null], seed: null });
    expect(JSON.stringify(table.record)).not.toContain(SEED);
    expect(decide(guess, table, { type: 'contribute', owner: HOST, value: A }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    const { table: seated, all } = run(
      guess,
      table,
      { type: 'sit', owner: HOST, name: 'Host' },
      { type: 'add-bot', owner: HOST, bot: 'greedy' },
      { type: 'sit', owner: GUEST, name: 'Guest' },
      { type: 'contribute', owner: GUEST, value: B },
      // A second contribution (another tab, a reconnect) changes nothing.
      { type: 'contribute', owner: GUEST, value: A },
    );
    expect(all[3]?.entries.map((e) => (e.kind === 'table' ? e.notice : null))).toEqual([{ type: 'contributed', seat: 2 }]);
    expect(all[3]?.infoChanged).toBe(true);
    expect(all[4]?.entries).toEqual([]);
    expect(seated.record.fair?.contributions).toEqual([null, null, B]);
    // A bot has nobody to contribute for it; the guest who leaves takes their contribution along.
    expect(decide(guess, seated, { type: 'contribute', owner: null, value: A }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    const left = run(guess, seated, { type: 'leave', owner: GUEST }).table;
    expect(left.record.fair?.contributions).toEqual([null, null, null]);
    // A table opened before fair draws takes none.
    const old = run(guess, fresh(guess, 2), { type: 'sit', owner: HOST, name: 'Host' }).table;
    expect(decide(guess, old, { type: 'contribute', owner: HOST, value: A }, context())).toMatchObject({ ok: false, error: { code: 'bad-message' } });
  });

  it('every die is drawn from the seed and the contributions, so the finished game verifies; the seed is revealed at the end only', () => {
    let table = run(
      guess,
      fairTable(guess, 2),
      { type: 'sit', owner: HOST, name: 'Host' },
      { type: 'sit', owner: GUEST, name: 'Guest' },
      { type: 'contribute', owner: HOST, value: A },
      { type: 'start', owner: HOST },
    ).table;
    expect(decide(guess, table, { type: 'contribute', owner: GUEST, value: B }, context())).toMatchObject({ ok: false, error: { code: 'not-waiting' } });
    const moves: unknown[] = [];
    while (table.record.status === 'playing') {
      expect(table.record.fair?.seed).toBeNull();
      for (const [seat, owner] of owners.entries()) {
        if (!table.record.decisions.some((d) => d.seat === seat)) continue;
        const r = run(guess, table, { type: 'act', owner, version: table.record.version, intent: { type: 'pick', n: 1 + seat } });
        table = r.table;
        moves.push(...(r.all[0]?.moves ?? []));
      }
    }
    expect(table.record.fair?.seed).toBe(SEED);
    const record = { ...guess.record.write({ setup: table.setup as never, moves: moves as never }), fair: { scheme: FAIR_SCHEME, table: ID, ...table.record.fair } };
    expect(verifyRecord(guess, record)).toEqual({ ok: true, draws: 4, contributed: [0] });
    // Another contribution would have drawn other dice: the same game's record does not verify with it.
    const other = { ...record, fair: { ...record.fair, contributions: [B, null] } };
    expect(verifyRecord(guess, other)).toMatchObject({ ok: false, kind: 'unfair' });
  });
});

describe('the chat’s slow mode', () => {
  it('holds a spectator’s line until the period since its previous one has passed; never a seat’s; only the host sets it', () => {
    const table = started(razzia);
    expect(decide(razzia, table, { type: 'slow-mode', owner: GUEST, seconds: 30 }, context())).toMatchObject({ ok: false, error: { code: 'not-host' } });
    const slow = run(razzia, table, { type: 'slow-mode', owner: HOST, seconds: 30 });
    expect(slow.table.record.slowMode).toBe(30);
    expect(slow.all[0]?.entries.map((e) => (e.kind === 'table' ? e.notice : null))).toEqual([{ type: 'slow-mode', seconds: 30 }]);
    expect(slow.all[0]?.infoChanged).toBe(true);
    const say = (owner: TokenHash | null, quietMs?: number): Command => ({ type: 'say', owner, text: 'hi', name: 'Fan', ...(quietMs === undefined ? {} : { quietMs }) });
    // A spectator's first line, and one a whole period after the one before, pass; one a moment early does not.
    expect(decide(razzia, slow.table, say(null), context()).ok).toBe(true);
    expect(decide(razzia, slow.table, say(THIRD, 30_000), context()).ok).toBe(true);
    const early = decide(razzia, slow.table, say(null, 29_001), context());
    expect(early).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    expect(!early.ok && early.error.message).toMatch(/wait 1 s/);
    // A seat talks as often as it likes.
    expect(decide(razzia, slow.table, say(GUEST, 5), context()).ok).toBe(true);
    // Off again: the same early line passes; setting what is already set changes nothing.
    const off = run(razzia, slow.table, { type: 'slow-mode', owner: HOST, seconds: 0 }).table;
    expect(decide(razzia, off, say(null, 5), context()).ok).toBe(true);
    expect(run(razzia, off, { type: 'slow-mode', owner: HOST, seconds: 0 }).all[0]?.entries).toEqual([]);
  });
});

describe('rematch', () => {
  /** A two-seat game of guess played to its end. */
  function over(): Table {
    let table = started(guess);
    while (table.record.status === 'playing') {
      const seat = table.record.decisions[0]?.seat as number;
      const intent = guess.legal(table.state as never, seat)[0] as Record<string, unknown>;
      table = run(guess, table, { type: 'act', owner: owners[seat] as TokenHash, version: table.record.version, intent }).table;
    }
    return table;
  }

  it('is decided once by the finished table: the new table is created by the same step, with the same people in the same seats', () => {
    const table = over();
    const next = 'N'.repeat(22) as TableId;
    const asked = run(guess, table, { type: 'rematch', owner: GUEST, table: next, botSeed: 'seed', fairSeed: 'ab'.repeat(32) }).all[0] as Decided;
    expect(asked.reply).toEqual({ table: next });
    expect(asked.table.record.rematch).toBe(next);
    expect(asked.entries.map((e) => e.kind === 'table' && e.notice)).toEqual([{ type: 'rematch', table: next }]);
    const created = asked.creates;
    expect(created?.record).toMatchObject({ id: next, status: 'waiting', host: HOST, botSeed: 'seed', seq: 2, version: 0, rematch: null });
    // Fair draws from the seed drawn with the request: stored with the new table, only its commitment in the record.
    expect(created?.fairSeed).toBe('ab'.repeat(32));
    expect(created?.record.settings.name).toBe(`${table.record.settings.name} (2)`);
    expect(created?.record.fair).toMatchObject({ contributions: [null, null], seed: null });
    expect(created?.record.seats).toEqual([
      { name: 'Host', owner: HOST, bot: null },
      { name: 'Guest', owner: GUEST, bot: null },
    ]);
    expect(created?.entries.map((e) => [e.seq, e.kind === 'table' && e.notice.type])).toEqual([
      [1, 'seat-taken'],
      [2, 'seat-taken'],
    ]);
    // Asked again (by anyone seated, or a request retried): the same table, and nothing is stored or created.
    const again = run(guess, asked.table, { type: 'rematch', owner: HOST, table: 'X'.repeat(22) as TableId, botSeed: 'other', fairSeed: 'cd'.repeat(32) }).all[0] as Decided;
    expect(again.reply).toEqual({ table: next });
    expect(again.entries).toEqual([]);
    expect(again.creates).toBeUndefined();
  });

  it('is refused before the end and to anyone without a seat, and nothing is created', () => {
    const command = { type: 'rematch', table: 'N'.repeat(22) as TableId, botSeed: 'seed', fairSeed: 'ab'.repeat(32) } as const;
    expect(decide(guess, started(guess), { ...command, owner: HOST }, context())).toMatchObject({ ok: false, error: { code: 'not-over' } });
    expect(decide(guess, over(), { ...command, owner: THIRD }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
    expect(decide(guess, over(), { ...command, owner: null }, context())).toMatchObject({ ok: false, error: { code: 'not-seated' } });
  });
});

describe('requests forwarded within a cluster', () => {
  it('a table remembers the reply of each request that changed it, and forgets it after a while', () => {
    const table = started(razzia);
    const said = run(razzia, table, { type: 'say', owner: HOST, text: 'hello' }).all[0] as Decided;
    const kept = remembering(said, 'request-1', T0);
    expect(answered(kept.table.record, 'request-1')).toEqual({});
    expect(answered(kept.table.record, 'request-2')).toBeUndefined();
    const later = run(razzia, kept.table, [{ type: 'say', owner: HOST, text: 'again' }, context(T0 + REQUEST_MEMORY_MS)]).all[0] as Decided;
    const next = remembering(later, 'request-2', T0 + REQUEST_MEMORY_MS);
    expect(answered(next.table.record, 'request-1')).toBeUndefined();
    expect(answered(next.table.record, 'request-2')).toEqual({});
  });
});
