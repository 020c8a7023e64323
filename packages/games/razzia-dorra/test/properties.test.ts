// fast-check properties over thousands of random legal games, 3 to 8 players: money and cards conserved, hands
// of five, nothing hidden reaching any viewer, records that replay exactly, and legal lists that are exact.

import { replay, Rng, step } from '@razzia/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  eventFor,
  fullDeck,
  fullSupply,
  razziaDorra,
  readRecord,
  summarize,
  view,
  writeRecord,
  type Action,
  type Card,
  type Chit,
  type GameEvent,
  type GameState,
  type GameView,
  type Viewer,
} from '../src/index.ts';
import { NAMES, randomGame } from './helpers.ts';

/**
 * `expect(actual, what).toBe(expected)`, at the cost of a comparison while they agree: the properties check every
 * state of every game (hundreds of thousands of checks a run), and vitest's `expect` costs far more than that.
 */
function same(actual: unknown, expected: unknown, what?: string): void {
  if (!Object.is(actual, expected)) expect(actual, what).toBe(expected);
}

/** `expect(actual).toEqual(expected)`, at the cost of comparing their JSON while they agree. */
function equal(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/** A key no view may hold. */
const HIDDEN_KEY = /"(deck|supply|hands)":/;

const gameArb = fc.record({ players: fc.integer({ min: 3, max: 8 }), seed: fc.string({ maxLength: 10 }) });

const cardKey = (c: Card) => `${c.bar}/${c.kind}/${c.dice}`;
const sorted = <T>(items: readonly T[], key: (t: T) => string | number) => items.map(key).sort();

/** Every chit of the game, wherever it is: supply, bars, won, or in the dealer's hand being placed. */
function allChits(state: GameState): Chit[] {
  return [...state.supply, ...state.barChits.flat(), ...state.money.flat(), ...(state.phase.kind === 'place' ? [state.phase.extra] : [])];
}

function allCards(state: GameState): Card[] {
  return [...state.deck, ...state.hands.flat(), ...state.table.filter((c): c is Card => c !== null), ...state.discard];
}

describe('properties of random legal games, 3 to 8 players', () => {
  it('money is conserved: every chit is always in the supply, at a bar, being placed or won, exactly once (D1.3, D2)', () => {
    fc.assert(
      fc.property(gameArb, ({ players, seed }) => {
        const all = sorted(fullSupply(players), (c) => c);
        const total = fullSupply(players).reduce((a, b) => a + b, 0);
        const { state } = randomGame(players, seed, (_b, _m, after) => {
          same(allChits(after).reduce((a, b) => a + b, 0), total, 'the money');
          if (after.version % 8 === 0) equal(sorted(allChits(after), (c) => c), all);
        });
        expect(state.phase.kind).toBe('over');
        expect(sorted(allChits(state), (c) => c)).toEqual(all);
      }),
      { numRuns: 900 },
    );
  });

  it('every hand is five after each deal (one card out while it lies on the table), and every card is always somewhere, once (D2.1, D3.4)', () => {
    fc.assert(
      fc.property(gameArb, ({ players, seed }) => {
        const deck = sorted(fullDeck(players), cardKey);
        randomGame(players, seed, (_b, _m, after) => {
          const kind = after.phase.kind;
          if (after.round > 0) {
            // From the deal until the cards go to the discard pile a seat holds five, counting its laid card; while
            // the discard pile is reshuffled, the seats still to be dealt to hold four.
            const waiting = after.phase.kind === 'reshuffle' ? after.phase.toDeal : [];
            after.hands.forEach((hand, s) => same(hand.length + (after.table[s] ? 1 : 0), waiting.includes(s) ? 4 : 5, `seat ${s}'s cards`));
          }
          if (kind === 'place') same(after.hands.every((h) => h.length === 5), true, 'every hand five at a placing');
          if (after.version % 3 === 0) equal(sorted(allCards(after), cardKey), deck);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('no viewer ever sees another seat’s hand, face-down card or secret answer, nor the deck or supply order, in a view or a told event', () => {
    fc.assert(
      fc.property(gameArb, ({ players, seed }) => {
        const viewers: Viewer[] = [null, ...Array.from({ length: players }, (_, s) => s)];
        const rng = Rng.fromSeed(`perturb/${seed}`);
        let previous: GameView[] | null = null;
        randomGame(players, seed, (before, _m, after, events) => {
          const earlier = previous ?? viewers.map((viewer) => view(before, viewer));
          const now = viewers.map((viewer) => view(after, viewer));
          viewers.forEach((viewer, i) => {
            // A view depends on nothing hidden from its viewer: re-deal all of that, and it is the same view.
            const seen = JSON.stringify(now[i]);
            same(JSON.stringify(view(perturb(after, viewer, rng), viewer)), seen, `the view of ${viewer} with what it cannot see re-dealt`);
            if (HIDDEN_KEY.test(seen)) expect(seen).not.toMatch(HIDDEN_KEY);
            // Every card an event shows this viewer is one they may see, before or after the move.
            const visible = visibleCards(earlier[i] as GameView, now[i] as GameView);
            for (const event of events) {
              const told = eventFor(event, viewer);
              for (const card of cardsIn(told)) {
                const key = cardKey(card);
                if (!((visible.get(key) ?? 0) > 0)) expect(visible.get(key) ?? 0, `${JSON.stringify(told)} shows ${key} to ${viewer}`).toBeGreaterThan(0);
              }
            }
          });
          previous = now;
        });
      }),
      { numRuns: 120 },
    );
  });

  it('records round-trip: write, JSON, read and replay give the same state and summary, also mid-game', () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 600 }), ({ players, seed }, stop) => {
        const { state, moves } = randomGame(players, seed, undefined, stop);
        const json = JSON.parse(JSON.stringify(writeRecord({ names: NAMES.slice(0, players) }, moves)));
        const read = readRecord(json);
        expect(read.ok && read.moves).toEqual(moves);
        const replayed = replay<GameState>(razziaDorra, json);
        if (!replayed.ok) throw new Error(JSON.stringify(replayed));
        expect(replayed.state).toEqual(state);
        expect(summarize(replayed.state)).toEqual(summarize(state));
      }),
      { numRuns: 500 },
    );
  });

  it('legal lists are exact: every listed decision applies, and near-miss decisions apply exactly when listed', () => {
    fc.assert(
      fc.property(gameArb, fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 8, maxLength: 8 }), ({ players, seed }, noise) => {
        let k = 0;
        const next = () => noise[k++ % noise.length] as number;
        randomGame(players, seed, (before) => {
          for (let seat = 0; seat < players; seat++) {
            const legal = razziaDorra.legal(before, seat);
            const keys = new Set(legal.map((a) => JSON.stringify(a)));
            for (const a of legal) same(razziaDorra.apply(before, seat, a).ok, true, JSON.stringify(a));
            for (const probe of nearMisses(before, seat, next)) same(step(razziaDorra, before, { seat, action: probe }).ok, keys.has(JSON.stringify(probe)), JSON.stringify(probe));
          }
        });
      }),
      { numRuns: 40 },
    );
  });
});

/** The same game with everything hidden from `viewer` dealt afresh: the other hands, the others' face-down
 * cards, the deck order, the supply order and the others' secret answers. */
function perturb(state: GameState, viewer: Viewer, rng: Rng): GameState {
  const others = (s: number) => s !== viewer;
  const faceDown = state.phase.kind === 'pick';
  const pool = [...state.deck, ...state.hands.filter((_, s) => others(s)).flat(), ...(faceDown ? state.table.filter((c, s) => c && others(s)) : [])] as Card[];
  rng.shuffle(pool);
  const hands = state.hands.map((h, s) => (others(s) ? pool.splice(0, h.length) : h));
  const table = state.table.map((c, s) => (faceDown && c && others(s) ? (pool.splice(0, 1)[0] as Card) : c));
  const phase =
    state.phase.kind === 'answer'
      ? { ...state.phase, answers: state.phase.answers.map((a, s) => (a && others(s) ? (rng.int(2) ? 'accept' : 'refuse') : a)) as ('accept' | 'refuse' | null)[] }
      : state.phase;
  return { ...state, hands, table, deck: pool, supply: rng.shuffle([...state.supply]), phase };
}

/** The cards a viewer may see at a state, from its views before and after a move: their hand, the face-up and
 * their own face-down table cards, the discard pile. */
function visibleCards(...views: GameView[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of views) {
    const here = new Map<string, number>();
    for (const c of [...(v.hand ?? []), ...v.table.filter((x): x is Card => x !== null), ...v.discard]) here.set(cardKey(c), (here.get(cardKey(c)) ?? 0) + 1);
    for (const [k, n] of here) counts.set(k, Math.max(counts.get(k) ?? 0, n));
  }
  return counts;
}

function cardsIn(event: GameEvent): Card[] {
  const found: Card[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      if ('kind' in x && 'dice' in x && 'bar' in x) found.push(x as Card);
      else Object.values(x).forEach(walk);
    }
  };
  walk(event);
  return found;
}

/** Decisions close to legal ones: other bars, cards, parties and types. */
function nearMisses(state: GameState, seat: number, next: () => number): Action[] {
  const hand = state.hands[seat] ?? [];
  const own = hand[next() % Math.max(1, hand.length)];
  const someone = state.hands[next() % state.hands.length]?.[0];
  const probes: Action[] = [
    { type: 'place', bar: next() % 8 },
    { type: 'give', to: next() % 9 },
    { type: 'accept' },
    { type: 'refuse' },
    { type: 'pick', card: { bar: next() % 6, kind: next() % 2 ? 'raid' : 'gambler', dice: 1 + (next() % 6) } },
  ];
  if (own) probes.push({ type: 'pick', card: own });
  if (someone) probes.push({ type: 'pick', card: someone });
  return probes;
}
