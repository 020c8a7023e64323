// Replays a Dorra's Razzia record move by move (decisions and chance: every shuffle and die roll), keeping the view
// a spectator has after each, so the replay viewer can step both ways and jump to a round. The record parser (zod)
// loads only here, when a record is opened.

import type { GameEvent, GameState } from '@razzia/game-razzia-dorra/types';
import type { LogEntry } from '@razzia/protocol/table';
import type { ReplayLoaded } from '../types.ts';

export async function replayRecord(json: unknown): Promise<ReplayLoaded> {
  const [{ readRecord }, { startGame }, { apply, resolve }, { view, eventFor }, { pending }, { step }] = await Promise.all([
    import('@razzia/game-razzia-dorra/record'),
    import('@razzia/game-razzia-dorra/setup'),
    import('@razzia/game-razzia-dorra/apply'),
    import('@razzia/game-razzia-dorra/view'),
    import('@razzia/game-razzia-dorra/legal'),
    import('@razzia/contract/step'),
  ]);
  // The contract's step, as the server and the command line step: chance only when chance is pending, an outcome
  // that fits it, and a decision only when one is awaited.
  const game = { pending, resolve, apply } as unknown as Parameters<typeof step>[0];
  const read = readRecord(json);
  if (!read.ok) return { ok: false, reason: read.message };
  const started = startGame(read.setup);
  if (!started.ok) return { ok: false, reason: started.error };
  const states: GameState[] = [started.state];
  const log: LogEntry[] = [];
  const ends = [0];
  let illegal: { index: number; rule: string; code: string; message: string } | null = null;
  let state = started.state;
  for (const [index, move] of read.moves.entries()) {
    const result = step<GameState, unknown, GameEvent>(game, state, move);
    if (!result.ok) {
      illegal = { index, ...result.error };
      break;
    }
    state = result.state;
    // What a spectator was told: nobody's secret pick or answer before it was shown.
    for (const event of result.events)
      log.push({ seq: log.length + 1, at: 0, kind: 'game', event: eventFor(event, null) as unknown as LogEntry['event'] });
    states.push(state);
    ends.push(log.length);
  }
  return { ok: true, replay: { views: states.map((s) => view(s, null)), log, ends, rounds: roundStarts(states), names: read.setup.names, illegal } };
}

/** The index of the first state of each round, for "jump to round". */
export function roundStarts(states: readonly { readonly round: number }[]): number[] {
  const starts: number[] = [];
  states.forEach((s, i) => {
    if (s.round > 0 && starts.length < s.round) starts.push(i);
  });
  return starts;
}
