// Test helpers: tables laid out by hand, moves that must be legal, and random legal games with chance.

import { resolveChance } from '@razzia/contract/chance';
import { Rng, step, type Move } from '@razzia/contract';
import {
  apply,
  legalActions,
  raidValues,
  robbery,
  sortCards,
  sortTiles,
  sortValues,
  type Action,
  type Card,
  type GameEvent,
  type GameState,
  type Raid,
  type RuleError,
  type Seat,
  type Tile,
  type TileValue,
} from '../src/index.ts';

export const NAMES = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli'];

export interface Seating {
  readonly hand?: readonly Card[];
  readonly loot?: readonly TileValue[];
  readonly banked?: readonly Tile[];
}

/**
 * A table laid out by hand: seats with hands (five cards unless given), this raid's loot and banked tiles; the
 * middle is the raid's tiles minus everyone's loot unless given. Not every such table can arise in play; rule
 * tests only need the part they look at.
 */
export function table(options: {
  seats: readonly Seating[];
  raid?: Raid;
  middle?: readonly TileValue[];
  dog?: Seat | null;
  deck?: readonly Card[];
  discard?: readonly Card[];
  turn?: Seat;
  box?: readonly Tile[];
  memoryAid?: boolean;
}): GameState {
  const raid = options.raid ?? 1;
  let middle = options.middle ?? raidValues(raid);
  if (options.middle === undefined)
    for (const s of options.seats)
      for (const v of s.loot ?? []) {
        const i = middle.indexOf(v);
        if (i >= 0) middle = [...middle.slice(0, i), ...middle.slice(i + 1)];
      }
  return {
    names: NAMES.slice(0, options.seats.length),
    memoryAid: options.memoryAid ?? false,
    raid,
    middle: sortValues(middle),
    dog: options.dog ?? null,
    players: options.seats.map((s) => ({ hand: sortCards(s.hand ?? [0, 1, 2, 3, 4]), loot: sortValues(s.loot ?? []), banked: sortTiles(s.banked ?? []) })),
    deck: options.deck ?? ['greedy', 'greedy', 'greedy', 'greedy', 'greedy'],
    discard: options.discard ?? [],
    box: options.box ?? [],
    phase: { kind: 'turn', seat: options.turn ?? 0 },
    reckoning: null,
    result: null,
    version: 0,
  };
}

/** Applies a decision that must be legal (and in the legal list); returns the next state and its events. */
export function act(state: GameState, seat: Seat, action: Action): { state: GameState; events: GameEvent[] } {
  const r = apply(state, seat, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} by seat ${seat} refused: ${r.error.code} ${r.error.message}`);
  return { state: r.state, events: [...r.events] };
}

/** Applies decisions one after the other, each by the seat awaited. */
export function acts(state: GameState, ...moves: [Seat, Action][]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const [seat, action] of moves) {
    const r = act(state, seat, action);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** The rule error a decision gets (it must be refused). */
export function refusal(state: GameState, seat: Seat, action: unknown): RuleError {
  const r = apply(state, seat, action);
  if (r.ok) throw new Error(`${JSON.stringify(action)} by seat ${seat} was accepted`);
  return r.error;
}

export const play = (card: Card, more: { from?: Seat; take?: TileValue } = {}): Action => ({ type: 'play', card, ...more });

export function newGame(players: number, seed: string, options: { memoryAid?: boolean } = {}): GameState {
  const started = robbery.start(robbery.deal({ names: NAMES.slice(0, players), options }, Rng.fromSeed(seed)));
  if (!started.ok) throw new Error(started.error);
  return started.state;
}

export interface Visit {
  readonly before: GameState;
  readonly move: Move<Action>;
  readonly after: GameState;
  readonly events: readonly GameEvent[];
}

/** One random legal game (chance from the same seed), calling `visit` after every move; stops at `maxMoves`. */
export function randomGame(state: GameState, seed: string, visit?: (v: Visit) => void, maxMoves = Infinity): { state: GameState; moves: Move<Action>[] } {
  const rng = Rng.fromSeed(seed);
  const moves: Move<Action>[] = [];
  while (moves.length < maxMoves) {
    const pending = robbery.pending(state);
    if (pending.kind === 'over') break;
    let move: Move<Action>;
    if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, rng) };
    else {
      const seat = pending.seats[0] as Seat;
      const legal = legalActions(state, seat);
      move = { seat, action: legal[rng.int(legal.length)] as Action };
    }
    const r = step<GameState, Action, GameEvent>(robbery, state, move);
    if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
    visit?.({ before: state, move, after: r.state, events: r.events });
    moves.push(move);
    state = r.state;
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
