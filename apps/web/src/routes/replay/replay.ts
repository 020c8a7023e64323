// Replays a record action by action, keeping every state, so the viewer can step both ways and jump.

import type { Action, GameEvent, GameState, RuleError } from '@razzia/game-razzia/types';
import type { LogEntry } from '@razzia/protocol/table';

export interface Replay {
  /** states[i]: the game after i actions (states[0] is the set-up). */
  readonly states: readonly GameState[];
  /** The log entries up to each state: log.slice(0, ends[i]). */
  readonly log: readonly LogEntry[];
  readonly ends: readonly number[];
  /** Set when the record stops at an illegal action: its index and the rule it breaks. */
  readonly illegal: { readonly index: number; readonly error: RuleError } | null;
}

export type Loaded = { ok: true; replay: Replay } | { ok: false; reason: string };

/** Reads a record (parsed JSON) and replays it; the engine's record module (with zod) loads only here. */
export async function load(json: unknown): Promise<Loaded> {
  const [{ RecordSchema }, { startGame }, { apply }] = await Promise.all([
    import('@razzia/game-razzia/record'),
    import('@razzia/game-razzia/setup'),
    import('@razzia/game-razzia/apply'),
  ]);
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid' };
  }
  const record = parsed.data;
  const started = startGame({ names: record.players, cheques: record.cheques, centre: record.centre, piles: record.piles });
  if (!started.ok) return { ok: false, reason: started.error };
  const states: GameState[] = [started.state];
  const log: LogEntry[] = [];
  const ends = [0];
  let illegal: Replay['illegal'] = null;
  let state = started.state;
  const push = (events: readonly GameEvent[]) => {
    for (const event of events) log.push({ seq: log.length + 1, at: 0, event });
  };
  for (const [index, action] of record.actions.entries()) {
    const result = apply(state, action as Action);
    if (!result.ok) {
      illegal = { index, error: result.error };
      break;
    }
    state = result.state;
    push(result.events);
    states.push(state);
    ends.push(log.length);
  }
  return { ok: true, replay: { states, log, ends, illegal } };
}

/** The index of the first state of each round, for "jump to round". */
export function roundStarts(states: readonly GameState[]): number[] {
  const starts: number[] = [];
  states.forEach((s, i) => {
    if (starts.length < s.round) starts.push(i);
  });
  return starts;
}
