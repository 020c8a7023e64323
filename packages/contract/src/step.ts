// One move through a game, with the checks every game shares: chance only when chance is pending (and only an
// outcome that fits it), no decision while chance is pending. The game's own `apply` judges every decision,
// with its own rule numbers (whose turn it is, whether the game is over). The server, record replay, the CLI
// and the property tests all step through here.

import { checkOutcome } from './chance.ts';
import type { AnyGame, Applied, Move, RuleError } from './game.ts';

const refuse = (code: string, message: string): { ok: false; error: RuleError } => ({ ok: false, error: { code, rule: 'platform', message } });

export function step<S, A, E>(game: AnyGame, state: S, move: Move<A>): Applied<S, E> {
  const pending = game.pending(state);
  if ('chance' in move) {
    if (pending.kind !== 'chance') return refuse('chance/not-pending', pending.kind === 'over' ? 'the game is over' : 'no chance event is pending: a seat is to decide');
    const problem = checkOutcome(pending.chance, move.chance);
    if (problem) return refuse('chance/bad-outcome', problem);
    return game.resolve(state, move.chance) as Applied<S, E>;
  }
  if (pending.kind === 'chance') return refuse('chance/pending', `the game waits for a ${pending.chance.kind} first`);
  return game.apply(state, move.seat, move.action) as Applied<S, E>;
}

/** Applies every move that must be legal (tests and tools); throws with the index of the first refused one. */
export function stepAll<S>(game: AnyGame, state: S, moves: readonly Move<unknown>[]): S {
  for (const [i, move] of moves.entries()) {
    const r = step<S, unknown, unknown>(game, state, move);
    if (!r.ok) throw new Error(`move ${i} ${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
    state = r.state;
  }
  return state;
}
