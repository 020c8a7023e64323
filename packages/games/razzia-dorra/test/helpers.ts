// Test helpers: arranged deals (the shuffles chosen so hands and chits are as a test needs), scripted moves, and
// random legal games through the contract's step.

import { resolveChance, Rng, step, type ChanceOutcome, type Move } from '@razzia/contract';
import {
  fullDeck,
  fullSupply,
  pending,
  razziaDorra,
  sameCard,
  startGame,
  dealingOrder,
  type Action,
  type Bar,
  type Card,
  type Chit,
  type GameEvent,
  type GameState,
  type Seat,
} from '../src/index.ts';

export const NAMES = ['Udo', 'Claudia', 'Stefan', 'Karin', 'Miriam', 'Felix', 'Elke', 'Dennis'];

export const g = (bar: Bar, dice: number): Card => ({ bar, kind: 'gambler', dice });
export const r = (bar: Bar, dice: number): Card => ({ bar, kind: 'raid', dice });

export const COLIBRI = 0;
export const HAVANA = 1;
export const COTTON_CLUB = 2;
export const JUNGLE = 3;
export const LINCOLN = 4;
export const JAZZ_HOUSE = 5;

export type AnyMove = Move<Action>;
export const move = (seat: Seat, action: Action): AnyMove => ({ seat, action });
export const place = (seat: Seat, bar: Bar): AnyMove => move(seat, { type: 'place', bar });
export const pick = (seat: Seat, card: Card): AnyMove => move(seat, { type: 'pick', card });
export const give = (seat: Seat, to: Seat): AnyMove => move(seat, { type: 'give', to });
export const accept = (seat: Seat): AnyMove => move(seat, { type: 'accept' });
export const refuse = (seat: Seat): AnyMove => move(seat, { type: 'refuse' });
export const die = (value: number): AnyMove => ({ chance: { kind: 'die', value } });
export const shuffle = (order: readonly number[]): AnyMove => ({ chance: { kind: 'shuffle', order: [...order] } });

/** The shuffle order that puts `wanted` on top of `items` (in that order) and leaves the rest in their order. */
export function orderFor<T>(items: readonly T[], wanted: readonly T[], same: (a: T, b: T) => boolean): number[] {
  const used = new Set<number>();
  const order: number[] = [];
  for (const w of wanted) {
    const i = items.findIndex((item, k) => !used.has(k) && same(item, w));
    if (i < 0) throw new Error(`orderFor: no ${JSON.stringify(w)} left`);
    used.add(i);
    order.push(i);
  }
  items.forEach((_, k) => {
    if (!used.has(k)) order.push(k);
  });
  return order;
}

export interface Arrangement {
  /** Players (3 to 8); names from NAMES unless given. */
  readonly players?: number;
  readonly names?: readonly string[];
  /** hands[s]: seat s's first cards, up to five (the rest of each hand comes from the end of the deck). */
  readonly hands?: readonly (readonly Card[] | undefined)[];
  /** The cards after the dealt hands, top first (the rest of the deck follows in its canonical order). */
  readonly deck?: readonly Card[];
  /** The supply, top first (the rest follows, smallest first). */
  readonly supply?: readonly Chit[];
}

/** The two opening shuffles (D2.1) that deal an arrangement. */
export function openingMoves(a: Arrangement): AnyMove[] {
  const n = a.names?.length ?? a.players ?? 4;
  const canonical = fullDeck(n);
  // Hands are dealt five at a time from the top, seat 1 first and the dealer (seat 0) last.
  const pool = canonical.slice();
  const takeFromPool = (card: Card): Card => {
    const i = pool.findIndex((c) => sameCard(c, card));
    if (i < 0) throw new Error(`arranged: no ${JSON.stringify(card)} left`);
    return pool.splice(i, 1)[0] as Card;
  };
  const listed = (a.hands ?? []).map((h) => (h ? h.map(takeFromPool) : undefined));
  const deckTop = (a.deck ?? []).map(takeFromPool);
  const wanted: Card[] = [];
  // A hand listed with fewer than five cards is filled up from the end of the canonical deck.
  for (const seat of dealingOrder(0, n)) {
    const hand = listed[seat] ?? [];
    wanted.push(...hand, ...pool.splice(pool.length - (5 - hand.length), 5 - hand.length));
  }
  wanted.push(...deckTop);
  return [shuffle(orderFor(fullSupply(n), a.supply ?? [], (x, y) => x === y)), shuffle(orderFor(canonical, wanted, sameCard))];
}

/** A started game after the opening shuffles of an arrangement: the first dealer is to place the extra chit. */
export function arranged(a: Arrangement): GameState {
  const n = a.names?.length ?? a.players ?? 4;
  const started = startGame({ names: a.names ?? NAMES.slice(0, n) });
  if (!started.ok) throw new Error(started.error);
  return play(started.state, ...openingMoves(a)).state;
}

/** Plays moves that must all be legal; returns the final state and every event, in order. */
export function play(state: GameState, ...moves: AnyMove[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const [i, m] of moves.entries()) {
    const result = step<GameState, Action, GameEvent>(razziaDorra, state, m);
    if (!result.ok) throw new Error(`move ${i} ${JSON.stringify(m)} refused: ${result.error.rule} ${result.error.code} ${result.error.message}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** The refusal of a move (the test fails if it is accepted). */
export function refused(state: GameState, m: AnyMove) {
  const result = step<GameState, Action, GameEvent>(razziaDorra, state, m);
  if (result.ok) throw new Error(`expected ${JSON.stringify(m)} to be refused`);
  return result.error;
}

/** Every seat lays the given card (seat order). */
export function pickAll(cards: readonly Card[]): AnyMove[] {
  return cards.map((card, seat) => pick(seat, card));
}

export type Visit = (before: GameState, m: AnyMove, after: GameState, events: readonly GameEvent[]) => void;

/** One random legal game from the start (or `maxMoves`): chance from the seed, decisions uniformly at random by
 * a random awaited seat. */
export function randomGame(players: number, seed: string, visit?: Visit, maxMoves = Infinity): { state: GameState; moves: AnyMove[] } {
  const started = startGame({ names: NAMES.slice(0, players) });
  if (!started.ok) throw new Error(started.error);
  let state = started.state;
  const rng = Rng.fromSeed(seed);
  const moves: AnyMove[] = [];
  while (moves.length < maxMoves) {
    const p = pending(state);
    if (p.kind === 'over') break;
    let m: AnyMove;
    if (p.kind === 'chance') m = { chance: resolveChance(p.chance, rng) as ChanceOutcome };
    else {
      const seat = p.seats[rng.int(p.seats.length)] as Seat;
      const legal = razziaDorra.legal(state, seat);
      m = { seat, action: legal[rng.int(legal.length)] as Action };
    }
    const result = step<GameState, Action, GameEvent>(razziaDorra, state, m);
    if (!result.ok) throw new Error(`random move refused: ${JSON.stringify(m)} ${result.error.code} ${result.error.message}`);
    visit?.(state, m, result.state, result.events);
    moves.push(m);
    state = result.state;
  }
  return { state, moves };
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
