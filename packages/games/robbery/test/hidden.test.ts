// Hidden information: what each viewer may see (docs/rules/robbery.md, "Hidden information"), checked on
// hand-laid tables and, with fast-check, on every view and every told event of thousands of random games.

import { Rng, seenBy, seenLater, type Told } from '@razzia/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RAIDS, robbery, sortCards, sortTiles, tell, view, type Card, type GameEvent, type GameState, type Seat, type Tile, type TileValue } from '../src/index.ts';
import { NAMES, act, acts, newGame, play, randomGame, table } from './helpers.ts';

const COUNTS = [2, 3, 4, 5] as const;
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

function fail(message: string): never {
  throw new Error(message);
}

function dealt(players: number, seed: number): GameState {
  const started = robbery.start(robbery.deal({ names: NAMES.slice(0, players), options: {} }, Rng.fromSeed(`deal-${seed}`)));
  if (!started.ok) throw new Error(started.error);
  return started.state;
}

describe('what a viewer sees', () => {
  const raid2 = table({
    raid: 2,
    middle: [0, 1, 2],
    dog: 1,
    deck: [5, 'dog', 'boss'],
    discard: [3, 'greedy'],
    seats: [
      { hand: [0, 1, 2, 'boss', 'dog'], loot: [3], banked: [{ raid: 1, value: 0 }, { raid: 1, value: 5 }] },
      { hand: [4, 4, 4, 'greedy', 'greedy'], loot: [4, 'boss'], banked: [{ raid: 1, value: 3 }] },
      { loot: [5], banked: [] },
    ],
  });

  it('a seat sees its own hand, its own banked tiles and its own alibis; of the others only their public part', () => {
    const seen = view(raid2, 0);
    expect(seen.hand).toEqual([0, 1, 2, 'boss', 'dog']);
    expect(seen.banked).toEqual([{ raid: 1, value: 0 }, { raid: 1, value: 5 }]);
    expect(seen.alibis).toBe(2);
    expect(seen.players).toEqual([
      { handSize: 5, loot: [3], bankedCounts: [2, 0, 0, 0] },
      { handSize: 5, loot: [4, 'boss'], bankedCounts: [1, 0, 0, 0] },
      { handSize: 5, loot: [5], bankedCounts: [0, 0, 0, 0] },
    ]);
    expect(seen.deckSize).toBe(3);
    expect(JSON.stringify(seen)).not.toContain('greedy","greedy');
  });

  it('a spectator sees the public part: the middle, every player’s tiles of this raid, the Guard Dog, the piles’ sizes and the discard pile', () => {
    const seen = view(raid2, null);
    expect([seen.hand, seen.banked, seen.alibis]).toEqual([null, null, null]);
    expect([seen.middle, seen.dog, seen.discard, seen.deckSize]).toEqual([[0, 1, 2], 1, [3, 'greedy'], 3]);
    expect(seen.players.map((p) => p.loot)).toEqual([[3], [4, 'boss'], [5]]);
  });

  it('a drawn card is told to its drawer only; the others learn that a card was drawn', () => {
    const { events } = act(raid2, 0, play(0));
    const drew = events.find((e) => e.type === 'drew');
    if (!drew) throw new Error('no draw');
    const told = tell(drew);
    expect(told).toEqual({ to: [0], event: { type: 'drew', seat: 0, card: 5 }, others: { type: 'drew', seat: 0, card: null } });
    expect(seenBy(told, 1)).toEqual({ type: 'drew', seat: 0, card: null });
    expect(seenBy(told, null)).toEqual({ type: 'drew', seat: 0, card: null });
    for (const e of events) if (e.type !== 'drew') expect(tell(e)).toEqual({ to: 'all', event: e });
  });

  it('a reshuffle tells everyone how many cards, and nobody their order', () => {
    const waiting = act(table({ deck: [], discard: [0, 1, 2], seats: [{}, {}] }), 0, play(3)).state;
    const r = robbery.resolve(waiting, { kind: 'shuffle', order: [3, 2, 1, 0] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events[0]).toEqual({ type: 'reshuffled', cards: 4 });
    for (const viewer of [0, 1, null]) expect(JSON.stringify(view(r.state, viewer))).not.toContain('"deck"');
  });
});

/** A state that looks the same to `viewer`: the other hands and the draw pile re-dealt from their cards, and
 * (before the end) the others' banked tiles swapped among them, raid by raid, counts kept. */
function twin(state: GameState, viewer: Seat | null, rng: Rng): GameState {
  const others = state.players.flatMap((_, s) => (s === viewer ? [] : [s]));
  const pool = rng.shuffle([...state.deck, ...others.flatMap((s) => state.players[s]?.hand ?? [])]);
  const hands = new Map(others.map((s) => [s, pool.splice(0, state.players[s]?.hand.length ?? 0)]));
  const banked = new Map(others.map((s) => [s, [] as Tile[]]));
  const over = state.phase.kind === 'over';
  if (!over)
    for (const raid of RAIDS) {
      const ofRaid = (s: Seat) => state.players[s]?.banked.filter((t) => t.raid === raid) ?? [];
      const tiles = rng.shuffle(others.flatMap(ofRaid));
      for (const s of others) banked.get(s)?.push(...tiles.splice(0, ofRaid(s).length));
    }
  return {
    ...state,
    deck: pool,
    players: state.players.map((p, s) =>
      s === viewer ? p : { ...p, hand: sortCards(hands.get(s) ?? []), banked: over ? p.banked : (banked.get(s) ?? []) },
    ),
  };
}

describe('hidden information over whole games', () => {
  for (const players of COUNTS)
    it(`${players} players: no view and no told event shows a seat another's hand or banked tiles before the end, nor the draw pile's order (250 games, every viewer, every step)`, () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const viewers: (Seat | null)[] = [null, ...Array.from({ length: players }, (_, s) => s)];
          const rng = Rng.fromSeed(`twin-${seed}`);
          randomGame(dealt(players, seed), `moves-${seed}`, ({ after, events }) => {
            const over = after.phase.kind === 'over';
            for (const viewer of viewers) {
              const seen = view(after, viewer);
              const json = JSON.stringify(seen);
              if (json.includes('"deck"')) fail('a view names the draw pile');
              // The view is the same whatever the hidden part holds: the other hands, the pile's order and (before
              // the end) the others' banked tiles, re-dealt at random with their counts kept.
              if (JSON.stringify(view(twin(after, viewer, rng), viewer)) !== json) fail(`seat ${viewer}'s view depends on what it may not see`);
              for (const p of seen.players) if (Object.keys(p).join() !== 'handSize,loot,bankedCounts') fail('a view shows more of a player than its public part');
              for (const event of events) {
                const form = seenBy(tell(event), viewer);
                if (form.type === 'drew' && form.seat !== viewer && form.card !== null) fail('a drawn card is told to another seat');
                // Banked tiles are told only at the end (B9.5); a discard (B9.3) is public.
                if (form.type === 'loot-counted' && !over) fail('banked tiles are told before the end');
              }
            }
          });
        }),
        { numRuns: 250 },
      );
    });

});

// ── The memory aid (ours, B8.3): what the log keeps of a banked raid ─────────────────────────────────────────────

/** What a viewer who catches up (a late spectator, a reconnecting player) gets of a table's log: each entry in the
 * form the server's snapshot sends — faded if an entry told after it fades the earlier ones. */
function caughtUp(log: readonly Told<GameEvent>[], viewer: Seat | null): GameEvent[] {
  let fadedBefore = -1;
  log.forEach((told, i) => told.fadesEarlier && (fadedBefore = i));
  return log.map((told, i) => seenLater(told, viewer, i < fadedBefore));
}

/**
 * The perfect memory of issue 20: every seat's banked tiles rebuilt from the public log alone (`took`, the Boss
 * check, `banked`). A faded entry (no tile) leaves its tile unknown, so nothing of its raid is rebuilt.
 */
function rebuild(log: readonly GameEvent[], players: number): Tile[][] {
  let loot: TileValue[][] = Array.from({ length: players }, () => []);
  const banked: Tile[][] = Array.from({ length: players }, () => []);
  let unknown = false;
  for (const e of log) {
    if (e.type === 'took') {
      if (e.tile === null) unknown = true;
      else {
        (loot[e.seat] as TileValue[]).push(e.tile);
        if (e.from !== null) loot[e.from]?.splice(loot[e.from]?.indexOf(e.tile) ?? -1, 1);
      }
    } else if (e.type === 'boss-check' && e.seat !== null && e.kept === false) loot[e.seat]?.splice(loot[e.seat]?.indexOf('boss') ?? -1, 1);
    else if (e.type === 'banked') {
      if (!unknown) loot.forEach((values, s) => banked[s]?.push(...values.map((value): Tile => ({ raid: e.raid, value }))));
      loot = loot.map(() => []);
      unknown = false;
    }
  }
  return banked.map(sortTiles);
}

describe('the memory aid (ours): a banked raid’s moves fade for whoever was not there', () => {
  it('without it, banking fades the raid’s moves: who played and took, never which card, tile or who kept the Boss', () => {
    // Seat 0 steals seat 1's 4 (raid 1 had only the 0 left in the middle), then takes the 0: the raid ends.
    const start = table({ middle: [0], seats: [{ hand: [4, 0, 1, 1, 1], loot: ['boss'] }, { loot: [4, 5, 3] }] });
    const { state, events } = acts(start, [0, play(4, { from: 1 })], [1, play(1)], [0, play(0)]);
    const log = events.map((e) => tell(e, state));
    const banked = log.findIndex((t) => t.event.type === 'banked');
    expect(log[banked]?.fadesEarlier).toBe(true);
    const late = caughtUp(log, null);
    expect(late.slice(0, banked)).toEqual([
      { type: 'played', seat: 0, card: null },
      { type: 'took', seat: 0, raid: 1, tile: null, from: 1 },
      { type: 'drew', seat: 0, card: null },
      { type: 'played', seat: 1, card: null },
      { type: 'no-effect', seat: 1, card: null, reason: null },
      { type: 'drew', seat: 1, card: null },
      { type: 'played', seat: 0, card: null },
      { type: 'took', seat: 0, raid: 1, tile: null, from: null },
      { type: 'raid-ended', raid: 1, seat: 0 },
      { type: 'boss-check', raid: 1, seat: null, kept: null },
    ]);
    // Told at the moment, the same entries are whole for everyone at the table.
    expect(log.map((t) => seenBy(t, null))).toEqual(events.map((e) => (e.type === 'drew' ? { ...e, card: null } : e)));
    // With the memory aid nothing fades.
    const aided = events.map((e) => tell(e, { memoryAid: true }));
    expect(caughtUp(aided, null)).toEqual(aided.map((t) => seenBy(t, null)));
  });

  it('without it, the discard pile shows its top card and, under it, its cards sorted, not in the order played', () => {
    const discard: Card[] = [5, 0, 'dog', 3, 1];
    expect(view(table({ discard, seats: [{}, {}] }), null).discard).toEqual([0, 3, 5, 'dog', 1]);
    expect(view(table({ discard, seats: [{}, {}], memoryAid: true }), null).discard).toEqual(discard);
  });

  for (const memoryAid of [false, true])
    it(`${memoryAid ? 'with' : 'without'} it, over whole games at 2-5 players, a late joiner ${memoryAid ? 'rebuilds' : 'cannot rebuild'} anyone's banked tiles from the log (every viewer, after every raid)`, () => {
      fc.assert(
        fc.property(seeds, fc.constantFrom(...COUNTS), (seed, players) => {
          const log: Told<GameEvent>[] = [];
          let raids = 0;
          randomGame(newGame(players, `aid-${seed}`, { memoryAid }), `aid-moves-${seed}`, ({ after, events }) => {
            for (const e of events) log.push(tell(e, after));
            if (!events.some((e) => e.type === 'banked') || after.phase.kind === 'over') return;
            raids++;
            for (const viewer of [null, ...Array.from({ length: players }, (_, s) => s)]) {
              const late = caughtUp(log, viewer);
              const rebuilt = rebuild(late, players);
              for (const [s, p] of after.players.entries()) {
                if (s === viewer) continue;
                if (memoryAid && JSON.stringify(rebuilt[s]) !== JSON.stringify(sortTiles(p.banked))) fail(`with the memory aid, seat ${s}'s banked tiles are not in the log`);
                if (!memoryAid && (rebuilt[s] as Tile[]).length > 0) fail(`seat ${s}'s banked tiles are rebuilt from a faded log`);
              }
              if (memoryAid) continue;
              // Nothing a faded entry says names a banked raid's card, tile or Boss holder …
              for (const e of late.slice(0, log.findLastIndex((t) => t.fadesEarlier)))
                if (('card' in e && e.card !== null && e.type !== 'drew') || ('tile' in e && e.tile !== null) || (e.type === 'boss-check' && e.seat !== null))
                  fail(`a faded entry still says ${JSON.stringify(e)}`);
              // … and the discard pile cannot be matched to the turns: under its top card it is sorted.
              const pile = view(after, viewer).discard.slice(0, -1);
              if (JSON.stringify(pile) !== JSON.stringify(sortCards(pile))) fail('the discard pile shows the order cards were played in');
            }
          });
          // Two raids at least were banked before the end (the fourth ends the game).
          if (raids < 3) fail(`only ${raids} raids banked`);
        }),
        { numRuns: 40 },
      );
    });
});
