// fast-check properties over thousands of random legal games, 2 to 5 players.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOTY_KINDS,
  DECK_SIZE,
  KIND_INFO,
  apply,
  canonicalAction,
  fromRecord,
  legalActions,
  newGame,
  toRecord,
  view,
  viewEvents,
  type Action,
  type CardKind,
  type GameEvent,
  type GameState,
} from '../src/index.ts';
import { randomGame } from './helpers.ts';

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'];

/** A random game: player count and seeds for the deal and the moves. */
const gameArb = fc.record({
  players: fc.integer({ min: 2, max: 5 }),
  deal: fc.string({ maxLength: 12 }),
  moves: fc.string({ maxLength: 12 }),
});

function newRandom({ players, deal }: { players: number; deal: string }): GameState {
  return newGame({ names: NAMES.slice(0, players), seed: deal });
}

/** Cards of each kind the players can see or know gone: row, police line, estates, out of play (R9). */
function countKnown(state: GameState): Map<CardKind, number> {
  const known = new Map<CardKind, number>();
  const add = (k: CardKind, n: number) => known.set(k, (known.get(k) ?? 0) + n);
  for (const card of state.row) add(card, 1);
  add('police', state.policeLine);
  for (const p of state.players) for (const k of BOOTY_KINDS) add(k, p.estate[k]);
  for (const [k, n] of Object.entries(state.outOfPlay)) add(k as CardKind, n);
  return known;
}

/** What the piles hold, by kind (from the secret deck: tests may look, clients never can). */
function countPiles(state: GameState): Map<CardKind, number> {
  const inPiles = new Map<CardKind, number>();
  for (const p of [0, 1] as const) {
    const top = state.secret.pileTops[p];
    for (let i = top; i < top + state.pileSizes[p]; i++) {
      const k = state.secret.deck[i] as CardKind;
      inPiles.set(k, (inPiles.get(k) ?? 0) + 1);
    }
  }
  return inPiles;
}

/**
 * `expect(actual, what).toBe(expected)`, at the cost of a comparison while they agree: the properties check every
 * state of every game (over a million checks a run), and vitest's `expect` costs far more than the comparison.
 */
function same(actual: unknown, expected: unknown, what?: string): void {
  if (!Object.is(actual, expected)) expect(actual, what).toBe(expected);
}

/** `expect(actual).toEqual(expected)`, at the cost of comparing their JSON while they agree. */
function equal(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/** A key no view or event may hold. */
const SECRET_KEY = /"(secret|deck|pileTops|rng|seed|setup|piles)"/;

describe('properties of random legal games', () => {
  it('every card is always accounted for: piles + row + police line + estates + out of play = the 120 of R1.1, kind by kind', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        randomGame(newRandom(g), g.moves, (_before, _action, after, events) => {
          const known = countKnown(after);
          const inPiles = countPiles(after);
          for (const kind of [...BOOTY_KINDS, 'police'] as CardKind[]) same((known.get(kind) ?? 0) + (inPiles.get(kind) ?? 0), KIND_INFO[kind].count, kind);
          // what a used thief or a discarded row sends away is counted out of play the moment it goes
          for (const e of events) if (e.type === 'thieves-used' && !(after.outOfPlay.thief > 0)) expect(after.outOfPlay.thief).toBeGreaterThan(0);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the piles hold exactly what nobody has seen: 120 minus the known cards, which is what a client can compute', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        randomGame(newRandom(g), g.moves, (_b, _a, after) => {
          const known = [...countKnown(after).values()].reduce((a, b) => a + b, 0);
          expect(after.pileSizes[0] + after.pileSizes[1]).toBe(DECK_SIZE - known);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('every cheque is always somewhere, once: in a hand (face up or down) or the centre; each player keeps as many as at the start', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const game = newRandom(g);
        const all = [game.centre, ...game.players.flatMap((p) => p.faceUp)].sort((a, b) => a - b);
        const counts = game.players.map((p) => p.faceUp.length);
        randomGame(game, g.moves, (_b, _a, after) => {
          const now = [after.centre, ...after.players.flatMap((p) => [...p.faceUp, ...p.faceDown])].sort((a, b) => a - b);
          equal(now, all);
          equal(after.players.map((p) => p.faceUp.length + p.faceDown.length), counts);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('the police line never exceeds the limit (R4.3), the row never holds more than 7 (R4.2), and the game always ends after three scored rounds', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const { state } = randomGame(newRandom(g), g.moves, (_b, _a, after) => {
          if (after.policeLine > after.policeLimit) expect(after.policeLine).toBeLessThanOrEqual(after.policeLimit);
          // R4.2: seven booty cards only ever lie in the row while their full auction runs
          if (after.row.length > 7) expect(after.row.length).toBeLessThanOrEqual(7);
          if (after.row.length === 7 && !(after.phase.kind === 'auction' && after.phase.auction.kind === 'full'))
            expect(after.phase).toMatchObject({ kind: 'auction', auction: { kind: 'full' } });
        });
        expect(state.phase.kind).toBe('over');
        expect(state.results).toHaveLength(3);
      }),
      { numRuns: 400 },
    );
  });

  it('no view or event, for any viewer, holds the piles or the deck order', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const game = newRandom(g);
        const secretJson = [JSON.stringify(game.secret.deck)];
        const viewers = [null, ...game.players.map((_, s) => s)];
        const check = (payload: unknown) => {
          const json = JSON.stringify(payload);
          for (const s of secretJson) same(json.includes(s.slice(1, -1)), false, 'the deck order in a view or event');
          if (SECRET_KEY.test(json)) expect(json).not.toMatch(SECRET_KEY);
        };
        randomGame(game, g.moves, (_b, _a, after, events) => {
          for (const viewer of viewers) {
            check(view(after, viewer));
            check(viewEvents(events, viewer));
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('fromRecord(toRecord(game)) replays to a deep-equal state, also after a JSON round trip and mid-game', () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 400 }), (g, stop) => {
        const { state, actions } = randomGame(newRandom(g), g.moves, undefined, stop);
        const record = JSON.parse(JSON.stringify(toRecord({ state, actions })));
        const replayed = fromRecord(record);
        if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
        expect(replayed.game.state).toEqual(state);
        expect(replayed.game.actions).toEqual(actions);
      }),
      { numRuns: 300 },
    );
  });

  it('legalActions and apply agree: every listed action applies; near-miss actions apply exactly when listed', () => {
    fc.assert(
      fc.property(gameArb, fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 8, maxLength: 8 }), (g, noise) => {
        let k = 0;
        const next = () => noise[k++ % noise.length] as number;
        randomGame(newRandom(g), g.moves, (before) => {
          const legal = legalActions(before);
          const keys = new Set(legal.map((a) => JSON.stringify(a)));
          for (const a of legal) same(apply(before, a).ok, true, JSON.stringify(a));
          // A thief's positions in any order are the same action (R5.1): the list holds them ascending.
          for (const probe of nearMisses(before, legal, next)) {
            same(apply(before, probe).ok, keys.has(JSON.stringify(canonicalAction(probe))), JSON.stringify(probe));
          }
        });
      }),
      // The game where a probe's thief took positions [3, 1], legal as [1, 3], found by a run of the suite.
      { numRuns: 150, examples: [[{ players: 2, deal: '', moves: 'XR(K1DBb/L' }, [0, 0, 0, 0, 0, 0, 250059, 0]]] },
    );
  });
});

/** Actions close to legal ones: other seats, other piles, other cheques, other positions, other types. */
function nearMisses(state: GameState, legal: readonly Action[], next: () => number): Action[] {
  const n = state.players.length;
  const seat = next() % n;
  const probes: Action[] = [
    { seat, type: 'draw', pile: (next() % 2) as 0 | 1 },
    { seat, type: 'call' },
    { seat, type: 'pass' },
    { seat, type: 'bid', cheque: 1 + (next() % 16) },
    { seat, type: 'thief', take: [next() % 8] },
    { seat, type: 'thief', take: [next() % 4, 1 + (next() % 6)] },
  ];
  for (const a of legal.slice(0, 4)) probes.push({ ...a, seat: (a.seat + 1 + (next() % (n - 1))) % n } as Action);
  return probes;
}

