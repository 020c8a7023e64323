// Replays a Dorra's Razzia record move by move (decisions and chance: every shuffle and die roll), keeping the view
// a spectator has after each, so the replay viewer can step both ways and jump to a round. The parser and the
// rules load only here, when a record is opened (replay-engine.ts).

import type { ReplayLoaded } from '../types.ts';

export async function replayRecord(json: unknown): Promise<ReplayLoaded> {
  const { replayNow } = await import('./replay-engine.ts');
  return replayNow(json);
}

/** The index of the first state of each round, for "jump to round". */
export function roundStarts(states: readonly { readonly round: number }[]): number[] {
  const starts: number[] = [];
  states.forEach((s, i) => {
    if (s.round > 0 && starts.length < s.round) starts.push(i);
  });
  return starts;
}
