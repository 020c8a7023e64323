// Test helpers: stacked decks, playing scripted actions, and random legal games.

import {
  apply,
  fullDeck,
  legalActions,
  Rng,
  startGame,
  type Action,
  type CardKind,
  type GameEvent,
  type GameSetup,
  type GameState,
} from '../src/index.ts';

export const FOUR = ['Miriam', 'Felix', 'Elke', 'Dennis'];

/** A deal whose piles start with the given cards (top first); the rest of the 120 follow in a fixed order. */
export function stackedSetup(options: {
  names?: readonly string[];
  cheques: readonly (readonly number[])[];
  pile0?: readonly CardKind[];
  pile1?: readonly CardKind[];
}): GameSetup {
  const names = options.names ?? FOUR.slice(0, options.cheques.length);
  const rest = fullDeck();
  const take = (card: CardKind): CardKind => {
    const i = rest.indexOf(card);
    if (i < 0) throw new Error(`stackedSetup: no ${card} left to stack`);
    rest.splice(i, 1);
    return card;
  };
  const top0 = (options.pile0 ?? []).map(take);
  const top1 = (options.pile1 ?? []).map(take);
  // Fill with booty first and police last, so unscripted draws do not end rounds by surprise.
  rest.sort((a, b) => Number(a === 'police') - Number(b === 'police'));
  const fill0 = rest.splice(0, 60 - top0.length);
  return { names, cheques: options.cheques, centre: 1, piles: [[...top0, ...fill0], [...top1, ...rest]] };
}

/**
 * The game with its piles re-cut, deck order kept: pile 0 the first `size0` cards still to come, pile 1 the rest,
 * as uneven piles can stand late in a game (R4.4). A deal always starts with 60 and 60 (R2.3).
 */
export function withPiles(state: GameState, size0: number): GameState {
  const left = state.pileSizes[0] + state.pileSizes[1];
  const first = state.secret.pileTops[0];
  return { ...state, pileSizes: [size0, left - size0], secret: { ...state.secret, pileTops: [first, first + size0] } };
}

export function start(setup: GameSetup): GameState {
  const result = startGame(setup);
  if (!result.ok) throw new Error(result.error);
  return result.state;
}

/** Plays actions that must all be legal; returns the final state and every event, in order. */
export function play(state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const [i, action] of actions.entries()) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(`action ${i} ${JSON.stringify(action)} refused: ${result.error.code} ${result.error.message}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

export const draw = (seat: number, pile: 0 | 1 = 0): Action => ({ seat, type: 'draw', pile });
export const bid = (seat: number, cheque: number): Action => ({ seat, type: 'bid', cheque });
export const pass = (seat: number): Action => ({ seat, type: 'pass' });
export const call = (seat: number): Action => ({ seat, type: 'call' });
export const thief = (seat: number, ...take: number[]): Action => ({ seat, type: 'thief', take });

/** Plays one random legal game to its end (or `maxActions`), calling `visit` after every action. */
export function randomGame(
  state: GameState,
  seed: string,
  visit?: (before: GameState, action: Action, after: GameState, events: readonly GameEvent[]) => void,
  maxActions = Infinity,
): { state: GameState; actions: Action[] } {
  const rng = Rng.fromSeed(seed);
  const actions: Action[] = [];
  while (state.phase.kind !== 'over' && actions.length < maxActions) {
    const legal = legalActions(state);
    const action = legal[rng.int(legal.length)] as Action;
    const result = apply(state, action);
    if (!result.ok) throw new Error(`legal action refused: ${JSON.stringify(action)} ${result.error.message}`);
    visit?.(state, action, result.state, result.events);
    actions.push(action);
    state = result.state;
  }
  return { state, actions };
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
