// A random legal Robbery game with chance, for the web client's tests: every state along the way, the events that
// led to it, and the decision it awaits (whose, and its legal actions), the move then drawn from the same seed.

import { resolveChance } from '@razzia/contract/chance';
import { Rng, step, type Move } from '@razzia/contract';
import { legalActions, robbery, type Action, type GameEvent, type GameState, type Seat } from '@razzia/game-robbery';

export interface Walked {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
  /** The seat's decision this state awaits (null: chance, or the end). */
  readonly next: { readonly seat: Seat; readonly legal: readonly Action[] } | null;
}

export function* randomGame(names: readonly string[], seed: string): Generator<Walked> {
  const rng = Rng.fromSeed(seed);
  const started = robbery.start(robbery.deal({ names: [...names], options: {} }, rng));
  if (!started.ok) throw new Error(started.error);
  let state = started.state as GameState;
  let events: readonly GameEvent[] = [];
  for (;;) {
    const pending = robbery.pending(state);
    const seat = pending.kind === 'decide' ? (pending.seats[0] as Seat) : null;
    const legal = seat === null ? [] : legalActions(state, seat);
    yield { state, events, next: seat === null ? null : { seat, legal } };
    if (pending.kind === 'over') return;
    const move: Move<Action> = pending.kind === 'chance' ? { chance: resolveChance(pending.chance, rng) } : { seat: seat as Seat, action: legal[rng.int(legal.length)] as Action };
    const r = step<GameState, Action, GameEvent>(robbery, state, move);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    events = r.events;
  }
}
