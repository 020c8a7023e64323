// Replaying a record of any game: its shape first (malformed: exit 2), then every move through the rules
// (illegal: exit 1, naming the move's index and the rule it breaks).

import type { AnyGame, Move, RuleError } from './game.ts';
import { step } from './step.ts';

export type ReplayResult<S, A, Setup> =
  | { readonly ok: true; readonly state: S; readonly setup: Setup; readonly moves: readonly Move<A>[] }
  | { readonly ok: false; readonly kind: 'malformed'; readonly message: string }
  | { readonly ok: false; readonly kind: 'illegal'; readonly index: number; readonly move: Move<A>; readonly error: RuleError };

export function replay<S = unknown, A = unknown, Setup = unknown>(game: AnyGame, json: unknown): ReplayResult<S, A, Setup> {
  const read = game.record.read(json);
  if (!read.ok) return { ok: false, kind: 'malformed', message: read.message };
  const started = game.start(read.setup);
  if (!started.ok) return { ok: false, kind: 'malformed', message: started.error };
  let state = started.state as S;
  const moves = read.moves as readonly Move<A>[];
  for (let index = 0; index < moves.length; index++) {
    const move = moves[index] as Move<A>;
    const r = step<S, A, unknown>(game, state, move);
    if (!r.ok) return { ok: false, kind: 'illegal', index, move, error: r.error };
    state = r.state;
  }
  return { ok: true, state, setup: read.setup as Setup, moves };
}

/** Replays a record from its JSON text. */
export function replayText<S = unknown, A = unknown, Setup = unknown>(game: AnyGame, text: string): ReplayResult<S, A, Setup> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, kind: 'malformed', message: `not valid JSON: ${(e as Error).message}` };
  }
  return replay(game, json);
}

/** The one line a refused record gets on standard error. */
export function describeReplayError(error: Exclude<ReplayResult<unknown, unknown, unknown>, { ok: true }>, flatten?: (move: Move<unknown>) => unknown): string {
  if (error.kind === 'malformed') return `malformed record: ${error.message}`;
  const shown = flatten ? flatten(error.move) : error.move;
  return `illegal action ${error.index} (${JSON.stringify(shown)}): ${error.error.rule} ${error.error.code}: ${error.error.message}`;
}
